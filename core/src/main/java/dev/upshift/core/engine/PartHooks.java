package dev.upshift.core.engine;

import dev.upshift.spi.HookResult;
import dev.upshift.spi.UpgradePartHook;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Asks every registered part hook one question, as before-hooks are asked: an abort wins at once,
 * among holds the shortest; a hold between parts is kept in memory under the part's id and not asked
 * again before it passes (holds before a hop starts are journaled as {@code held} instead).
 */
final class PartHooks {
    private final Pass pass;
    private final String cluster;
    private final String partId;

    PartHooks(Pass pass, String cluster, String partId) {
        this.pass = pass;
        this.cluster = cluster;
        this.partId = partId;
    }

    /** Whether the engine has part hooks: only then does a hop go in parts. */
    static boolean any(Engine engine) {
        return engine.hooks.stream().anyMatch(h -> h.hook() instanceof UpgradePartHook);
    }

    /** Asks, unless a hold is still running; empty when a hook threw. */
    Optional<HookResult> ask(CallSite site, Function<UpgradePartHook, HookResult> question) {
        Instant due = pass.engine().partHooksDue.get(partId);
        if (due != null && due.isAfter(pass.now())) {
            pass.wakes().add(due);
            return Optional.of(HookResult.retryAfter(Duration.between(pass.now(), due)));
        }
        Optional<HookResult> answer = askAll(site, question);
        if (answer.isPresent() && answer.get() instanceof HookResult.RetryAfter r) {
            Instant until = pass.now().plus(r.delay());
            pass.engine().partHooksDue.put(partId, until);
            pass.wakes().add(until);
        } else if (answer.isPresent()) {
            pass.engine().partHooksDue.remove(partId);
        }
        return answer;
    }

    /** Asks every part hook, in registration order; empty when one threw. */
    Optional<HookResult> askAll(CallSite site, Function<UpgradePartHook, HookResult> question) {
        Duration shortest = null;
        for (NamedHook h : pass.engine().hooks) {
            if (!(h.hook() instanceof UpgradePartHook part)) {
                continue;
            }
            HookResult r;
            try {
                r = question.apply(part);
            } catch (RuntimeException e) {
                pass.fault(site, cluster, e);
                return Optional.empty();
            }
            if (r instanceof HookResult.Abort) {
                return Optional.of(r);
            }
            if (r instanceof HookResult.RetryAfter retry && (shortest == null || retry.delay().compareTo(shortest) < 0)) {
                shortest = retry.delay();
            }
        }
        return Optional.of(shortest == null ? HookResult.proceed() : HookResult.retryAfter(shortest));
    }
}
