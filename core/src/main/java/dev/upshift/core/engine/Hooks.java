package dev.upshift.core.engine;

import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradePartHook;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Asking hooks one question, all of them in registration order, as before-hooks are asked: an
 * abort wins at once, among holds the shortest, and a hook that throws is a fault (empty answer).
 * A hold between a hop's parts is kept in the engine's {@link Memory} under the part's id and not
 * asked again before it passes (holds before a hop starts are journaled as {@code held} instead).
 */
final class Hooks {
    private Hooks() {}

    /** The before-hooks of a hop about to start. */
    static Optional<HookResult> before(PassView v, Upgrade upgrade, StepResult r) {
        return askAll(v, upgrade.cluster().id(), CallSite.BEFORE_HOOK, r, false, h -> h.beforeUpgrade(upgrade));
    }

    /** The part hooks between a hop's parts, unless a hold of theirs is still running. */
    static Optional<HookResult> between(PassView v, String cluster, String partId, CallSite site, StepResult r,
            Function<UpgradePartHook, HookResult> question) {
        Optional<Instant> held = v.memory().partHooksHeldUntil(partId);
        if (held.isPresent() && held.get().isAfter(v.now())) {
            r.wake(held.get());
            return Optional.of(HookResult.retryAfter(Duration.between(v.now(), held.get())));
        }
        Optional<HookResult> answer = askAll(v, cluster, site, r, question);
        if (answer.isPresent() && answer.get() instanceof HookResult.RetryAfter retry) {
            Instant until = v.now().plus(retry.delay());
            v.memory().holdPartHooks(partId, until);
            r.wake(until);
        } else if (answer.isPresent()) {
            v.memory().partHooksAnswered(partId);
        }
        return answer;
    }

    /** Asks every part hook, in registration order; empty when one threw. */
    static Optional<HookResult> askAll(PassView v, String cluster, CallSite site, StepResult r,
            Function<UpgradePartHook, HookResult> question) {
        return askAll(v, cluster, site, r, true, h -> question.apply((UpgradePartHook) h));
    }

    private static Optional<HookResult> askAll(PassView v, String cluster, CallSite site, StepResult r,
            boolean partsOnly, Function<UpgradeHook, HookResult> question) {
        Duration shortest = null;
        for (NamedHook h : v.ports().hooks()) {
            if (partsOnly && !(h.hook() instanceof UpgradePartHook)) {
                continue;
            }
            HookResult answer;
            try {
                answer = question.apply(h.hook());
            } catch (RuntimeException e) {
                r.fault(site, cluster, e);
                return Optional.empty();
            }
            if (answer instanceof HookResult.Abort) {
                return Optional.of(answer);
            }
            if (answer instanceof HookResult.RetryAfter retry && (shortest == null
                    || retry.delay().compareTo(shortest) < 0)) {
                shortest = retry.delay();
            }
        }
        return Optional.of(shortest == null ? HookResult.proceed() : HookResult.retryAfter(shortest));
    }
}
