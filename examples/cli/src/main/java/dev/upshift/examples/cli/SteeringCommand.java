package dev.upshift.examples.cli;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.core.journal.ActQueue;
import dev.upshift.core.journal.JournalLockedException;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.core.plan.ActEntries;
import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.Act;
import dev.upshift.spi.HistoryEntry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every command that steers a rollout shares ({@code approve}, {@code pause}, {@code resume},
 * {@code cancel}, {@code retry}, {@code skip}): the request is checked against the fleet and its
 * history as {@code plan} reads them, and the act is journaled with who took it ({@code --as}, the
 * operating-system user by default), when and why. It takes effect at the engine's next reconcile.
 * When an engine holds the journal ({@code upshift run}), the act is queued in the state folder and
 * that engine journals it before its next reconcile; the history on PostgreSQL takes it directly.
 */
abstract class SteeringCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--fleet", paramLabel = "DIR", description = "the fleet folder")
    Path fleet;

    @Mixin
    GitRepository git;

    @Mixin
    RecordedHistory history;

    @Option(names = "--as", paramLabel = "NAME", description = "who acts, as the journal records it (default: the"
            + " operating-system user)")
    String as;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant the act is recorded at (default: now)")
    Instant now;

    /** The requests this command makes, given the fleet and its plan (a retry of a stage's failed members reads it). */
    abstract List<ActRequest> requests(String by, Plan plan);

    /** Checks the options that go together; throws a usage error. */
    void check(CommandLine cl) {}

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        check(cl);
        git.check(cl, fleet);
        try (GitRepository.Reading reading = git.read(fleet, cl.getErr())) {
            try {
                return act(reading.folder());
            } catch (RuntimeException e) {
                throw reading.inRepository(e);
            }
        }
    }

    private int act(Path folder) {
        CommandLine cl = spec.commandLine();
        PrintWriter out = cl.getOut();
        String by = as != null ? as : System.getProperty("user.name", "");
        if (by.isBlank()) {
            throw new CommandLine.ParameterException(cl, "say who acts with --as NAME: the operating-system user is"
                    + " not known");
        }
        Instant at = Fleets.instant(now);
        List<HistoryEntry> recorded = history.read(cl, fleet, git.url);
        PreparedFleet prepared = main.planner().prepare(Fleets.read(folder, () -> recorded));
        Plan plan = prepared.plan(at, recorded);
        int rc = Main.OK;
        for (ActRequest r : requests(by, plan)) {
            ActRequest.Resolution res = r.resolve(prepared, plan, recorded, at);
            if (res.act().isEmpty()) {
                cl.getErr().println("upshift: refused: " + res.refusal());
                rc = Main.PROBLEM;
                continue;
            }
            out.println(record(res.act().get()));
        }
        out.flush();
        cl.getErr().flush();
        return rc;
    }

    /** Journals the act, or queues it for the engine that holds the journal; what to tell the person. */
    private String record(Act act) {
        CommandLine cl = spec.commandLine();
        String what = describe(act);
        Optional<PostgresHistoryStore> database = history.database.openIfGiven(cl);
        if (database.isPresent()) {
            try (PostgresHistoryStore store = database.get()) {
                store.append(ActEntries.entry(act, store.acceptedEpoch())); // at the fence: an act fences no engine out
            }
            return what + "; recorded in the history on PostgreSQL, in effect at the engine's next reconcile";
        }
        Path folder = StateFolders.forEngine(history.state, fleet, git.url);
        try (JsonLinesJournal journal = JsonLinesJournal.open(folder, LockHolder.current("upshift " + act.kind()))) {
            journal.append(ActEntries.entry(act, journal.acceptedEpoch())); // at the fence: an act fences no engine out
            return what + "; recorded in " + JsonLinesJournal.file(folder) + ", in effect at the next reconcile";
        } catch (JournalLockedException running) {
            Path queued = ActQueue.put(folder, ActEntries.entry(act, 0));
            return what + "; an engine holds the journal, so it is queued (" + queued.getFileName() + ") and that"
                    + " engine records it before its next reconcile";
        }
    }

    /** {@code alice approves stage prod of upgrade platform (to 20.1.0), gate before}. */
    static String describe(Act a) {
        String run = a.upgrade().map(u -> "upgrade " + u + " (to " + a.release() + ")").orElse("");
        String what = switch (a.kind()) {
            case APPROVE -> "approves stage " + a.stage().orElseThrow() + " of " + run + ", gate " + a.gate().orElseThrow();
            case PAUSE -> "pauses " + run;
            case RESUME -> "resumes " + run;
            case CANCEL -> "cancels " + run;
            case RETRY -> "retries " + a.cluster().orElseThrow() + "'s hop " + a.from().orElseThrow() + " → " + a.release();
            case SKIP -> "skips " + a.cluster().orElseThrow() + " from " + run;
        };
        return a.at() + "  " + a.by() + " " + what + (a.comment().isBlank() ? "" : ": " + a.comment());
    }
}
