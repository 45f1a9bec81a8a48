package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An {@link UpgradeHook} that answers as a test scripts it, each side on its own: it proceeds unless
 * told to hold ({@code retryAfter}) or abort, for the next calls or for every call, and records
 * every call.
 *
 * <pre>{@code
 * FakeHook approval = new FakeHook();
 * approval.beforeAlways(HookResult.retryAfter(Duration.ofMinutes(15)));   // waits for a person
 * approval.beforeNext(HookResult.abort("change rejected in review"));
 * approval.afterFaults().throwOnce();                                     // alerts API down once
 * }</pre>
 *
 * <p>Answers queued with {@code ...Next} come first, in order; then the standing answer. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeHook implements UpgradeHook {
    private final Faults beforeFaults = new Faults("before-hook");
    private final Faults afterFaults = new Faults("after-hook");
    private final Deque<HookResult> beforeNext = new ArrayDeque<>();
    private final Deque<HookResult> afterNext = new ArrayDeque<>();
    private HookResult beforeAlways = HookResult.proceed();
    private HookResult afterAlways = HookResult.proceed();
    private final List<Upgrade> befores = new ArrayList<>();
    private final List<UpgradeEvent> afters = new ArrayList<>();
    private final List<String> calls = new ArrayList<>();

    /** The switches that make {@link #beforeUpgrade} throw or hang. */
    public Faults beforeFaults() {
        return beforeFaults;
    }

    /** The switches that make {@link #afterUpgrade} throw or hang. */
    public Faults afterFaults() {
        return afterFaults;
    }

    /** The next before-calls answer these, in order. */
    public synchronized FakeHook beforeNext(HookResult... answers) {
        beforeNext.addAll(List.of(answers));
        return this;
    }

    /** Every before-call answers this (after any queued answers). */
    public synchronized FakeHook beforeAlways(HookResult answer) {
        this.beforeAlways = Objects.requireNonNull(answer, "answer");
        return this;
    }

    /** The next after-calls answer these, in order. */
    public synchronized FakeHook afterNext(HookResult... answers) {
        afterNext.addAll(List.of(answers));
        return this;
    }

    /** Every after-call answers this (after any queued answers). */
    public synchronized FakeHook afterAlways(HookResult answer) {
        this.afterAlways = Objects.requireNonNull(answer, "answer");
        return this;
    }

    /** Every before-call holds the upgrade back for {@code delay}, until told otherwise. */
    public FakeHook holdBefore(Duration delay) {
        return beforeAlways(HookResult.retryAfter(delay));
    }

    @Override
    public HookResult beforeUpgrade(Upgrade upgrade) {
        Objects.requireNonNull(upgrade, "upgrade");
        synchronized (this) {
            calls.add("before " + upgrade.id());
        }
        beforeFaults.enter();
        synchronized (this) {
            befores.add(upgrade);
            return beforeNext.isEmpty() ? beforeAlways : beforeNext.poll();
        }
    }

    @Override
    public HookResult afterUpgrade(UpgradeEvent finished) {
        Objects.requireNonNull(finished, "finished");
        synchronized (this) {
            calls.add("after " + finished.upgrade().id() + " " + finished.outcome());
        }
        afterFaults.enter();
        synchronized (this) {
            afters.add(finished);
            return afterNext.isEmpty() ? afterAlways : afterNext.poll();
        }
    }

    /** Every call as a line, in order, thrown ones included: {@code before <id>}, {@code after <id> <outcome>}. */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    /** The upgrades the before-calls that did not throw were about, in order. */
    public synchronized List<Upgrade> befores() {
        return List.copyOf(befores);
    }

    /** The events the after-calls that did not throw were about, in order. */
    public synchronized List<UpgradeEvent> afters() {
        return List.copyOf(afters);
    }

    @Override
    public synchronized String toString() {
        return "fake hook: " + calls.size() + " calls";
    }
}
