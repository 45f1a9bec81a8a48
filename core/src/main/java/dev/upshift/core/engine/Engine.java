package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.ActEntries;
import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanSession;
import dev.upshift.spi.Act;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The engine: carries a fleet's plan out through the SPIs, one safe step at a time (DESIGN.md
 * sections 3 and 7; docs/engine.md).
 *
 * <pre>{@code
 * Engine engine = Engine.builder()
 *         .fleet(() -> FleetReading.of(Planner.standard().prepare(input)))
 *         .history(store)
 *         .publisher(publisher)
 *         .probe(probe)
 *         .addHook("silence-alerts", alerts)
 *         .build();
 * Reconciliation r = engine.reconcile(now);
 * }</pre>
 *
 * <h2>A reconcile</h2>
 * {@link #reconcile(Instant)} is level-triggered, like a Kubernetes controller's: it reads the
 * history and the fleet again, plans at the instant it is given, and for each cluster takes the next
 * safe step: a started attempt whose publication is not journaled is published again (with the same
 * idempotency key); a published one is probed, and its outcome journaled; an attempt with an
 * outcome has its owed after-hooks asked, its event emitted, and is journaled as finished; a cluster
 * the plan finds {@code ready} and with nothing in flight starts the first hop of its path, once its
 * before-hooks proceed and a strategy (or the fallback) takes its machines. When a step makes another
 * possible at the same instant (a hop finished; the next may start), the reconcile plans again, so
 * that a second reconcile at the same instant records nothing.
 *
 * <h2>Hops in two parts</h2>
 * With an {@link dev.upshift.spi.UpgradePartHook} registered, a hop that moves both the control
 * plane's documents and the workers' is published in two parts, as Cluster API steps a cluster:
 * the control plane's (the release unchanged), followed until the probe says it is done, the part
 * hooks asked, then the workers' with the release; each part journaled ahead under its own key
 * ({@code <key>/control-plane}, {@code <key>/workers}). docs/engine.md, "Hops in two parts".
 *
 * <h2>Write-ahead</h2>
 * A hop's attempt is journaled ({@code starting}, with the after-hooks it will owe) before the
 * publisher is called, under an idempotency key per (cluster, hop, attempt) that the publisher
 * receives as {@link dev.upshift.spi.Upgrade#id()}. Entries of one phase of a reconcile are appended
 * as one group ({@link HistoryStore#appendAll}). Where an append fails, the reconcile stops before
 * acting on what it could not record.
 *
 * <p><b>Contract.</b> Not thread-safe: one thread reconciles at a time. The engine reads no clock
 * and starts no threads: time is the argument, effects go through the SPIs. A call to an SPI that
 * throws is a {@link Fault}: that cluster's step is not taken this reconcile and is tried again on
 * the next; a fault never fails an upgrade. What a {@link CrashPoints} throws leaves at once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Engine {
    /** Who the engine's own skip of an unreachable cluster is journaled as ({@link Builder#unreachableAfter}). */
    public static final String UNREACHABLE_BY = "upshift";

    static final int MAX_PASSES = 8;

    private final Ports ports;
    private final Memory memory;
    private final Optional<Duration> unreachableAfter;
    private final List<EngineObserver> observers;

    private Engine(Builder b) {
        this.ports = new Ports(b.fleet, b.history, b.publisher, b.probe, b.hooks, b.strategies, b.events, b.epoch,
                b.crashPoints);
        this.memory = new Memory(b.session);
        this.unreachableAfter = Optional.ofNullable(b.unreachableAfter);
        this.observers = List.copyOf(b.observers);
    }

    /** Starts an engine's configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Takes every step that is due at {@code now}.
     *
     * @param now the instant: the plan's, and the time every recorded entry carries
     * @return what was recorded, what failed, and when to reconcile next
     * @throws RuntimeException what the history store throws when it refuses a writer (another engine
     *     took over: {@link dev.upshift.common.problem.StaleWriterException}); the engine must stop
     */
    public Reconciliation reconcile(Instant now) {
        return reconcile(now, true);
    }

    /**
     * Takes every step due at {@code now} for what is already under way, and starts nothing new:
     * publishes journaled attempts, probes those in flight, finishes those with an outcome. What a
     * loop calls at its last instant, as a controller drains before it stops; the time-lapse and
     * {@code simulate} end on it, so that nothing starts at the instant a range ends.
     *
     * @param now the instant
     * @return what was recorded; {@link Reconciliation#started()} is empty
     * @throws RuntimeException as {@link #reconcile(Instant)}
     */
    public Reconciliation settle(Instant now) {
        return reconcile(now, false);
    }

    private Reconciliation reconcile(Instant now, boolean starts) {
        Objects.requireNonNull(now, "now");
        observers.forEach(o -> Observing.tell(() -> o.reconciling(now)));
        List<HistoryEntry> recorded = new ArrayList<>();
        List<PlanEntry> started = new ArrayList<>();
        List<Fault> faults = new ArrayList<>();
        Optional<PassView> view = Optional.empty();
        Optional<Instant> wake = Optional.empty();
        Set<String> faulted = new HashSet<>();
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            Optional<PassView> read = view(now, faults);
            if (read.isEmpty()) {
                break;
            }
            view = read;
            Pass p = new Pass(view.get(), faulted, starts);
            memory.session(view.get().reading()).nextInstant(now).ifPresent(p::wakeAt);
            p.run();
            recorded.addAll(p.recorded());
            started.addAll(p.started());
            faults.addAll(p.faults());
            p.faults().forEach(f -> f.cluster().ifPresent(faulted::add));
            wake = p.nextWake();
            if (p.stopped() || !opensMore(p.recorded())) {
                break;
            }
        }
        if (starts && unreachableAfter.isPresent() && view.isPresent()) {
            recorded.addAll(unreachable(view.get(), faults, unreachableAfter.get()));
        }
        Reconciliation done = new Reconciliation(now, recorded, dedupe(faults), view.map(PassView::plan), wake, started);
        observers.forEach(o -> Observing.tell(() -> o.reconciled(done)));
        return done;
    }

    /**
     * Takes out of their runs the clusters whose probe has answered nothing but faults for
     * {@code limit} ({@link Builder#unreachableAfter}): a skip act by {@code upshift}, so that an
     * unreachable cluster does not hold its stage for ever; it joins the upgrade's next run.
     */
    private List<HistoryEntry> unreachable(PassView v, List<Fault> faults, Duration limit) {
        Set<String> faulted = new HashSet<>();
        faults.stream().filter(f -> f.site() == CallSite.PROBE).forEach(f -> f.cluster().ifPresent(faulted::add));
        for (String c : v.journal().activeClusters()) {
            if (!faulted.contains(c)) {
                memory.reachable(c);
            }
        }
        List<HistoryEntry> out = new ArrayList<>();
        for (String c : new java.util.TreeSet<>(faulted)) {
            Instant since = memory.unreachableSince(c, v.now());
            Optional<PlanEntry> e = v.plan().entry(c);
            if (Duration.between(since, v.now()).compareTo(limit) < 0 || e.isEmpty() || e.get().upgrade().isEmpty()) {
                continue;
            }
            ActRequest skip = ActRequest.cluster(Act.Kind.SKIP, UNREACHABLE_BY, c, "UNREACHABLE: its probe has answered"
                    + " nothing but faults since " + since + ", for " + dev.upshift.common.value.Durations.format(limit)
                    + " or more");
            ActRequest.Resolution r = skip.resolve(v.reading().fleet(), v.plan(), v.journal(), v.now());
            if (r.act().isPresent() && v.journal().acts().skipped(c, e.get().upgrade().get(), r.act().get().release())
                    .isEmpty()) {
                HistoryEntry entry = ActEntries.entry(r.act().get(), ports.epoch());
                ports.history().append(entry);
                out.add(entry);
            }
            memory.reachable(c);
        }
        return out;
    }


    /** What a pass at {@code now} would see: for tests of one step on its own. */
    PassView view(Instant now) {
        List<Fault> faults = new ArrayList<>();
        return view(now, faults).orElseThrow(() -> new IllegalStateException("the world could not be read: " + faults));
    }

    /**
     * Reads the history and the fleet and plans them at {@code now}: what a pass sees; empty, with
     * the fault in {@code faults}, when either cannot be read.
     */
    private Optional<PassView> view(Instant now, List<Fault> faults) {
        List<HistoryEntry> journal;
        FleetReading reading;
        try {
            journal = ports.history().entries();
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.READ_HISTORY, null, e));
            return Optional.empty();
        }
        try {
            reading = ports.fleet().read();
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.READ_FLEET, null, e));
            return Optional.empty();
        }
        PlanSession session = memory.session(reading);
        Plan plan = session.plan(now, journal, reading.releases());
        return Optional.of(new PassView(now, ports, memory, reading, memory.fleetIndex(reading), plan,
                session.journal()));
    }

    /**
     * Upgrades one cluster now, as a person asked (seed 000's single command): the next hop of its
     * path to {@code to} (the plan's target when absent) starts at once, whatever its windows and
     * stages say, after its before-hooks and strategies as in a reconcile, and recorded as a
     * person's decision with {@code reason}. A cluster already upgrading, or already at the release,
     * is left alone and the answer says so; what needs a person first (no path, a failing conflict,
     * an immutable field, a freeze) is refused with the reason. Later hops are started by calling
     * again once the hop finished ({@link #reconcile} follows the attempt meanwhile).
     *
     * @param now the instant
     * @param clusterId the cluster
     * @param to the release to go to; absent: the plan's target
     * @param reason why, recorded in the history; may be empty
     * @return what happened
     */
    public Application apply(Instant now, String clusterId, Optional<dev.upshift.release.Version> to, String reason) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(reason, "reason");
        List<Fault> faults = new ArrayList<>();
        Optional<PassView> view = view(now, faults);
        if (view.isEmpty()) {
            Fault f = faults.get(0);
            return new Application(Application.Kind.FAULTED, "the fleet or its history could not be read: "
                    + f.message(), List.of(), List.of(new Fault(CallSite.READ_FLEET, Optional.of(clusterId), f.message())));
        }
        return new Pass(view.get(), new HashSet<>(), true).apply(clusterId, to, reason);
    }

    /**
     * Journals a person's act that steers a rollout (approve a stage's gate, pause, resume, cancel,
     * retry, skip; docs/engine.md, "Steering"), after checking it against the fleet and its history
     * at {@code now}: the act names the upgrade's current target, or the cluster's failed hop. It
     * takes effect at the next reconcile; nothing is published here.
     *
     * @param now the instant the act is recorded at
     * @param request what the person asks for
     * @return what was recorded, or why nothing was
     * @throws RuntimeException what the history store throws when it refuses this writer (another
     *     engine took over)
     */
    public Acted act(Instant now, ActRequest request) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(request, "request");
        List<Fault> faults = new ArrayList<>();
        Optional<PassView> view = view(now, faults);
        if (view.isEmpty()) {
            return new Acted(Acted.Kind.FAULTED, "the fleet or its history could not be read: "
                    + faults.get(0).message(), Optional.empty());
        }
        PassView v = view.get();
        ActRequest.Resolution r = request.resolve(v.reading().fleet(), v.plan(), v.journal(), now);
        if (r.act().isEmpty()) {
            return new Acted(Acted.Kind.REFUSED, r.refusal(), Optional.empty());
        }
        return record(r.act().get());
    }

    /**
     * Journals an act resolved elsewhere (a queue of acts a command wrote while this engine held the
     * journal), unless the journal holds it already: the same subject, person and instant.
     *
     * @param act the act
     * @return what was recorded
     * @throws RuntimeException as {@link #act}
     */
    public Acted record(Act act) {
        Objects.requireNonNull(act, "act");
        List<HistoryEntry> journal;
        try {
            journal = ports.history().entries();
        } catch (RuntimeException e) {
            return new Acted(Acted.Kind.FAULTED, "the history could not be read: " + Fault.of(CallSite.READ_HISTORY,
                    null, e).message(), Optional.empty());
        }
        for (HistoryEntry e : journal) {
            if (e.step() == HistoryEntry.Step.ACTED && ActEntries.of(e).filter(act::equals).isPresent()) {
                return new Acted(Acted.Kind.RECORDED, act.by() + "'s " + act.kind() + " was recorded before",
                        Optional.of(act));
            }
        }
        ports.history().append(ActEntries.entry(act, ports.epoch()));
        return new Acted(Acted.Kind.RECORDED, "recorded: " + ActEntries.subject(act) + " by " + act.by()
                + "; it takes effect at the next reconcile", Optional.of(act));
    }

    /**
     * Whether a pass's entries can make another step possible at the same instant: an outcome
     * (its finish may follow), a hop finished (the next hop, or the next stage, may start) or a
     * cluster left. A start is published in the pass that journals it, and a hold or a decline
     * never lets anything else start.
     */
    private static boolean opensMore(List<HistoryEntry> recorded) {
        return recorded.stream().anyMatch(e -> switch (e.step()) {
            case SUCCEEDED, FAILED, FINISHED, SKIPPED -> true;
            default -> false;
        });
    }

    private static List<Fault> dedupe(List<Fault> faults) {
        Set<Fault> seen = new HashSet<>();
        List<Fault> out = new ArrayList<>();
        for (Fault f : faults) {
            if (seen.add(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /** Configures an {@link Engine}; every setter checks its argument at once. */
    public static final class Builder {
        private FleetSource fleet;
        private HistoryStore history;
        private ChangePublisher publisher;
        private StatusProbe probe;
        private final List<NamedHook> hooks = new ArrayList<>();
        private final List<UpgradeStrategy> strategies = new ArrayList<>();
        private EventSink events = EventSink.noop();
        private long epoch;
        private CrashPoints crashPoints = CrashPoints.none();
        private PlanSession session;
        private Duration unreachableAfter;
        private final List<EngineObserver> observers = new ArrayList<>();

        private Builder() {}

        /**
         * Takes a cluster out of its upgrade's run once its probe has answered nothing but faults for
         * {@code limit}: the engine journals a skip act by {@value Engine#UNREACHABLE_BY} with the reason
         * {@code UNREACHABLE}, so that its stage neither counts nor waits for it; it joins the
         * upgrade's next run. The time counts from the first fault this engine saw (again after a
         * restart). Off by default.
         *
         * @throws IllegalArgumentException unless {@code limit} is positive
         */
        public Builder unreachableAfter(Duration limit) {
            Objects.requireNonNull(limit, "unreachableAfter");
            if (limit.isZero() || limit.isNegative()) {
                throw new IllegalArgumentException("unreachableAfter must be positive, not " + limit);
            }
            this.unreachableAfter = limit;
            return this;
        }

        /** Where the fleet is read from, once per pass. */
        public Builder fleet(FleetSource source) {
            this.fleet = Objects.requireNonNull(source, "fleet");
            return this;
        }

        /** The journal every step is recorded in before it is acted on. */
        public Builder history(HistoryStore store) {
            this.history = Objects.requireNonNull(store, "history");
            return this;
        }

        /** Where changes go. */
        public Builder publisher(ChangePublisher to) {
            this.publisher = Objects.requireNonNull(to, "publisher");
            return this;
        }

        /** How upgrades in flight are observed. */
        public Builder probe(StatusProbe by) {
            this.probe = Objects.requireNonNull(by, "probe");
            return this;
        }

        /**
         * Adds a hook, asked after those added before it.
         *
         * @param name how the journal names it among the after-hooks an attempt owes; unique, not blank
         * @throws IllegalArgumentException when the name is blank or taken
         */
        public Builder addHook(String name, UpgradeHook hook) {
            NamedHook h = new NamedHook(name, hook);
            if (hooks.stream().anyMatch(k -> k.name().equals(name))) {
                throw new IllegalArgumentException("two hooks are named " + name
                        + ": the journal owes after-hooks by name");
            }
            hooks.add(h);
            return this;
        }

        /** Adds a strategy, asked after those added before it. */
        public Builder addStrategy(UpgradeStrategy strategy) {
            strategies.add(Objects.requireNonNull(strategy, "strategy"));
            return this;
        }

        /** Where finished upgrades are reported; {@link EventSink#noop()} by default. */
        public Builder events(EventSink sink) {
            this.events = Objects.requireNonNull(sink, "events");
            return this;
        }

        /**
         * The writer's epoch, carried by every entry it records (fencing; 0 by default).
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
         * The session to plan through while the fleet read is the session's fleet (by default the
         * engine makes its own on its first reconcile): a caller that planned the fleet already, as
         * {@code simulate} plans its first instant, lets the engine go on from that plan.
         */
        public Builder planSession(PlanSession planned) {
            this.session = Objects.requireNonNull(planned, "planned");
            return this;
        }

        /** Adds an observer, told of each reconcile after those added before it (metrics, events sent out). */
        public Builder addObserver(EngineObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer"));
            return this;
        }

        /** Told at each {@link CrashPoint}: for tests that kill the engine there. */
        public Builder crashPoints(CrashPoints points) {
            this.crashPoints = Objects.requireNonNull(points, "crashPoints");
            return this;
        }

        /**
         * Builds the engine.
         *
         * @throws NullPointerException when the fleet, history, publisher or probe is missing
         */
        public Engine build() {
            return new Engine(this);
        }
    }
}
