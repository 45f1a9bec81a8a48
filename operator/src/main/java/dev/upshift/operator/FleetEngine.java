package dev.upshift.operator;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Plan;
import dev.upshift.front.Upshift;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.StatusProbe;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The engine of the replica's current term: one {@link Engine#reconcile} of the whole fleet per
 * call, serialised (the engine is not thread-safe, and the operator SDK reconciles resources on
 * several threads). The engine is built anew for each term by the front builder ({@link Upshift}:
 * it opens nothing here, every part is given), with the term's epoch, the shared history and the
 * publisher behind the term's gate. A history that refuses the term's writes
 * ({@link StaleWriterException}: a newer term claimed the fence) ends the term at once.
 */
final class FleetEngine {
    private final ClusterFleet fleet;
    private final FencedHistoryStore history;
    private final ChangePublisher publisher;
    private final StatusProbe probe;
    private final EventSink events;
    private final Clock clock;
    private final Leadership leadership;
    private final List<EngineObserver> observers;
    private Term builtFor;
    private Engine engine;

    /** One reconcile: what the engine did, the history after it, and what the resources held. */
    /** A reconcile, the history after it and the plan of the fleet as it left it (what the status shows). */
    record Pass(Reconciliation reconciliation, List<HistoryEntry> history, Optional<Plan> plan,
            Optional<ResourceDocuments.Read> read) {}

    FleetEngine(ClusterFleet fleet, FencedHistoryStore history, ChangePublisher publisher, StatusProbe probe,
            EventSink events, Clock clock, Leadership leadership, List<EngineObserver> observers) {
        this.fleet = Objects.requireNonNull(fleet, "fleet");
        this.history = Objects.requireNonNull(history, "history");
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.events = Objects.requireNonNull(events, "events");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.leadership = Objects.requireNonNull(leadership, "leadership");
        this.observers = List.copyOf(observers);
    }

    /**
     * Reconciles the fleet at the clock's instant, if this replica leads.
     *
     * @return what was done; empty when this replica does not lead (or stopped leading just now)
     */
    synchronized Optional<Pass> reconcile() {
        Optional<Term> current = leadership.current();
        if (current.isEmpty()) {
            return Optional.empty();
        }
        Term term = current.get();
        if (term != builtFor) {
            Upshift.Builder b = Upshift.builder();
            observers.forEach(b::addObserver);
            engine = b
                    .fleet(fleet)
                    .history(new GatedHistory(history, leadership, term))
                    .publisher(new GatedPublisher(publisher, leadership, term))
                    .probe(probe)
                    .events(events)
                    .epoch(term.epoch())
                    .build()
                    .engine();
            builtFor = term;
        }
        Reconciliation r;
        Instant now = clock.instant();
        try {
            r = engine.reconcile(now);
        } catch (StaleWriterException e) {
            leadership.abandon(term, e.getMessage());
            return Optional.empty();
        }
        if (!leadership.holds(term)) {
            return Optional.empty();
        }
        List<HistoryEntry> entries = history.entries();
        return Optional.of(new Pass(r, entries, r.changed() ? planAfter(now, entries).or(r::plan) : r.plan(),
                fleet.lastRead()));
    }

    /** The plan after the reconcile's steps: the reconcile's own plan was made before them. */
    private Optional<Plan> planAfter(Instant now, List<HistoryEntry> entries) {
        try {
            FleetReading reading = fleet.read();
            return Optional.of(reading.fleet().plan(now, entries, reading.releases()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
