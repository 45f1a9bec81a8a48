package dev.upshift.examples.cli;

import dev.upshift.core.engine.Acted;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.Fault;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.journal.ActQueue;
import dev.upshift.core.plan.ActEntries;
import dev.upshift.core.plan.JournalIndex;
import dev.upshift.core.plan.StageRun;
import dev.upshift.core.simulate.TimeLapse;
import dev.upshift.observe.EventsOut;
import dev.upshift.spi.Act;
import dev.upshift.spi.HistoryEntry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", sortOptions = false,
        header = "Runs the engine: carries the plan out on the fleet's files",
        description = {"Reconciles the fleet folder with its plan (docs/engine.md): starts each ready cluster's next"
                + " hop (journaled first, then written into the fleet's files), follows upgrades in flight through the"
                + " probe, runs hooks, and records every step in the journal (DIR/.upshift, or --state), or in the"
                + " history on PostgreSQL (--history, docs/adapters.md), taking a new epoch there that fences out"
                + " every engine before it.",
            "Without --once it reconciles until stopped (Ctrl-C finishes the step under way), at the engine's next"
                + " wake-up or every --every, whichever comes first. With --virtual-clock it runs a time-lapse from"
                + " --from to --until, its clock jumping to the next instant anything can change (needs --probe"
                + " simulated); killed, it resumes from the last instant its journal recorded.",
            "Prints one line per recorded step. Exit 0, 1 when the fleet or the journal cannot be read, another"
                + " engine holds the state folder, or a newer engine took the history over, 2 on wrong usage."})
final class RunCommand implements Callable<Integer> {
    enum Probe { files, simulated }

    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--fleet", paramLabel = "DIR", description = "the fleet folder")
    Path fleet;

    @Mixin
    GitRepository git;

    @Option(names = "--state", paramLabel = "DIR", description = "the state folder (default DIR/.upshift; with --git,"
            + " a folder of the remote's own under .upshift/git in the working folder, the clone in its checkout"
            + " folder)")
    Path state;

    @Option(names = "--unreachable-after", paramLabel = "D", converter = WindowsCommand.DurationConverter.class,
            description = "take a cluster out of its upgrade's run (UNREACHABLE) once its probe has answered nothing"
                    + " but faults this long (default: never)")
    Duration unreachableAfter;

    @Option(names = "--once", description = "one reconcile, then exit")
    boolean once;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "with --once: the instant to reconcile at (default: now)")
    Instant now;

    @Option(names = "--every", paramLabel = "D", converter = WindowsCommand.DurationConverter.class, defaultValue = "5m",
            description = "the longest wait between two reconciles (default 5m)")
    Duration every;

    @Option(names = "--probe", paramLabel = "files|simulated", defaultValue = "files",
            description = "files (default: the status written back into each ManagedCluster) or simulated")
    Probe probe;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N", description = "simulated probe: which upgrades fail")
    long seed;

    @Option(names = "--failure-rate", defaultValue = "0", paramLabel = "R",
            description = "simulated probe: the share of upgrades that fail, 0 to 1 (default 0)")
    double failureRate;

    @Option(names = "--virtual-clock", description = "a time-lapse from --from to --until (with --probe simulated)")
    boolean virtualClock;

    @Option(names = "--from", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "with --virtual-clock: the first instant")
    Instant from;

    @Option(names = "--until", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "with --virtual-clock: the last instant")
    Instant until;

    @Option(names = "--max-steps", defaultValue = "100000", paramLabel = "N",
            description = "with --virtual-clock: at most this many reconciles (default 100000)")
    int maxSteps;

    @Option(names = "--dry-run", description = "journal and write nothing: show what one reconcile would do")
    boolean dryRun;

    @Mixin
    HistoryDatabase database;

    @Mixin
    MetricsOptions metrics;

    @Mixin
    WebhookOptions webhooks;

    @Override
    public Integer call() {
        check();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path folder = StateFolders.forEngine(state, fleet, git.url);
        Path fleet = git.given() ? git.fleetIn(folder.resolve("checkout")) : this.fleet;
        if (!git.given()) {
            Fleets.requireFolder(fleet);
        }
        Optional<EventsOut> sending = webhooks.build(folder);
        List<EngineObserver> observers = new ArrayList<>();
        Optional<MetricsOptions.Served> served = metrics.start(spec.commandLine());
        served.ifPresent(m -> observers.add(m.metrics()));
        sending.ifPresent(observers::add);
        try (MetricsOptions.Served shown = served.orElse(null); EngineSetup setup = EngineSetup.open(fleet, folder,
                main.planner(), probe == Probe.simulated, seed, failureRate, dryRun, "upshift run",
                database.openIfGiven(spec.commandLine()),
                git.given() ? Optional.of(() -> EngineSetup.Git.of(git, folder)) : Optional.empty(), observers,
                Optional.ofNullable(unreachableAfter));
                EventsOut sent = sending.orElse(null)) {
            if (shown != null) {
                out.println("metrics: " + shown.endpoint().url());
            }
            if (sent != null) {
                sent.start(setup.history);
                out.println(sent);
                sent.notices().forEach(n -> err.println("upshift: note: " + n));
            }
            setup.notices().forEach(n -> err.println("upshift: note: " + n));
            setup.git().ifPresent(r -> out.println("git: " + GitRepository.readAt(r.checkout()) + "; " + r.publisher()));
            setup.git().ifPresent(r -> out.println("state: " + GitRepository.stateText(folder, state != null)));
            out.println("probe: " + setup.probeText);
            out.println(setup.historyText(dryRun));
            out.flush();
            if (virtualClock) {
                TimeLapse.Result r = TimeLapse.run(setup.engine, setup.history, setup.simulated.orElseThrow(), from, until,
                        maxSteps, rec -> print(rec, out, err));
                out.println("time-lapse " + (r.startedAt().equals(from) ? "from " : "resumed at ") + r.startedAt()
                        + " to " + r.reached() + ": " + r.reconciles() + " reconciles");
                if (stuck(r, setup.history.entries(), err)) {
                    setup.events.ifPresent(e -> out.println("events: " + e.file()));
                    out.flush();
                    return Main.PROBLEM;
                }
            } else if (once || dryRun) {
                if (!dryRun && !database.given()) {
                    recordQueuedActs(setup.engine, folder, out, err);
                }
                print(setup.engine.reconcile(Fleets.instant(now)), out, err);
            } else {
                EngineLoop loop = new EngineLoop(setup.engine, java.time.Clock.systemUTC(), every);
                Thread hook = new Thread(loop::stop, "upshift-stop");
                Runtime.getRuntime().addShutdownHook(hook);
                loop.run(() -> {
                    if (!database.given()) {
                        recordQueuedActs(setup.engine, folder, out, err);
                    }
                }, rec -> print(rec, out, err));
            }
            setup.events.ifPresent(e -> out.println("events: " + e.file()));
        }
        out.flush();
        return Main.OK;
    }

    /**
     * Whether a time-lapse stopped before {@code --until} with attempts still under way (nothing told
     * it when to look at them again: after faults, say); it says which on stderr.
     */
    private boolean stuck(TimeLapse.Result r, List<HistoryEntry> history, PrintWriter err) {
        if (!r.reached().isBefore(until)) {
            return false;
        }
        List<String> left = JournalIndex.of(history).activeAttempts().stream().map(a -> a.upgradeId() + " ("
                + a.last().step().word() + " at " + a.last().at() + ")").sorted().toList();
        if (left.isEmpty()) {
            return false;
        }
        err.println("upshift: the time-lapse stopped at " + r.reached() + ", before --until " + until + ", with "
                + Plural.count(left.size(), "attempt") + " still under way that nothing will move on: "
                + String.join(", ", left) + "; run it again (it resumes), or see upshift history");
        err.flush();
        return true;
    }

    private void check() {
        CommandLine cl = spec.commandLine();
        git.check(cl, fleet);
        metrics.check(cl);
        webhooks.check(cl, dryRun);
        if (virtualClock && from != null && until != null && !until.isAfter(from)) {
            throw new CommandLine.ParameterException(cl, "--until " + until + " must be after --from " + from);
        }
        if (maxSteps < 1) {
            throw new CommandLine.ParameterException(cl, "--max-steps is at least 1, not " + maxSteps);
        }
        if (virtualClock && (from == null || until == null)) {
            throw new CommandLine.ParameterException(cl, "--virtual-clock needs --from and --until");
        }
        if (!virtualClock && (from != null || until != null)) {
            throw new CommandLine.ParameterException(cl, "--from and --until go with --virtual-clock");
        }
        if (virtualClock && probe != Probe.simulated) {
            throw new CommandLine.ParameterException(cl, "--virtual-clock needs --probe simulated: on a virtual clock"
                    + " no one writes a status back");
        }
        if (virtualClock && (once || now != null)) {
            throw new CommandLine.ParameterException(cl, "--virtual-clock runs its own instants; leave out --once and --now");
        }
        if (now != null && !once && !dryRun) {
            throw new CommandLine.ParameterException(cl, "--now goes with --once (or --dry-run)");
        }
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new CommandLine.ParameterException(cl, "--failure-rate is between 0 and 1, not " + failureRate);
        }
        if (every.isZero() || every.isNegative()) {
            throw new CommandLine.ParameterException(cl, "--every must be positive");
        }
        if (unreachableAfter != null && (unreachableAfter.isZero() || unreachableAfter.isNegative())) {
            throw new CommandLine.ParameterException(cl, "--unreachable-after must be positive");
        }
    }

    /**
     * Journals the acts other commands queued in the state folder while this engine held its journal
     * ({@code upshift approve} and the others), each once, and removes them from the queue.
     */
    static void recordQueuedActs(Engine engine, Path folder, PrintWriter out, PrintWriter err) {
        List<String> problems = new ArrayList<>();
        for (ActQueue.Queued q : ActQueue.waiting(folder, problems)) {
            Optional<Act> act = ActEntries.of(q.act());
            if (act.isEmpty()) {
                problems.add(q.file() + ": not a person's act as Upshift writes one; left where it is");
                continue;
            }
            Acted a = engine.record(act.get());
            if (a.kind() == Acted.Kind.RECORDED) {
                q.done();
                out.println(SteeringCommand.describe(act.get()) + " (recorded from the queue)");
            } else {
                err.println("upshift: the queued act " + q.file().getFileName() + " was not recorded: " + a.message());
            }
        }
        problems.forEach(p -> err.println("upshift: note: " + p));
        out.flush();
        err.flush();
    }

    static void print(Reconciliation r, PrintWriter out, PrintWriter err) {
        Map<StageRun, List<HistoryEntry>> enrolled = new LinkedHashMap<>();
        for (HistoryEntry e : r.recorded()) {
            StageRun.of(e).ifPresent(run -> enrolled.computeIfAbsent(run, k -> new ArrayList<>()).add(e));
        }
        Set<StageRun> said = new HashSet<>();
        for (HistoryEntry e : r.recorded()) {
            Optional<StageRun> run = StageRun.of(e);
            if (run.isEmpty()) {
                out.println(line(e));
            } else if (said.add(run.get())) {
                out.println(enrolledLine(run.get(), enrolled.get(run.get())));
            }
        }
        for (Fault f : r.faults()) {
            err.println("upshift: " + r.now() + ": fault: " + f);
        }
        out.flush();
        err.flush();
    }

    /**
     * The {@code enrolled} entries of one stage run, as one line: {@code 2026-12-14T09:00:00Z  stage dev
     * of upgrade to-1.1 (to 1.1.0) starts: 3 clusters enrolled (dev-1, dev-2, dev-3)}.
     */
    static String enrolledLine(StageRun run, List<HistoryEntry> entries) {
        HistoryEntry first = entries.get(0);
        List<String> names = entries.stream().map(HistoryEntry::clusterId).toList();
        String shown = names.size() <= 5 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 5)) + " and " + (names.size() - 5) + " more";
        return first.at() + "  " + run + " starts: " + Plural.count(names.size(), "cluster") + " enrolled (" + shown
                + ")";
    }

    /** {@code 2026-12-14T09:00:00Z  dev-1  published  1.0.0 → 1.1.0: wrote clusters/dev-1.yaml (3 lines)}. */
    static String line(HistoryEntry e) {
        String what = e.from().equals(e.to()) ? "the configuration change on " + e.to()
                : e.hop().count() == 1 ? e.from() + " → " + e.to() : e.hop() + " (" + e.from() + " → " + e.to() + ")";
        String why = e.reasons().isEmpty() ? e.message() : e.reasons().get(0).message();
        if (e.step() == HistoryEntry.Step.STARTING && why.startsWith("starting ")) {
            why = why.substring("starting ".length());
        } else if (e.step() == HistoryEntry.Step.ENROLLED && why.startsWith("enrolled ")) {
            why = what + ": " + why.substring("enrolled ".length());
        } else if (!why.contains(what)) {
            why = what + (why.isBlank() ? "" : ": " + why);
        }
        return e.at() + "  " + e.clusterId() + "  " + e.step().word() + "  " + why;
    }
}
