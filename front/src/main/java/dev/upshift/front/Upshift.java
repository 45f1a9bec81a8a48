package dev.upshift.front;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.CrashPoints;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.journal.JsonLinesJournal;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Upshift's front door: the engine wired to a fleet, a history, a publisher, a probe, hooks and
 * strategies, and what was opened for it. For a fleet folder one line does it, with the embedded
 * adapters as defaults (docs/engine.md, "The front builder"):
 *
 * <pre>{@code
 * try (Upshift upshift = Upshift.builder().fleet(Path.of("fleet")).build()) {
 *     Reconciliation r = upshift.engine().reconcile(now);
 * }
 * }</pre>
 *
 * <h2>Defaults for a fleet folder</h2>
 * With {@link Builder#fleet(Path)}, what is not given is the fleet folder's: the folder read again at
 * every pass and prepared again only when its files changed ({@link FolderFleetSource}); the
 * journal ({@link JsonLinesJournal}) in the state folder ({@code FOLDER/.upshift} unless
 * {@link Builder#state(Path)} names another), opened and locked by {@link Builder#build()}, the
 * engine's epoch one past the newest the journal accepted; the file publisher
 * ({@link dev.upshift.core.file.FilePublisher}) writing into the folder; the probe reading the
 * status written back into each cluster's document ({@link dev.upshift.core.file.FileStatusProbe});
 * events appended to {@code events.jsonl} in the state folder ({@link EventLog}). This is how
 * {@code upshift run} and {@code upshift apply} build their engine.
 *
 * <h2>What it owns</h2>
 * {@link #close()} closes what the builder opened (the journal and the threads of
 * {@link Builder#callDeadline}), never what it was handed. Not thread-safe, as the engine is not.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Upshift implements AutoCloseable {
    private final Engine engine;
    private final HistoryStore history;
    private final Optional<SimulatedProbe> simulated;
    private final Optional<JsonLinesJournal> journal;
    private final Optional<EventLog> eventLog;
    private final Optional<Deadlines> deadlines;

    Upshift(Engine engine, HistoryStore history, Optional<SimulatedProbe> simulated, Optional<JsonLinesJournal> journal,
            Optional<EventLog> eventLog, Optional<Deadlines> deadlines) {
        this.engine = engine;
        this.history = history;
        this.simulated = simulated;
        this.journal = journal;
        this.eventLog = eventLog;
        this.deadlines = deadlines;
    }

    /** Starts a configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /** The engine: {@link Engine#reconcile}, {@link Engine#apply}, {@link Engine#settle}. */
    public Engine engine() {
        return engine;
    }

    /** The history the engine records in: the one given, or the journal the builder opened. */
    public HistoryStore history() {
        return history;
    }

    /** The probe {@link Builder#simulatedProbe} made, for a time-lapse ({@code TimeLapse.run}); else empty. */
    public Optional<SimulatedProbe> simulatedProbe() {
        return simulated;
    }

    /** The journal the builder opened (its file, the notices of opening it); empty when a history was given. */
    public Optional<JsonLinesJournal> journal() {
        return journal;
    }

    /** The event log the builder made in the state folder; empty when an event sink was given, or no state folder. */
    public Optional<EventLog> eventLog() {
        return eventLog;
    }

    /** Stops the deadlines' threads, then closes the journal the builder opened; what was given stays open. */
    @Override
    public void close() {
        try {
            deadlines.ifPresent(Deadlines::close);
        } finally {
            journal.ifPresent(JsonLinesJournal::close);
        }
    }

    @Override
    public String toString() {
        return "Upshift engine recording in " + history;
    }

    /**
     * Configures an {@link Upshift}. Every setter checks its argument at once and refuses a setting
     * that conflicts with one given before ({@link IllegalStateException}), so that a mistake shows
     * where it is made; a setting given again replaces the earlier one. Nothing is opened before
     * {@link #build()}.
     *
     * <p>Settings that exclude each other: a {@link #planner} with a {@link #fleet(FleetSource)}
     * (the planner prepares a folder's fleet; a source prepares its own); a {@link #probe} and a
     * {@link #simulatedProbe}; {@link #startedBy} with a {@link #history} (it names the journal's
     * lock, and no journal is opened); a {@link #state} folder with both a {@link #history} and an
     * {@link #events} sink (nothing would be kept there).
     */
    public static final class Builder {
        // read by Assembly when the engine is built; null where not given
        FleetSource source;
        Path folder;
        Planner planner;
        Path state;
        String startedBy;
        HistoryStore history;
        ChangePublisher publisher;
        StatusProbe probe;
        Simulated simulated;
        final Map<String, UpgradeHook> hooks = new LinkedHashMap<>();
        final List<UpgradeStrategy> strategies = new ArrayList<>();
        EventSink events;
        Long epoch;
        CrashPoints crashPoints = CrashPoints.none();
        Duration callDeadline;
        Duration unreachableAfter;
        final List<EngineObserver> observers = new ArrayList<>();

        private Builder() {}

        /**
         * A fleet folder: read again at every pass, prepared again only when its files changed
         * ({@link FolderFleetSource}), and the defaults of the class description for what is not
         * given. Replaces a fleet given before.
         */
        public Builder fleet(Path fleetFolder) {
            this.folder = Objects.requireNonNull(fleetFolder, "fleetFolder");
            this.source = null;
            return this;
        }

        /**
         * Where the engine reads the fleet from, once per pass: a git checkout, an inventory of live
         * clusters, an in-memory world. No defaults come with it: a publisher and a probe must be
         * given, and a history or a {@link #state} folder for the journal. Replaces a fleet given
         * before.
         *
         * @throws IllegalStateException when a {@link #planner} was given
         */
        public Builder fleet(FleetSource fleetSource) {
            Objects.requireNonNull(fleetSource, "fleetSource");
            refuse(planner != null, "a planner prepares a fleet folder's fleet; a fleet source prepares its own:"
                    + " give the planner to the source");
            this.source = fleetSource;
            this.folder = null;
            return this;
        }

        /**
         * The planner a {@link #fleet(Path) fleet folder}'s fleet is prepared with;
         * {@link Planner#standard()} by default.
         *
         * @throws IllegalStateException when the fleet is a {@link #fleet(FleetSource) source}
         */
        public Builder planner(Planner fleetPlanner) {
            Objects.requireNonNull(fleetPlanner, "fleetPlanner");
            refuse(source != null, "the fleet is a fleet source, which prepares its own fleet: give the planner to"
                    + " the source");
            this.planner = fleetPlanner;
            return this;
        }

        /**
         * The state folder: where the journal is opened when no {@link #history} is given, and the
         * event log kept when no {@link #events} sink is; {@code FOLDER/.upshift} of a
         * {@link #fleet(Path) fleet folder} by default.
         *
         * @throws IllegalStateException when a history and an event sink are both given
         */
        public Builder state(Path stateFolder) {
            Objects.requireNonNull(stateFolder, "stateFolder");
            refuse(history != null && events != null, "a history and an event sink are given: nothing would be kept"
                    + " in the state folder " + stateFolder);
            this.state = stateFolder;
            return this;
        }

        /**
         * Who opens the journal, as a second engine refused by its lock is told ("upshift run",
         * "the nightly job"); "an Upshift engine" by default.
         *
         * @throws IllegalArgumentException when blank
         * @throws IllegalStateException when a history is given, so that no journal is opened
         */
        public Builder startedBy(String who) {
            Objects.requireNonNull(who, "who");
            if (who.isBlank()) {
                throw new IllegalArgumentException("startedBy names who opens the journal; it is blank");
            }
            refuse(history != null, "startedBy names the journal's lock, and a history is given: no journal is"
                    + " opened");
            this.startedBy = who;
            return this;
        }

        /**
         * The history every step is recorded in before it is acted on (a database's, a fake); the
         * journal in the state folder when not given. The builder does not close it.
         *
         * @throws IllegalStateException when {@link #startedBy} was given, or a state folder and an
         *     event sink both were
         */
        public Builder history(HistoryStore store) {
            Objects.requireNonNull(store, "store");
            refuse(startedBy != null, "startedBy names the journal's lock; with a history given no journal is"
                    + " opened");
            refuse(state != null && events != null, "a state folder and an event sink are given: with a history"
                    + " too, nothing would be kept in the state folder " + state);
            this.history = store;
            return this;
        }

        /** Where changes go; a fleet folder's file publisher by default. */
        public Builder publisher(ChangePublisher to) {
            this.publisher = Objects.requireNonNull(to, "publisher");
            return this;
        }

        /**
         * How upgrades in flight are observed; a fleet folder's file status probe by default.
         *
         * @throws IllegalStateException when a {@link #simulatedProbe} was given
         */
        public Builder probe(StatusProbe by) {
            Objects.requireNonNull(by, "probe");
            refuse(simulated != null, "a simulated probe is given already; an engine has one probe");
            this.probe = by;
            return this;
        }

        /**
         * A {@link SimulatedProbe} over the engine's history and the fleet it last read, for runs
         * without real clusters (a time-lapse, a demo): each attempt takes its expected duration
         * and fails when a draw from the seed falls below the rate. {@link Upshift#simulatedProbe()}
         * gives it back.
         *
         * @param seed the draw's seed
         * @param failureRate the share of attempts that fail, from 0 to 1
         * @throws IllegalArgumentException when the rate is outside [0, 1]
         * @throws IllegalStateException when a {@link #probe} was given
         */
        public Builder simulatedProbe(long seed, double failureRate) {
            if (!(failureRate >= 0 && failureRate <= 1)) {
                throw new IllegalArgumentException("a failure rate is between 0 and 1, not " + failureRate);
            }
            refuse(probe != null, "a probe is given already; an engine has one probe");
            this.simulated = new Simulated(seed, failureRate);
            return this;
        }

        /**
         * Adds a hook (or a part hook), asked after those added before it.
         *
         * @param name how the journal names it among the after-hooks an attempt owes; unique, not blank
         * @throws IllegalArgumentException when the name is blank or taken
         */
        public Builder addHook(String name, UpgradeHook hook) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(hook, "hook");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a hook needs a name: the journal records which after-hooks are owed");
            }
            if (hooks.containsKey(name)) {
                throw new IllegalArgumentException("two hooks are named " + name + ": the journal owes after-hooks by name");
            }
            hooks.put(name, hook);
            return this;
        }

        /** Adds a strategy, asked after those added before it. */
        public Builder addStrategy(UpgradeStrategy strategy) {
            strategies.add(Objects.requireNonNull(strategy, "strategy"));
            return this;
        }

        /**
         * Where finished upgrades are reported; the event log in the state folder by default, or
         * {@link EventSink#noop()} without one.
         *
         * @throws IllegalStateException when a state folder and a history are both given
         */
        public Builder events(EventSink sink) {
            Objects.requireNonNull(sink, "events");
            refuse(state != null && history != null, "a state folder and a history are given: with an event sink"
                    + " too, nothing would be kept in the state folder " + state);
            this.events = sink;
            return this;
        }

        /**
         * The writer's epoch, carried by every entry the engine records (fencing): by default one
         * past the newest the journal accepted when the builder opens it, else 0.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder epoch(long writerEpoch) {
            if (writerEpoch < 0) {
                throw new IllegalArgumentException("an epoch is never negative, not " + writerEpoch);
            }
            this.epoch = writerEpoch;
            return this;
        }

        /**
         * Adds an observer of the engine, told of each reconcile and of each append to the history,
         * timed, after those added before it: Micrometer metrics and CloudEvents sent out
         * ({@code upshift-observe}, docs/observability.md), or an embedder's own. None by default.
         */
        public Builder addObserver(EngineObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer"));
            return this;
        }

        /** Told at each crash point of a reconcile: for tests that kill the engine there; none by default. */
        public Builder crashPoints(CrashPoints points) {
            this.crashPoints = Objects.requireNonNull(points, "crashPoints");
            return this;
        }

        /**
         * How long one call to the fleet source, the publisher, the probe, the event sink, a hook or
         * a strategy may take before it is given up as a fault ({@link Deadlines}, whose threads
         * {@link Upshift#close()} stops); the history's calls are not cut off. None by default: a
         * call may take as long as it takes.
         *
         * @throws IllegalArgumentException when not positive
         */
        public Builder callDeadline(Duration deadline) {
            Objects.requireNonNull(deadline, "deadline");
            if (deadline.isZero() || deadline.isNegative()) {
                throw new IllegalArgumentException("a call deadline is positive, not " + deadline);
            }
            this.callDeadline = deadline;
            return this;
        }

        /**
         * Takes a cluster whose probe has answered nothing but faults for {@code limit} out of its
         * upgrade's run ({@link Engine.Builder#unreachableAfter}). Off by default.
         *
         * @throws IllegalArgumentException when not positive
         */
        public Builder unreachableAfter(Duration limit) {
            Objects.requireNonNull(limit, "limit");
            if (limit.isZero() || limit.isNegative()) {
                throw new IllegalArgumentException("unreachableAfter is positive, not " + limit);
            }
            this.unreachableAfter = limit;
            return this;
        }

        /**
         * Opens what the configuration needs (the journal, taking its lock) and builds the engine.
         *
         * @throws IllegalStateException when no fleet is given, or a part without a default is missing
         *     (a publisher, a probe, or a history, for a fleet source without a state folder)
         * @throws dev.upshift.core.journal.JournalLockedException when another engine holds the journal
         * @throws RuntimeException what opening the journal throws; nothing stays open
         */
        public Upshift build() {
            refuse(source == null && folder == null, "an engine needs a fleet: fleet(folder) or fleet(source)");
            Path stateFolder = state != null ? state : folder != null ? JsonLinesJournal.stateFolder(folder) : null;
            refuse(history == null && stateFolder == null, "an engine needs a history: history(store), or a fleet"
                    + " folder or a state folder for the journal");
            refuse(publisher == null && folder == null, "an engine on a fleet source needs a publisher (publisher)");
            refuse(probe == null && simulated == null && folder == null, "an engine on a fleet source needs a probe"
                    + " (probe or simulatedProbe)");
            return new Assembly(this, stateFolder).open();
        }

        private static void refuse(boolean conflict, String why) {
            if (conflict) {
                throw new IllegalStateException(why);
            }
        }
    }

    /** {@link Builder#simulatedProbe}'s settings. */
    record Simulated(long seed, double failureRate) {}
}
