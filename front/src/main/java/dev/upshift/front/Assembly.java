package dev.upshift.front;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.file.FilePublisher;
import dev.upshift.core.file.FileStatusProbe;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.run.Deadlines;
import dev.upshift.core.simulate.SimulatedProbe;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeStrategy;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@link Upshift.Builder#build()}: opens the journal first (its lock says this engine is the only one
 * on the state folder), then makes every default that was not given and wires the engine. What it
 * opened is closed again when anything after fails.
 */
final class Assembly {
    /** Who opens the journal when {@code startedBy} is not given: what {@link JsonLinesJournal#open(Path)} says. */
    static final String STARTED_BY = "an Upshift engine";

    private final Upshift.Builder b;
    /** The state folder, or null: a fleet source with a history and no state folder. */
    private final Path state;

    Assembly(Upshift.Builder b, Path state) {
        this.b = b;
        this.state = state;
    }

    Upshift open() {
        String holder = b.startedBy != null ? b.startedBy : STARTED_BY;
        Optional<JsonLinesJournal> journal = b.history != null ? Optional.empty()
                : Optional.of(JsonLinesJournal.open(state, LockHolder.current(holder)));
        Optional<Deadlines> deadlines = Optional.empty();
        try {
            deadlines = Optional.ofNullable(b.callDeadline).map(Deadlines::new);
            return wire(journal, deadlines);
        } catch (RuntimeException e) {
            try {
                deadlines.ifPresent(Deadlines::close);
            } finally {
                journal.ifPresent(JsonLinesJournal::close);
            }
            throw e;
        }
    }

    /** The engine on what was given, and on the defaults for what was not. */
    private Upshift wire(Optional<JsonLinesJournal> journal, Optional<Deadlines> deadlines) {
        HistoryStore history = b.history != null ? b.history : journal.orElseThrow();
        LastReading fleet = new LastReading(source());
        Optional<SimulatedProbe> simulated = Optional.ofNullable(b.simulated)
                .map(s -> new SimulatedProbe(history, fleet::fleet, s.seed(), s.failureRate()));
        StatusProbe probe = b.probe != null ? b.probe
                : simulated.<StatusProbe>map(p -> p).orElseGet(FileStatusProbe::new);
        ChangePublisher publisher = b.publisher != null ? b.publisher : FilePublisher.of(b.folder);
        Optional<EventLog> log = b.events != null || state == null ? Optional.empty() : Optional.of(EventLog.in(state));
        EventSink events = b.events != null ? b.events : log.<EventSink>map(l -> l).orElseGet(EventSink::noop);
        long epoch = b.epoch != null ? b.epoch : journal.map(j -> j.acceptedEpoch() + 1).orElse(0L);
        Cut cut = new Cut(deadlines);
        Engine.Builder engine = Engine.builder()
                .fleet(cut.fleet(fleet))
                .history(b.observers.isEmpty() ? history : new TimedHistory(history, b.observers))
                .publisher(cut.publisher(publisher))
                .probe(cut.probe(probe))
                .events(cut.events(events))
                .epoch(epoch)
                .crashPoints(b.crashPoints);
        if (b.unreachableAfter != null) {
            engine.unreachableAfter(b.unreachableAfter);
        }
        b.hooks.forEach((name, hook) -> engine.addHook(name, cut.hook(hook)));
        b.strategies.forEach(s -> engine.addStrategy(cut.strategy(s)));
        b.observers.forEach(engine::addObserver);
        return new Upshift(engine.build(), history, simulated, journal, log, deadlines);
    }

    /** The fleet given, or the fleet folder's source. */
    private FleetSource source() {
        if (b.source != null) {
            return b.source;
        }
        return FolderFleetSource.of(b.folder, b.planner != null ? b.planner : Planner.standard());
    }

    /** Each part cut off at the call deadline, or as it is without one. */
    private record Cut(Optional<Deadlines> deadlines) {
        FleetSource fleet(FleetSource s) {
            return deadlines.map(d -> d.fleet(s)).orElse(s);
        }

        ChangePublisher publisher(ChangePublisher p) {
            return deadlines.map(d -> d.publisher(p)).orElse(p);
        }

        StatusProbe probe(StatusProbe p) {
            return deadlines.map(d -> d.probe(p)).orElse(p);
        }

        EventSink events(EventSink s) {
            return deadlines.map(d -> d.events(s)).orElse(s);
        }

        UpgradeHook hook(UpgradeHook h) {
            return deadlines.map(d -> d.hook(h)).orElse(h);
        }

        UpgradeStrategy strategy(UpgradeStrategy s) {
            return deadlines.map(d -> d.strategy(s)).orElse(s);
        }
    }
}
