package dev.upshift.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Plan;
import dev.upshift.front.Upshift;
import dev.upshift.release.Version;
import dev.upshift.testkit.fake.FakeEvents;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.fake.FakeStrategy;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The engine in a world of fakes, on a test clock: a {@link TestFleet}, a {@link FakeHistory}, a
 * {@link FakePublisher} whose target is where clusters move, a {@link FakeProbe}, one
 * {@link FakeHook} (named {@value #HOOK}), one {@link FakeStrategy}, {@link FakeEvents} and a
 * {@link TestClock}. The engine reads the fleet's documents with the releases the publisher moved
 * clusters to, so that a published hop counts as done once the probe says so.
 *
 * <pre>{@code
 * TestWorld world = TestWorld.of(fleet, Instant.parse("2026-03-10T10:00:00Z"));
 * world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(1)));
 * world.publisher().faults().throwOnce();
 * world.runUntil(Instant.parse("2026-03-11T10:00:00Z"));
 * assertThat(world.history()).isValid();
 * }</pre>
 *
 * <p>The engine is built on first use; {@link #configure} adds to its configuration before that.
 * Not thread-safe, as the engine is not.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestWorld {
    /** The name the world's hook is registered under. */
    public static final String HOOK = "test-hook";
    /** The most reconciles {@link #runUntil} makes before it gives up. */
    public static final int MAX_RECONCILES = 10_000;

    private final TestClock clock;
    private TestFleet fleet;
    private final FakeHistory history = new FakeHistory();
    private final FakePublisher publisher = new FakePublisher();
    private final FakeProbe probe = new FakeProbe();
    private final FakeHook hook = new FakeHook();
    private final FakeStrategy strategy = new FakeStrategy();
    private final FakeEvents events = new FakeEvents();
    private final List<Consumer<Upshift.Builder>> configuration = new ArrayList<>();
    private Engine engine;

    private TestWorld(TestFleet fleet, TestClock clock) {
        this.fleet = fleet;
        this.clock = clock;
    }

    /** A world of this fleet, its clock at {@code start}. */
    public static TestWorld of(TestFleet fleet, Instant start) {
        return new TestWorld(Objects.requireNonNull(fleet, "fleet"), TestClock.at(start));
    }

    /** A world whose fleet is given later ({@link #fleet(TestFleet)}), its clock at {@code start}. */
    public static TestWorld at(Instant start) {
        return new TestWorld(null, TestClock.at(start));
    }

    /** The clock every reconcile of {@link #reconcile()} reads. */
    public TestClock clock() {
        return clock;
    }

    /**
     * The fleet.
     *
     * @throws IllegalStateException when none was given
     */
    public TestFleet fleet() {
        if (fleet == null) {
            throw new IllegalStateException("this world has no fleet yet: give it one with world.fleet(...),"
                    + " or build the world with TestWorld.of(fleet, start)");
        }
        return fleet;
    }

    /** Puts another fleet in place: the engine reads it on its next pass (a changed intent, a new cluster). */
    public TestWorld fleet(TestFleet next) {
        this.fleet = Objects.requireNonNull(next, "fleet");
        return this;
    }

    /** The history the engine journals in. */
    public FakeHistory history() {
        return history;
    }

    /** The publisher the engine publishes through. */
    public FakePublisher publisher() {
        return publisher;
    }

    /** The probe the engine observes upgrades with. */
    public FakeProbe probe() {
        return probe;
    }

    /** The hook registered as {@value #HOOK}. */
    public FakeHook hook() {
        return hook;
    }

    /** The strategy registered (asked for {@code inPlace} and {@code external} upgrades). */
    public FakeStrategy strategy() {
        return strategy;
    }

    /** The event sink. */
    public FakeEvents events() {
        return events;
    }

    /**
     * Adds to the engine's configuration (more hooks, an epoch, crash points, a part in place of a
     * fake), applied after the world's own when the engine is built with the front builder.
     *
     * @throws IllegalStateException when the engine is already built
     */
    public TestWorld configure(Consumer<Upshift.Builder> more) {
        if (engine != null) {
            throw new IllegalStateException("the engine is already built; configure the world before its first use");
        }
        configuration.add(Objects.requireNonNull(more, "more"));
        return this;
    }

    /** Where the engine reads the fleet: the fleet's documents, with the releases published so far. */
    public FleetSource fleetSource() {
        return () -> new FleetReading(fleet().prepared(), publisher.releases());
    }

    /** The engine over the fakes, built on first use. */
    public Engine engine() {
        if (engine == null) {
            Upshift.Builder b = Upshift.builder().fleet(fleetSource()).history(history).publisher(publisher)
                    .probe(probe).addHook(HOOK, hook).addStrategy(strategy).events(events);
            configuration.forEach(c -> c.accept(b));
            engine = b.build().engine();
        }
        return engine;
    }

    /** Forgets the engine (its memory of hooks to ask again is lost, as in a restart); the fakes stay. */
    public TestWorld restart() {
        engine = null;
        return this;
    }

    /** One reconcile at the clock's instant. */
    public Reconciliation reconcile() {
        return engine().reconcile(clock.instant());
    }

    /**
     * Reconciles at the clock's instant, then moves the clock to the next instant at which something
     * can change (the engine's next wake, or a time-scripted probe answer), and again, until
     * {@code until}; the last reconcile is at {@code until} when anything was still to come.
     *
     * @return every reconcile, in order
     * @throws IllegalStateException after {@value #MAX_RECONCILES} reconciles
     */
    public List<Reconciliation> runUntil(Instant until) {
        List<Reconciliation> out = new ArrayList<>();
        while (true) {
            if (out.size() >= MAX_RECONCILES) {
                throw new IllegalStateException("the world reconciled " + MAX_RECONCILES + " times and reached only "
                        + clock.instant() + " of " + until);
            }
            Instant now = clock.instant();
            Reconciliation r = reconcile();
            out.add(r);
            if (!now.isBefore(until)) {
                return out;
            }
            Optional<Instant> next = earliest(r.nextWake(), probe.nextChange(now));
            if (next.isEmpty()) {
                return out;
            }
            clock.set(next.get().isBefore(until) ? next.get() : until);
        }
    }

    /**
     * Reconciles every {@code step}, from the clock's instant until {@code until}, as a controller
     * on a timer does.
     *
     * @return every reconcile, in order
     */
    public List<Reconciliation> runEvery(Duration step, Instant until) {
        if (step.isZero() || step.isNegative()) {
            throw new IllegalArgumentException("a world runs with a positive step, not " + step);
        }
        List<Reconciliation> out = new ArrayList<>();
        while (!clock.instant().isAfter(until)) {
            out.add(reconcile());
            clock.advance(step);
        }
        return out;
    }

    /** The release a cluster runs: the publisher's, or its document's. */
    public Version release(String clusterId) {
        return publisher.release(clusterId).orElseGet(() -> fleet().cluster(clusterId).orElseThrow(
                () -> new IllegalArgumentException("the fleet has no cluster named " + clusterId)).release());
    }

    /** The plan at the clock's instant, with the history and the releases published so far. */
    public Plan plan() {
        return fleet().prepared().plan(clock.instant(), history.all(), publisher.releases());
    }

    /** Lets every hung call of every fake go on. */
    public void releaseHung() {
        publisher.faults().releaseHung();
        probe.faults().releaseHung();
        history.appendFaults().releaseHung();
        history.readFaults().releaseHung();
        hook.beforeFaults().releaseHung();
        hook.afterFaults().releaseHung();
        strategy.faults().releaseHung();
        events.faults().releaseHung();
    }

    private static Optional<Instant> earliest(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        return Optional.of(a.get().isBefore(b.get()) ? a.get() : b.get());
    }

    @Override
    public String toString() {
        return "test world at " + clock.instant() + ": " + history.all().size() + " history entries";
    }
}
