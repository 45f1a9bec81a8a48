package dev.upshift.examples.cli;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.engine.CrashPoint;
import dev.upshift.core.engine.CrashPoints;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.file.FilePublisher;
import dev.upshift.core.file.FileStatusProbe;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.simulate.SimulatedProbe;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.Publication;
import dev.upshift.spi.StatusProbe;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine of the files world, as {@code run} and {@code apply} build it: the fleet folder read
 * again at every pass, the journal in the state folder, the file publisher (or, with
 * {@code --dry-run}, nothing written anywhere), the files or the simulated probe, events next to the
 * journal.
 */
final class EngineSetup implements AutoCloseable {
    /** {@code UPSHIFT_CRASH_AT=point[:n]}: end the process at the n-th time (1 by default) the point is reached. */
    static final String CRASH_AT = "UPSHIFT_CRASH_AT";

    final Path fleet;
    final Path state;
    final Engine engine;
    final HistoryStore history;
    final String probeText;
    final Optional<SimulatedProbe> simulated;
    final Optional<EventLog> events;
    private final Optional<JsonLinesJournal> journal;

    private EngineSetup(Path fleet, Path state, Engine engine, HistoryStore history, String probeText,
            Optional<SimulatedProbe> simulated, Optional<EventLog> events, Optional<JsonLinesJournal> journal) {
        this.fleet = fleet;
        this.state = state;
        this.engine = engine;
        this.history = history;
        this.probeText = probeText;
        this.simulated = simulated;
        this.events = events;
        this.journal = journal;
    }

    static EngineSetup open(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed, double failureRate,
            boolean dryRun, String startedBy) {
        Optional<JsonLinesJournal> journal = dryRun ? Optional.empty()
                : Optional.of(JsonLinesJournal.open(state, LockHolder.current(startedBy)));
        HistoryStore history = journal.<HistoryStore>map(j -> j).orElseGet(() -> new Scratch(
                JsonLinesJournal.read(state).entries()));
        PreparedFleet[] last = new PreparedFleet[1];
        Engine.Builder b = Engine.builder()
                .fleet(() -> {
                    last[0] = planner.prepare(Fleets.read(fleet));
                    return FleetReading.of(last[0]);
                })
                .history(history)
                .epoch(journal.map(j -> j.acceptedEpoch() + 1).orElse(0L))
                .crashPoints(crashPoints(System.getenv(CRASH_AT)));
        ChangePublisher publisher = dryRun
                ? (u, c) -> Publication.published("dry run: nothing written (" + c.changedDocuments().size()
                        + " documents would change, and spec.release)")
                : FilePublisher.of(fleet);
        b.publisher(publisher);
        Optional<SimulatedProbe> simulated = Optional.empty();
        StatusProbe probe;
        String probeText;
        if (simulatedProbe) {
            SimulatedProbe p = new SimulatedProbe(history, () -> last[0] != null ? last[0]
                    : planner.prepare(Fleets.read(fleet)), seed, failureRate);
            simulated = Optional.of(p);
            probe = p;
            probeText = String.format(Locale.ROOT, "simulated (each upgrade takes its expectedDuration; seed %d, failure"
                    + " rate %s)", seed, Double.toString(failureRate));
        } else {
            probe = new FileStatusProbe();
            probeText = "files (each cluster's status, as written back into its ManagedCluster document)";
        }
        b.probe(probe);
        Optional<EventLog> events = dryRun ? Optional.empty() : Optional.of(EventLog.in(state));
        events.ifPresent(b::events);
        journal.ifPresent(j -> j.notices().forEach(n -> { }));
        return new EngineSetup(fleet, state, b.build(), history, probeText, simulated, events, journal);
    }

    List<String> notices() {
        return journal.map(j -> j.notices().stream().map(Object::toString).toList()).orElse(List.of());
    }

    static CrashPoints crashPoints(String spec) {
        if (spec == null || spec.isBlank()) {
            return CrashPoints.none();
        }
        String[] parts = spec.split(":", 2);
        CrashPoint point = null;
        for (CrashPoint p : CrashPoint.values()) {
            if (p.word().equals(parts[0])) {
                point = p;
            }
        }
        if (point == null) {
            throw new UpshiftException(CRASH_AT + "=" + spec + ": no such crash point; expected one of "
                    + String.join(", ", java.util.Arrays.stream(CrashPoint.values()).map(CrashPoint::word).toList()));
        }
        int n = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
        CrashPoint chosen = point;
        AtomicInteger seen = new AtomicInteger();
        return (p, cluster) -> {
            if (p == chosen && seen.incrementAndGet() == n) {
                Runtime.getRuntime().halt(137);
            }
        };
    }

    @Override
    public void close() {
        journal.ifPresent(JsonLinesJournal::close);
    }

    /** A history in memory, seeded from the journal: what a dry run records, and forgets. */
    private static final class Scratch implements HistoryStore {
        private final List<HistoryEntry> entries;

        Scratch(List<HistoryEntry> seed) {
            this.entries = new ArrayList<>(seed);
        }

        @Override
        public void append(HistoryEntry entry) {
            entries.add(entry);
        }

        @Override
        public List<HistoryEntry> history(String clusterId) {
            return entries.stream().filter(e -> e.clusterId().equals(clusterId)).toList();
        }

        @Override
        public List<HistoryEntry> entries() {
            return List.copyOf(entries);
        }
    }
}
