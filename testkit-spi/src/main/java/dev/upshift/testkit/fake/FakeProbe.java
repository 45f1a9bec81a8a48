package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A {@link StatusProbe} that answers as a test scripts it: every upgrade succeeds at its first probe
 * unless told otherwise, for every cluster or for one.
 *
 * <pre>{@code
 * FakeProbe probe = new FakeProbe();
 * probe.answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));          // every cluster
 * probe.answer("prod-1", FakeProbe.Script.failAfterProbes(3, "node cp-2 did not drain"));
 * }</pre>
 *
 * <p>Delays count on the instant the engine passes ({@code now}, the test clock's), from the first
 * time the probe is asked about an attempt (the engine asks right after it publishes). Scripts that
 * count probes answer differently each time they are asked, which a real probe must not do (the
 * contract asks for equal answers while nothing changes): they stand for a cluster that moves on
 * between reconciles. It records every call. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeProbe implements StatusProbe {
    private final Faults faults = new Faults("probe");
    private Script standing = Script.succeedAtOnce();
    private final Map<String, Script> byCluster = new TreeMap<>();
    private final Map<String, Instant> firstAsked = new HashMap<>();
    private final Map<String, Integer> asked = new HashMap<>();
    private final List<Call> calls = new ArrayList<>();

    /**
     * One call: the upgrade, the instant, and the answer (empty when the call threw).
     *
     * @param upgrade the upgrade asked about
     * @param now the instant passed
     * @param answer what the probe answered
     */
    public record Call(Upgrade upgrade, Instant now, Optional<UpgradeStatus> answer) {
        /** Validates the parts. */
        public Call {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** The switches that make {@link #probe} throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** How every cluster without a script of its own answers. */
    public synchronized FakeProbe answer(Script script) {
        this.standing = Objects.requireNonNull(script, "script");
        return this;
    }

    /** How one cluster's upgrades answer. */
    public synchronized FakeProbe answer(String clusterId, Script script) {
        byCluster.put(Objects.requireNonNull(clusterId, "clusterId"), Objects.requireNonNull(script, "script"));
        return this;
    }

    @Override
    public UpgradeStatus probe(Upgrade upgrade, Instant now) {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(now, "now");
        try {
            faults.enter();
        } catch (RuntimeException e) {
            record(new Call(upgrade, now, Optional.empty()));
            throw e;
        }
        UpgradeStatus status;
        synchronized (this) {
            Instant first = firstAsked.computeIfAbsent(upgrade.id(), k -> now);
            int n = asked.merge(upgrade.id(), 1, Integer::sum);
            status = byCluster.getOrDefault(upgrade.cluster().id(), standing).answer(upgrade, first, n, now);
        }
        record(new Call(upgrade, now, Optional.of(status)));
        return status;
    }

    private synchronized void record(Call call) {
        calls.add(call);
    }

    /** Every call, in order. */
    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** How many times an attempt was asked about. */
    public synchronized int probes(String upgradeId) {
        return asked.getOrDefault(upgradeId, 0);
    }

    /**
     * The earliest instant after {@code now} at which a time-scripted answer of an attempt asked
     * about before changes: where a virtual clock jumps next.
     */
    public synchronized Optional<Instant> nextChange(Instant now) {
        Instant next = null;
        for (Call c : calls) {
            Script s = byCluster.getOrDefault(c.upgrade().cluster().id(), standing);
            Instant first = firstAsked.get(c.upgrade().id());
            if (s.delay != null && first != null) {
                Instant due = first.plus(s.delay);
                if (due.isAfter(now) && (next == null || due.isBefore(next))) {
                    next = due;
                }
            }
        }
        return Optional.ofNullable(next);
    }

    @Override
    public synchronized String toString() {
        return "fake probe: " + calls.size() + " calls";
    }

    /** How a cluster's upgrades answer. */
    public static final class Script {
        private final Duration delay;
        private final int probes;
        private final String failure;

        private Script(Duration delay, int probes, String failure) {
            this.delay = delay;
            this.probes = probes;
            this.failure = failure;
        }

        /** Succeeded at the first probe. */
        public static Script succeedAtOnce() {
            return new Script(Duration.ZERO, 0, null);
        }

        /** In progress until {@code delay} after the first probe, succeeded from then on. */
        public static Script succeedAfter(Duration delay) {
            return new Script(positiveOrZero(delay), 0, null);
        }

        /** Failed from {@code delay} after the first probe on, with {@code message}. */
        public static Script failAfter(Duration delay, String message) {
            return new Script(positiveOrZero(delay), 0, failure(message));
        }

        /** In progress for the first {@code n - 1} probes, succeeded from the {@code n}th on. */
        public static Script succeedAfterProbes(int n) {
            return new Script(null, atLeastOne(n), null);
        }

        /** In progress for the first {@code n - 1} probes, failed from the {@code n}th on, with {@code message}. */
        public static Script failAfterProbes(int n, String message) {
            return new Script(null, atLeastOne(n), failure(message));
        }

        /** In progress, whatever the time (the engine's timeout then fails it). */
        public static Script stayInProgress() {
            return new Script(null, Integer.MAX_VALUE, null);
        }

        UpgradeStatus answer(Upgrade u, Instant first, int n, Instant now) {
            boolean done = delay != null ? !now.isBefore(first.plus(delay)) : n >= probes;
            if (!done) {
                return UpgradeStatus.inProgress("Upgrading", "the fake probe says " + u + " is under way", first);
            }
            Instant at = delay != null ? first.plus(delay) : now;
            return failure == null ? UpgradeStatus.succeeded("Upgraded", u + " succeeded", at)
                    : UpgradeStatus.failed("UpgradeFailed", u + ": " + failure, at);
        }

        private static Duration positiveOrZero(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("a probe's delay is not negative, not " + d);
            }
            return d;
        }

        private static int atLeastOne(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("a probe answers from its first call on, not from call " + n);
            }
            return n;
        }

        private static String failure(String message) {
            if (message.isBlank()) {
                throw new IllegalArgumentException("a failed upgrade says why");
            }
            return message;
        }

        @Override
        public String toString() {
            String outcome = failure == null ? "succeed" : "fail (" + failure + ")";
            return delay != null ? outcome + " after " + delay : outcome + " at probe " + probes;
        }
    }
}
