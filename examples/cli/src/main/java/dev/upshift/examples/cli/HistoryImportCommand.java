package dev.upshift.examples.cli;

import dev.upshift.adapters.postgres.ImportReport;
import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "import", sortOptions = false,
        header = "Imports a fleet's journal into the history on PostgreSQL",
        description = {"Imports every record of the journal in a fleet's state folder (DIR/.upshift, or --state; a"
                + " journal of version 1 or 2) into a fleet's history on PostgreSQL (--history), in one transaction,"
                + " after what it holds. Idempotent: a record imported before is not imported again, so importing the"
                + " same journal twice, or again after it grew, adds only what is new.",
            "Reads the journal without taking the engine's lock. Exit 0, also when there is nothing to import; 1 when"
                + " the journal cannot be read, the database cannot be reached, or the journal records the start of an"
                + " attempt that the history holds from an engine already (nothing is imported then)."})
final class HistoryImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", paramLabel = "DIR", description = "a fleet folder; its journal is in DIR/.upshift")
    Path fleet;

    @Option(names = "--state", paramLabel = "DIR", description = "the state folder, in place of the fleet's DIR/.upshift")
    Path state;

    @Mixin
    HistoryDatabase database;

    @Override
    public Integer call() {
        Path folder = StateFolders.of(spec.commandLine(), fleet, state);
        if (!database.given()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give the history to import into: --history"
                    + " jdbc:postgresql://HOST[:PORT]/DATABASE");
        }
        JournalSnapshot journal = JsonLinesJournal.read(folder);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        journal.notices().forEach(n -> err.println("upshift: note: " + n));
        err.flush();
        if (!journal.exists()) {
            out.println("No journal in " + folder + ": nothing to import.");
            out.flush();
            return Main.OK;
        }
        try (PostgresHistoryStore store = database.open(spec.commandLine())) {
            ImportReport report = store.importJournal(journal.entries());
            out.println("Imported " + report.imported() + " of the " + journal.entries().size() + " records of "
                    + journal.file() + " into " + store + " (" + report.alreadyThere() + " were there already); its"
                    + " epoch is " + report.epoch() + ".");
        }
        out.flush();
        return Main.OK;
    }
}
