package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradePartHook;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An {@link UpgradePartHook} that answers as a test scripts it, at each of its four points on its
 * own (before and after each {@link UpgradePart}): it proceeds unless told to hold
 * ({@code retryAfter}) or abort, for the next calls or for every call, and records every call. Its
 * {@link #beforeUpgrade} and {@link #afterUpgrade} always proceed (script those with a
 * {@link FakeHook} registered beside it).
 *
 * <pre>{@code
 * FakePartHook gate = new FakePartHook();
 * gate.holdBefore(UpgradePart.WORKERS, Duration.ofMinutes(15));            // workers wait for a person
 * gate.afterNext(UpgradePart.CONTROL_PLANE, HookResult.abort("etcd is not healthy"));
 * gate.faults().throwOnce();                                            // the check's API is down once
 * world.configure(b -> b.addHook("gate", gate));                       // hops now go in two parts
 * }</pre>
 *
 * <p>Registering it makes the engine carry out every hop that moves both the control plane and the
 * workers in two parts. Answers queued with {@code ...Next} come first, in order; then the standing
 * answer. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakePartHook implements UpgradePartHook {
    private final Faults faults = new Faults("part-hook");
    private final Map<String, Deque<HookResult>> next = new HashMap<>();
    private final Map<String, HookResult> always = new HashMap<>();
    private final List<String> calls = new ArrayList<>();

    /** The switches that make the four part methods throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** The next calls before this part answer these, in order. */
    public synchronized FakePartHook beforeNext(UpgradePart part, HookResult... answers) {
        next.computeIfAbsent(point(true, part), k -> new ArrayDeque<>()).addAll(List.of(answers));
        return this;
    }

    /** Every call before this part answers this (after any queued answers). */
    public synchronized FakePartHook beforeAlways(UpgradePart part, HookResult answer) {
        always.put(point(true, part), Objects.requireNonNull(answer, "answer"));
        return this;
    }

    /** The next calls after this part answer these, in order. */
    public synchronized FakePartHook afterNext(UpgradePart part, HookResult... answers) {
        next.computeIfAbsent(point(false, part), k -> new ArrayDeque<>()).addAll(List.of(answers));
        return this;
    }

    /** Every call after this part answers this (after any queued answers). */
    public synchronized FakePartHook afterAlways(UpgradePart part, HookResult answer) {
        always.put(point(false, part), Objects.requireNonNull(answer, "answer"));
        return this;
    }

    /** Every call before this part holds the hop for {@code delay}, until told otherwise. */
    public FakePartHook holdBefore(UpgradePart part, Duration delay) {
        return beforeAlways(part, HookResult.retryAfter(delay));
    }

    /** Every call after this part holds the hop for {@code delay}, until told otherwise. */
    public FakePartHook holdAfter(UpgradePart part, Duration delay) {
        return afterAlways(part, HookResult.retryAfter(delay));
    }

    /** Every point proceeds from now on; queued answers are dropped. */
    public synchronized FakePartHook proceedAlways() {
        next.clear();
        always.clear();
        return this;
    }

    @Override
    public HookResult beforeUpgrade(Upgrade upgrade) {
        record("beforeUpgrade " + Objects.requireNonNull(upgrade, "upgrade").id());
        return HookResult.proceed();
    }

    @Override
    public HookResult afterUpgrade(UpgradeEvent finished) {
        Objects.requireNonNull(finished, "finished");
        record("afterUpgrade " + finished.upgrade().id() + " " + finished.outcome());
        return HookResult.proceed();
    }

    @Override
    public HookResult beforeControlPlane(Upgrade part) {
        return answer(true, UpgradePart.CONTROL_PLANE, part);
    }

    @Override
    public HookResult afterControlPlane(Upgrade part) {
        return answer(false, UpgradePart.CONTROL_PLANE, part);
    }

    @Override
    public HookResult beforeWorkers(Upgrade part) {
        return answer(true, UpgradePart.WORKERS, part);
    }

    @Override
    public HookResult afterWorkers(Upgrade part) {
        return answer(false, UpgradePart.WORKERS, part);
    }

    private HookResult answer(boolean before, UpgradePart which, Upgrade part) {
        Objects.requireNonNull(part, "part");
        String point = point(before, which);
        record(point + " " + part.id());
        faults.enter();
        synchronized (this) {
            Deque<HookResult> queued = next.get(point);
            return queued != null && !queued.isEmpty() ? queued.poll()
                    : always.getOrDefault(point, HookResult.proceed());
        }
    }

    private synchronized void record(String call) {
        calls.add(call);
    }

    /** {@code beforeControlPlane}, {@code afterControlPlane}, {@code beforeWorkers}, {@code afterWorkers}. */
    private static String point(boolean before, UpgradePart part) {
        Objects.requireNonNull(part, "part");
        return (before ? "before" : "after") + (part == UpgradePart.CONTROL_PLANE ? "ControlPlane" : "Workers");
    }

    /**
     * Every call as a line, in order, thrown ones included: the method's name and the id asked
     * about ({@code beforeWorkers <key>/workers}); {@code afterUpgrade} lines end with the outcome.
     */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    @Override
    public synchronized String toString() {
        return "fake part hook: " + calls.size() + " calls";
    }
}
