package dev.upshift.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;

/**
 * A {@link Clock} that stands still until a test moves it: hand it to whatever reads the time, then
 * {@link #advance} it or {@link #set} it, and every copy made by {@link #withZone} moves along.
 *
 * <pre>{@code
 * TestClock clock = TestClock.at(Instant.parse("2026-03-10T07:00:00Z"));
 * clock.advance(Duration.ofHours(2));
 * clock.instant();                                  // 2026-03-10T09:00:00Z
 * }</pre>
 *
 * <p>Thread-safe: readers see every move made before their read.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestClock extends Clock {
    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private TestClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** A clock at {@code instant}, in UTC. */
    public static TestClock at(Instant instant) {
        return new TestClock(new AtomicReference<>(Objects.requireNonNull(instant, "instant")), ZoneOffset.UTC);
    }

    /** Moves the clock forward by {@code amount}, which must not be negative: time does not go back by itself. */
    public void advance(Duration amount) {
        if (amount.isNegative()) {
            throw new IllegalArgumentException("a clock advances by a duration that is not negative, not " + amount);
        }
        now.updateAndGet(t -> t.plus(amount));
    }

    /** Puts the clock at {@code instant}, earlier or later than now. */
    public void set(Instant instant) {
        now.set(Objects.requireNonNull(instant, "instant"));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** A view of this clock in another zone: it shows the same instant and moves with it. */
    @Override
    public TestClock withZone(ZoneId other) {
        return new TestClock(now, Objects.requireNonNull(other, "zone"));
    }

    @Override
    public String toString() {
        return "TestClock[" + now.get() + ", " + zone + "]";
    }
}
