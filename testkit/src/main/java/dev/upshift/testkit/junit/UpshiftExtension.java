package dev.upshift.testkit.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.Engine;
import dev.upshift.testkit.TestClock;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeEvents;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.fake.FakeStrategy;
import dev.upshift.testkit.fleet.TestFleet;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that gives each test a {@link TestWorld} — the engine over the testkit's fakes
 * on a test clock — and resolves its parts as parameters of test and lifecycle methods:
 * {@link TestWorld}, {@link TestClock}, {@link TestFleet}, {@link Engine}, {@link FakeHistory},
 * {@link FakePublisher}, {@link FakeProbe}, {@link FakeHook}, {@link FakeStrategy} and
 * {@link FakeEvents}, all of the same world within one test, a new world for the next.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final UpshiftExtension upshift = UpshiftExtension.withFleet(() -> TestFleet.of(Path.of("fleet")))
 *         .startingAt(Instant.parse("2026-12-14T09:00:00Z"));
 *
 * @Test
 * void stagingFirst(TestWorld world, FakeProbe probe) { ... }
 * }</pre>
 *
 * <p>{@code @ExtendWith(UpshiftExtension.class)} works too, with no fleet (a test gives its world
 * one) and the clock at {@link #DEFAULT_START}; {@link StartAt} on a test or its class sets the
 * clock's start. After each test every hung fake call is released, so that no thread outlives it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftExtension implements ParameterResolver, AfterEachCallback {
    /** Where the clock starts unless told otherwise. */
    public static final Instant DEFAULT_START = Instant.parse("2026-01-05T09:00:00Z");

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(UpshiftExtension.class);
    private static final Map<Class<?>, Function<TestWorld, Object>> PARTS = Map.of(
            TestWorld.class, w -> w,
            TestClock.class, TestWorld::clock,
            TestFleet.class, TestWorld::fleet,
            Engine.class, TestWorld::engine,
            FakeHistory.class, TestWorld::history,
            FakePublisher.class, TestWorld::publisher,
            FakeProbe.class, TestWorld::probe,
            FakeHook.class, TestWorld::hook,
            FakeStrategy.class, TestWorld::strategy,
            FakeEvents.class, TestWorld::events);

    private final Supplier<TestFleet> fleet;
    private final Instant start;
    private TestFleet made;

    /** An extension with no fleet, its clock at {@link #DEFAULT_START}: what {@code @ExtendWith} makes. */
    public UpshiftExtension() {
        this(null, DEFAULT_START);
    }

    private UpshiftExtension(Supplier<TestFleet> fleet, Instant start) {
        this.fleet = fleet;
        this.start = start;
    }

    /** An extension whose worlds hold this fleet, made once, on first use. */
    public static UpshiftExtension withFleet(Supplier<TestFleet> fleet) {
        return new UpshiftExtension(Objects.requireNonNull(fleet, "fleet"), DEFAULT_START);
    }

    /** An extension whose worlds hold the fleet of this folder. */
    public static UpshiftExtension withFleet(Path folder) {
        Objects.requireNonNull(folder, "folder");
        return withFleet(() -> TestFleet.of(folder));
    }

    /** The same extension, its clocks starting at {@code instant} (a test's {@link StartAt} still wins). */
    public UpshiftExtension startingAt(Instant instant) {
        return new UpshiftExtension(fleet, Objects.requireNonNull(instant, "instant"));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return PARTS.containsKey(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        TestWorld world = world(context);
        try {
            return PARTS.get(type).apply(world);
        } catch (IllegalStateException e) {
            throw new ParameterResolutionException("cannot give " + parameter.getParameter() + ": " + e.getMessage()
                    + " (UpshiftExtension.withFleet(...) gives every world a fleet)", e);
        }
    }

    /** The world of the running test, made on first use. */
    public TestWorld world(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(context.getUniqueId(), id -> newWorld(context),
                TestWorld.class);
    }

    private TestWorld newWorld(ExtensionContext context) {
        Instant at = startAt(context).orElse(start);
        TestFleet f = fleet();
        return f == null ? TestWorld.at(at) : TestWorld.of(f, at);
    }

    private synchronized TestFleet fleet() {
        if (made == null && fleet != null) {
            made = Objects.requireNonNull(fleet.get(), "the fleet supplier gave no fleet");
        }
        return made;
    }

    private static Optional<Instant> startAt(ExtensionContext context) {
        Optional<StartAt> on = context.getElement().map(e -> e.getAnnotation(StartAt.class));
        if (on.isEmpty()) {
            on = context.getTestClass().map(c -> c.getAnnotation(StartAt.class));
        }
        return on.map(s -> Instant.parse(s.value()));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        TestWorld w = context.getStore(NAMESPACE).get(context.getUniqueId(), TestWorld.class);
        if (w != null) {
            w.releaseHung();
        }
    }
}
