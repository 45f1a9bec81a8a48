package dev.upshift.examples.cli;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.present.HistoryJson;
import dev.upshift.spi.HistoryEntry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "history", sortOptions = false,
        header = "Shows the recorded state changes of upgrades, oldest first",
        description = {"Shows every record of the journal in a fleet's state folder (DIR/.upshift, or --state), or of"
                + " a fleet's history on PostgreSQL (--history), oldest first: the cluster, the upgrade, the hop and"
                + " attempt, the engine's step and the state it entered, why, when, and the idempotency key the publisher"
                + " saw.",
            "Reads without taking the engine's lock, so it works while an engine runs; a last line still being"
                + " written is left out, with a note on stderr. Exit 0, also when nothing has been recorded yet; 1 when"
                + " the journal or the database cannot be read."},
        subcommands = HistoryImportCommand.class)
final class HistoryCommand implements Callable<Integer> {
    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", paramLabel = "DIR", description = "a fleet folder; its journal is in DIR/.upshift")
    Path fleet;

    @Option(names = "--state", paramLabel = "DIR", description = "the state folder, in place of the fleet's DIR/.upshift")
    Path state;

    @Option(names = "--cluster", paramLabel = "NAME", description = "only this cluster's records")
    String cluster;

    @Option(names = "--acts", description = "only the people's acts (approve, pause, resume, cancel, retry, skip)")
    boolean acts;

    @Option(names = "--output", defaultValue = "text", paramLabel = "text|json",
            description = "text (default) or json (stable, documented in docs/cli.md)")
    Output output;

    @Mixin
    HistoryDatabase database;

    @Override
    public Integer call() {
        if (database.given() || database.passwordFile != null) {
            if (state != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--state names a journal and --history a"
                        + " database: give one of them (upshift history import moves a journal into the database)");
            }
            try (PostgresHistoryStore store = database.openToRead(spec.commandLine())) {
                return print(store);
            }
        }
        Path folder = StateFolders.of(spec.commandLine(), fleet, state);
        JournalSnapshot journal = JsonLinesJournal.read(folder);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        journal.notices().forEach(n -> err.println("upshift: note: " + n));
        err.flush();
        List<HistoryEntry> records = acts(cluster == null ? journal.entries() : journal.history(cluster));
        if (output == Output.json) {
            out.print(HistoryJson.render(records, journal.exists() ? Optional.of(journal.file().toString())
                    : Optional.empty(), Optional.ofNullable(cluster)));
        } else if (!journal.exists()) {
            out.println("No journal in " + folder + " yet: nothing has been recorded there (an engine starts the"
                    + " journal when it first runs).");
        } else if (records.isEmpty()) {
            out.println(cluster == null ? "The journal " + journal.file() + " holds no records yet"
                    : "The journal " + journal.file() + " holds no records of cluster '" + cluster + "'"
                            + Fleets.hint(cluster, clusters(journal.entries())));
        } else {
            out.print(table(records));
        }
        out.flush();
        return Main.OK;
    }

    private int print(PostgresHistoryStore store) {
        PrintWriter out = spec.commandLine().getOut();
        List<HistoryEntry> records = acts(cluster == null ? store.entries() : store.history(cluster));
        if (output == Output.json) {
            out.print(HistoryJson.render(records, Optional.of(store.location()), Optional.ofNullable(cluster)));
        } else if (records.isEmpty() && cluster == null) {
            List<String> fleets = store.fleets();
            out.println(store + " holds no records yet" + (fleets.isEmpty() || fleets.contains(store.fleet()) ? ""
                    : "; the database holds the histories of " + fleets.stream().map(f -> "'" + f + "'")
                            .collect(java.util.stream.Collectors.joining(", ")) + " (--history-fleet NAME)"));
        } else if (records.isEmpty()) {
            out.println(store + " holds no records of cluster '" + cluster + "'" + Fleets.hint(cluster,
                    clusters(store.entries())));
        } else {
            out.print(table(records));
        }
        out.flush();
        return Main.OK;
    }

    private List<HistoryEntry> acts(List<HistoryEntry> records) {
        return acts ? records.stream().filter(e -> e.step() == HistoryEntry.Step.ACTED).toList() : records;
    }

    private static Set<String> clusters(List<HistoryEntry> entries) {
        Set<String> out = new LinkedHashSet<>();
        entries.forEach(e -> out.add(e.clusterId()));
        return out;
    }

    static String table(List<HistoryEntry> records) {
        Table t = new Table(List.of("AT", "CLUSTER", "UPGRADE", "FROM", "TO", "HOP", "ATTEMPT", "STEP", "STATE", "REASON",
                "KEY", "MESSAGE"));
        for (HistoryEntry e : records) {
            String reasons = e.step() == HistoryEntry.Step.ACTED && e.reasons().size() == 1
                    ? "by " + e.reasons().get(0).message()
                    : String.join(",", e.reasons().stream().map(r -> r.code()).toList());
            t.add(List.of(e.at().toString(), e.clusterId(), e.intent().orElse("-"), e.from().toString(),
                    e.to().toString(), e.hop().number() + "/" + e.hop().count(), Integer.toString(e.attempt()),
                    e.step().word(), e.state().word(), reasons.isEmpty() ? "-" : reasons, e.upgradeId(),
                    e.message().isEmpty() ? "-" : e.message()));
        }
        return t.render();
    }
}
