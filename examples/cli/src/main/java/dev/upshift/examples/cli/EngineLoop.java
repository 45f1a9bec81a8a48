package dev.upshift.examples.cli;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.Reconciliation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Reconciles on a real clock ({@code upshift run}): at once, then at the engine's next wake-up or
 * after {@code every}, whichever comes first, until {@link #stop()} is called (from another thread,
 * or a shutdown hook): the reconcile under way finishes, and no other starts.
 */
final class EngineLoop {
    private final Engine engine;
    private final Clock clock;
    private final Duration every;
    private volatile boolean stopped;
    private final Object lock = new Object();

    /**
     * A loop.
     *
     * @param engine the engine
     * @param clock the clock whose instants the reconciles get
     * @param every the longest wait between two reconciles; positive
     * @throws IllegalArgumentException unless {@code every} is positive
     */
    EngineLoop(Engine engine, Clock clock, Duration every) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(every, "every");
        if (every.isZero() || every.isNegative()) {
            throw new IllegalArgumentException("a loop reconciles at a positive interval, not " + every);
        }
        this.every = every;
    }

    /**
     * Runs until stopped.
     *
     * @param each told of every reconcile, on this thread
     */
    void run(Consumer<Reconciliation> each) {
        run(() -> {}, each);
    }

    /**
     * Runs until stopped, calling {@code before} ahead of every reconcile (to journal the acts queued
     * meanwhile).
     */
    void run(Runnable before, Consumer<Reconciliation> each) {
        while (!stopped) {
            before.run();
            Instant now = clock.instant();
            Reconciliation r = engine.reconcile(now);
            each.accept(r);
            Instant next = now.plus(every);
            if (r.nextWake().isPresent() && r.nextWake().get().isBefore(next)) {
                next = r.nextWake().get();
            }
            long millis = Duration.between(clock.instant(), next).toMillis();
            synchronized (lock) {
                if (!stopped && millis > 0) {
                    try {
                        lock.wait(millis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    /** Stops the loop after the reconcile under way. */
    void stop() {
        stopped = true;
        synchronized (lock) {
            lock.notifyAll();
        }
    }
}
