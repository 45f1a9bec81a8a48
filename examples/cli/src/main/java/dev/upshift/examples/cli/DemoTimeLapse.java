package dev.upshift.examples.cli;

import dev.upshift.core.engine.Acted;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.simulate.TimeLapse;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The demo's last act: the engine itself, as a time-lapse of the first week on a copy of the demo
 * fleet in the temporary folder (its files edited, its journal and events written), then one
 * cluster's history and where the files are.
 */
final class DemoTimeLapse {
    static final Duration SPAN = Duration.ofDays(7);

    private DemoTimeLapse() {}

    /** Runs it on a copy of {@code demoFleet} made at {@code copy}; the copy's folder. */
    static Path run(Path demoFleet, Path copy, Instant from, double failureRate, PrintWriter out) {
        replace(demoFleet, copy);
        Instant until = from.plus(SPAN);
        List<HistoryEntry> recorded = new ArrayList<>();
        int[] reconciles = {0};
        List<String> gateLines;
        try (EngineSetup setup = EngineSetup.open(copy, JsonLinesJournal.stateFolder(copy), Planner.standard(), true, 0,
                failureRate, false, "upshift demo")) {
            Gate gate = new Gate(setup.engine);
            TimeLapse.run(setup.engine, setup.history, setup.simulated.orElseThrow(), from, until, 10_000,
                    (Reconciliation r) -> {
                        reconciles[0]++;
                        recorded.addAll(r.recorded());
                        gate.watch(r);
                    });
            gateLines = gate.lines;
        }
        long published = count(recorded, HistoryEntry.Step.PUBLISHED);
        long succeeded = count(recorded, HistoryEntry.Step.SUCCEEDED);
        long failed = count(recorded, HistoryEntry.Step.FAILED);
        out.println();
        out.println("Then the engine itself, on a copy of the fleet: a time-lapse of its first week (" + from + " to "
                + until + "), its clock jumping from event to event, a simulated probe deciding each outcome (seed 0, "
                + Math.round(failureRate * 100) + "% failures):");
        out.println("  " + Plural.count((int) published, "hop") + " published into the files, " + succeeded + " succeeded, "
                + failed + " failed, in " + Plural.count(reconciles[0], "reconcile") + "; each step journaled before it"
                + " was acted on.");
        gateLines.forEach(out::println);
        String cluster = busiest(recorded);
        out.println("The history of " + cluster + ":");
        recorded.stream().filter(e -> e.clusterId().equals(cluster)).forEach(e -> out.println("  " + RunCommand.line(e)));
        Path state = JsonLinesJournal.stateFolder(copy);
        out.println("The files: the edited fleet in " + copy.toAbsolutePath() + ", its journal "
                + state.resolve(JsonLinesJournal.FILE_NAME).toAbsolutePath() + " and " + Plural.count(lines(state.resolve(
                        "events.jsonl")), "event") + " in " + state.resolve("events.jsonl").toAbsolutePath());
        return copy;
    }

    /**
     * The demo's person at a stage's approval gate: the first time a plan shows a gate waiting, it
     * says so, approves it as alice would ({@code upshift approve}), and then says when the stage
     * starts.
     */
    private static final class Gate {
        private final Engine engine;
        final List<String> lines = new ArrayList<>();
        private Optional<ActRequest> approved = Optional.empty();
        private boolean started;

        Gate(Engine engine) {
            this.engine = engine;
        }

        void watch(Reconciliation r) {
            if (approved.isPresent()) {
                if (!started) {
                    String stage = approved.get().stage().orElseThrow();
                    r.recorded().stream().filter(e -> e.step() == HistoryEntry.Step.STARTING)
                            .filter(e -> r.plan().flatMap(p -> p.entry(e.clusterId())).flatMap(PlanEntry::stage)
                                    .filter(stage::equals).isPresent())
                            .findFirst().ifPresent(e -> {
                                started = true;
                                lines.add("  " + e.at() + "  stage " + stage + " starts: " + e.clusterId() + " is the"
                                        + " first to upgrade");
                            });
                }
                return;
            }
            for (PlanEntry e : r.plan().map(p -> p.entries()).orElse(List.of())) {
                for (Reason why : e.reasons()) {
                    Optional<ActRequest> grant = ActRequest.granting(why, "alice", "20.1.1 looks good on paper (demo)");
                    if (grant.isPresent()) {
                        lines.add("A stage's approval gate, as the time-lapse met it, and the person who approved it:");
                        lines.add("  " + r.now() + "  " + e.cluster() + " waits: " + why.message());
                        Acted a = engine.act(r.now(), grant.get());
                        a.act().ifPresent(act -> lines.add("  " + SteeringCommand.describe(act)));
                        approved = grant;
                        return;
                    }
                }
            }
        }
    }

    /** The cluster with the most recorded steps, the first by name among equals. */
    private static String busiest(List<HistoryEntry> recorded) {
        Map<String, Integer> counts = new TreeMap<>();
        recorded.forEach(e -> counts.merge(e.clusterId(), 1, Integer::sum));
        return counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry<String, Integer>::getValue)
                .thenComparing(Map.Entry::getKey, Comparator.reverseOrder())).map(Map.Entry::getKey).orElse("-");
    }

    private static long count(List<HistoryEntry> recorded, HistoryEntry.Step step) {
        return recorded.stream().filter(e -> e.step() == step).count();
    }

    private static int lines(Path file) {
        try {
            return Files.exists(file) ? (int) Files.readAllLines(file).size() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces {@code target} with a copy of {@code source} (which may be inside the CLI's jar). */
    private static void replace(Path source, Path target) {
        try {
            if (Files.exists(target)) {
                try (Stream<Path> old = Files.walk(target)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            try (Stream<Path> all = Files.walk(source)) {
                for (Path p : all.toList()) {
                    Path to = target.resolve(source.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the demo fleet to " + target + ": " + e.getMessage(), e);
        }
    }
}
