package dev.upshift.core.run;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Decision;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.spi.UpgradeStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * Wraps SPI implementations so that a call that hangs past a deadline throws
 * {@link DeadlineExceededException} instead of holding the reconcile (a hung append of the history
 * may still land late: the engine then finds it on its next read, as after a crash): each call runs on a daemon
 * thread of this object's pool and the reconcile thread waits at most the deadline for it.
 *
 * <p>A call given up on is not stopped (Java cannot stop it safely): it is interrupted, and may
 * still finish later. The engine asks again on its next reconcile with the same idempotency key, so
 * a publisher whose late first call lands and a second call that finds it done still make one
 * change. What was given up is a fault, never a failure.
 *
 * <p><b>Contract.</b> Thread-safe. {@link #close()} stops the pool.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Deadlines implements AutoCloseable {
    private final Duration deadline;
    private final ExecutorService pool;

    /**
     * Deadlines of one length.
     *
     * @param deadline how long a call may take; positive
     * @throws IllegalArgumentException unless the deadline is positive
     */
    public Deadlines(Duration deadline) {
        Objects.requireNonNull(deadline, "deadline");
        if (deadline.isZero() || deadline.isNegative()) {
            throw new IllegalArgumentException("a deadline is positive, not " + deadline);
        }
        this.deadline = deadline;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "upshift-spi-call-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The publisher, cut off at the deadline. */
    public ChangePublisher publisher(ChangePublisher p) {
        return (Upgrade u, MergeResult c) -> call("publish " + u.id(), () -> p.publish(u, c));
    }

    /** The probe, cut off at the deadline. */
    public StatusProbe probe(StatusProbe p) {
        return new StatusProbe() {
            @Override
            public UpgradeStatus probe(Upgrade u, Instant now) {
                return call("probe " + u.id(), () -> p.probe(u, now));
            }

            @Override
            public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
                return call("probe " + part.id(), () -> p.probe(part, which, now));
            }
        };
    }

    /** The strategy, cut off at the deadline. */
    public UpgradeStrategy strategy(UpgradeStrategy s) {
        return (UpgradeRequest r) -> this.<Decision>call("strategy " + r.upgrade().id(), () -> s.decide(r));
    }

    /** The hook, both sides cut off at the deadline; a part hook stays one, each of its calls cut off too. */
    public UpgradeHook hook(UpgradeHook h) {
        if (h instanceof UpgradePartHook parts) {
            return partHook(parts);
        }
        return new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(Upgrade upgrade) {
                return call("before-hook " + upgrade.id(), () -> h.beforeUpgrade(upgrade));
            }

            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                return call("after-hook " + finished.upgrade().id(), () -> h.afterUpgrade(finished));
            }
        };
    }

    private UpgradePartHook partHook(UpgradePartHook h) {
        return new UpgradePartHook() {
            @Override
            public HookResult beforeUpgrade(Upgrade upgrade) {
                return call("before-hook " + upgrade.id(), () -> h.beforeUpgrade(upgrade));
            }

            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                return call("after-hook " + finished.upgrade().id(), () -> h.afterUpgrade(finished));
            }

            @Override
            public HookResult beforeControlPlane(Upgrade part) {
                return call("before-hook " + part.id(), () -> h.beforeControlPlane(part));
            }

            @Override
            public HookResult afterControlPlane(Upgrade part) {
                return call("after-hook " + part.id(), () -> h.afterControlPlane(part));
            }

            @Override
            public HookResult beforeWorkers(Upgrade part) {
                return call("before-hook " + part.id(), () -> h.beforeWorkers(part));
            }

            @Override
            public HookResult afterWorkers(Upgrade part) {
                return call("after-hook " + part.id(), () -> h.afterWorkers(part));
            }
        };
    }

    /** The event sink, cut off at the deadline. */
    public EventSink events(EventSink s) {
        return e -> call("emit " + e.upgrade().id(), () -> {
            s.emit(e);
            return Boolean.TRUE;
        });
    }

    /** The history, every call cut off at the deadline. */
    public HistoryStore history(HistoryStore h) {
        return new HistoryStore() {
            @Override
            public void append(HistoryEntry entry) {
                call("append history", () -> {
                    h.append(entry);
                    return Boolean.TRUE;
                });
            }

            @Override
            public void appendAll(List<HistoryEntry> entries) {
                call("append history", () -> {
                    h.appendAll(entries);
                    return Boolean.TRUE;
                });
            }

            @Override
            public List<HistoryEntry> history(String clusterId) {
                return call("read history", () -> h.history(clusterId));
            }

            @Override
            public List<HistoryEntry> entries() {
                return call("read history", h::entries);
            }
        };
    }

    /** The fleet source, cut off at the deadline. */
    public FleetSource fleet(FleetSource s) {
        return () -> this.<FleetReading>call("read fleet", s::read);
    }

    private <T> T call(String what, Callable<T> body) {
        Future<T> f = pool.submit(body);
        try {
            return f.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new DeadlineExceededException(what, deadline);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new DeadlineExceededException(what + " (interrupted)", deadline);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
