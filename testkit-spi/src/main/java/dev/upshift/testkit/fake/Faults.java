package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import org.apiguardian.api.API;

/**
 * The fault switches of one kind of call of a fake: make the next calls, or every call, throw as
 * an adapter that cannot do its job does (the API server is down, the disk is full), or hang as one
 * that never answers, until the test releases it.
 *
 * <pre>{@code
 * publisher.faults().throwOnce();            // the next publish throws, the one after works
 * history.appendFaults().throwAlways();      // every append throws until cleared
 * Faults.Hang hang = probe.faults().hangOnce();
 * ...
 * hang.release();                            // the hung call goes on as if nothing happened
 * }</pre>
 *
 * <p>Switches queued with {@code ...Once} and {@code ...Times} apply first, in order; then the
 * standing switch ({@code ...Always}), if any. A hung call ends when released (it then does its
 * work) or when its thread is interrupted (as {@code core.run.Deadlines} does to a call it gives up
 * on): it then throws. Thread-safe: a fake may be called from a runner's threads.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Faults {
    private enum Mode { THROW, HANG }

    private final String call;
    private final Deque<Mode> queued = new ArrayDeque<>();
    private Mode standing;
    private String message;
    private final List<CountDownLatch> hanging = new ArrayList<>();
    private int thrown;
    private int calls;

    /**
     * Switches for one kind of call.
     *
     * @param call what the call is, for the messages of what it throws ({@code "publish"})
     */
    public Faults(String call) {
        this.call = Objects.requireNonNull(call, "call");
        this.message = "a fault the test switched on";
    }

    /** The next call throws. */
    public synchronized Faults throwOnce() {
        return throwTimes(1);
    }

    /**
     * The next {@code times} calls throw.
     *
     * @throws IllegalArgumentException unless {@code times} is positive
     */
    public synchronized Faults throwTimes(int times) {
        if (times < 1) {
            throw new IllegalArgumentException("a fault is switched on for at least one call, not " + times);
        }
        for (int i = 0; i < times; i++) {
            queued.add(Mode.THROW);
        }
        return this;
    }

    /** Every call throws until {@link #clear()}. */
    public synchronized Faults throwAlways() {
        standing = Mode.THROW;
        return this;
    }

    /** What thrown calls say, after the call's name ({@code "publish: connection refused"}). */
    public synchronized Faults saying(String why) {
        this.message = Objects.requireNonNull(why, "why");
        return this;
    }

    /** The next call hangs until released (or interrupted). */
    public synchronized Hang hangOnce() {
        queued.add(Mode.HANG);
        return new Hang(this);
    }

    /** Every call hangs until released (or interrupted), until {@link #clear()}. */
    public synchronized Hang hangAlways() {
        standing = Mode.HANG;
        return new Hang(this);
    }

    /** Back to normal: nothing queued, nothing standing, every hung call released. */
    public synchronized Faults clear() {
        queued.clear();
        standing = null;
        releaseHung();
        return this;
    }

    /** Lets every call hanging now go on. */
    public synchronized void releaseHung() {
        hanging.forEach(CountDownLatch::countDown);
        hanging.clear();
    }

    /** How many calls threw because of these switches. */
    public synchronized int thrown() {
        return thrown;
    }

    /** How many calls were made, whatever they did. */
    public synchronized int calls() {
        return calls;
    }

    /** How many calls hang now. */
    public synchronized int hanging() {
        return hanging.size();
    }

    /**
     * Called by a fake at the start of a call: throws, hangs, or returns for the call to do its
     * work.
     *
     * @throws IllegalStateException when the switches say so, or a hung call was interrupted
     */
    public void enter() {
        CountDownLatch latch;
        synchronized (this) {
            calls++;
            Mode mode = queued.isEmpty() ? standing : queued.poll();
            if (mode == null) {
                return;
            }
            if (mode == Mode.THROW) {
                thrown++;
                throw new IllegalStateException(call + ": " + message);
            }
            latch = new CountDownLatch(1);
            hanging.add(latch);
        }
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            synchronized (this) {
                hanging.remove(latch);
            }
            throw new IllegalStateException(call + " hung and was given up");
        }
    }

    @Override
    public synchronized String toString() {
        return call + " faults: " + queued.size() + " queued" + (standing == null ? "" : ", " + standing + " always");
    }

    /** A switched-on hang: {@link #release()} lets the calls hanging now go on. */
    public static final class Hang {
        private final Faults faults;

        private Hang(Faults faults) {
            this.faults = faults;
        }

        /** Lets every call of these switches that hangs now go on (they do their work). */
        public void release() {
            faults.releaseHung();
        }

        /** How many calls hang now. */
        public int hanging() {
            return faults.hanging();
        }
    }
}
