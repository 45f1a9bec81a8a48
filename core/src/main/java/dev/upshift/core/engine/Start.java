package dev.upshift.core.engine;

import dev.upshift.core.engine.Pass.Flight;
import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Fallback;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Whether a ready cluster's next hop starts now: its before-hooks, then its strategies. */
final class Start {
    private final Pass pass;
    private final PlanEntry entry;
    private final Optional<String> person;

    Start(Pass pass, PlanEntry entry) {
        this(pass, entry, Optional.empty());
    }

    /** A start a person asked for, with their reason (possibly empty). */
    Start(Pass pass, PlanEntry entry, Optional<String> person) {
        this.pass = pass;
        this.entry = entry;
        this.person = person;
    }

    void decide(List<HistoryEntry> out, List<Flight> toPublish) {
        ManagedCluster cluster = pass.cluster(entry.cluster());
        Version from = entry.from();
        Version to = entry.path().isEmpty() ? from : entry.path().get(0);
        String id = UpgradeIds.next(pass.attempts(), entry.cluster(), from, to);
        Optional<Attempt> known = pass.attempts().attempt(id);
        Optional<Instant> held = known.flatMap(Attempt::heldUntil);
        if (held.isPresent() && held.get().isAfter(pass.now())) {
            pass.wakes().add(held.get());
            return;
        }
        Upgrade upgrade = new Upgrade(id, cluster, from, to, entry.upgrade());
        Flight f = new Flight(upgrade, hop(to), UpgradeIds.attemptOf(id), pass.now(), pass.engine().hookNames(),
                Optional.empty());
        Optional<MergeResult> change = pass.change(upgrade);
        if (change.isEmpty()) {
            return;
        }
        boolean partHooks = PartHooks.any(pass.engine());
        boolean inParts = partHooks && PartSplit.bothMove(change.get());
        Optional<UpgradePart> onePart = partHooks && !inParts ? PartSplit.onlyMoves(change.get()) : Optional.empty();
        Optional<HookResult> before = beforeHooks(upgrade);
        UpgradePart first = onePart.orElse(UpgradePart.CONTROL_PLANE);
        if ((inParts || onePart.isPresent()) && before.isPresent() && before.get() instanceof HookResult.Proceed) {
            Upgrade part = Parts.part(upgrade, first);
            before = new PartHooks(pass, entry.cluster(), part.id()).askAll(CallSite.BEFORE_HOOK,
                    h -> first == UpgradePart.CONTROL_PLANE ? h.beforeControlPlane(part) : h.beforeWorkers(part));
        }
        if (before.isEmpty()) {
            return;
        }
        if (before.get() instanceof HookResult.RetryAfter r) {
            Instant until = pass.now().plus(r.delay());
            Reason why = Reason.until(EngineReasons.HOOK_HELD, "a before-hook holds " + f.describe() + " back until "
                    + until, until);
            out.add(pass.entry(f, UpgradeState.WAITING, Step.HELD, why.message(), List.of(why), List.of()));
            pass.wakes().add(until);
            return;
        }
        if (before.get() instanceof HookResult.Abort a) {
            Reason why = Reason.of(EngineReasons.HOOK_ABORTED, "a before-hook aborted " + f.describe() + ": "
                    + a.reason());
            out.add(pass.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), List.of()));
            return;
        }
        Optional<StrategyChoice> choice = StrategyChoice.ask(pass, upgrade, change.get(), preference());
        if (choice.isEmpty()) {
            return;
        }
        if (choice.get().declined() && fallback() == Fallback.NONE) {
            Reason why = Reason.of(EngineReasons.STRATEGY_DECLINED, "every strategy declined " + f.describe()
                    + " and the upgrade allows no fallback: " + choice.get().summary());
            boolean same = known.map(k -> k.last().step() == Step.DECLINED && k.last().reasons().equals(List.of(why)))
                    .orElse(false);
            if (!same) {
                out.add(pass.entry(f, UpgradeState.BLOCKED, Step.DECLINED, why.message(), List.of(why), List.of()));
            }
            return;
        }
        // a repair is a configuration change to the cluster's own release; its entry says so and names the drift
        List<Reason> reasons = new java.util.ArrayList<>(from.equals(to) ? entry.reasons().stream()
                .filter(r -> r.code().equals(ReasonCodes.DRIFTED)).toList() : List.of());
        boolean drift = !reasons.isEmpty();
        if (inParts) {
            reasons.add(Reason.of(EngineReasons.IN_PARTS, "published in two parts because a part hook is registered:"
                    + " the control plane first, then, once it is done and the part hooks proceed, the workers"));
        }
        onePart.ifPresent(p -> reasons.add(p == UpgradePart.CONTROL_PLANE
                ? Reason.of(EngineReasons.CONTROL_PLANE_ONLY, "only the control plane moves: published whole, with the"
                        + " part hooks asked before and after the control plane")
                : Reason.of(EngineReasons.WORKERS_ONLY, "only the workers move: published whole, with the part hooks"
                        + " asked before and after the workers")));
        String message = "starting " + (drift ? "the repair of drift on " + to : f.describe())
                + (f.hop().count() > 1 ? " towards " + f.hop().target() : "")
                + entry.upgrade().map(u -> ", upgrade " + u).orElse("")
                + entry.stage().map(s -> ", stage " + s).orElse("")
                + (choice.get().summary().isEmpty() ? "" : "; " + choice.get().summary())
                + person.map(p -> "; applied by a person, regardless of windows and stages"
                        + (p.isBlank() ? "" : ": " + p)).orElse("")
                + (inParts ? "; in two parts: control plane, then workers" : "");
        out.add(pass.entry(f, UpgradeState.IN_PROGRESS, Step.STARTING, message, reasons, f.owed()));
        if (inParts) {
            pass.parts().started(id);
        }
        onePart.ifPresent(p -> pass.parts().startedOnePart(id, p));
        toPublish.add(f);
    }

    /** Which hop of how many this is: counting the hops of the same upgrade that just succeeded before it. */
    private Hop hop(Version to) {
        Version target = entry.to().orElse(to);
        int remaining = Math.max(1, entry.path().size());
        Optional<HistoryEntry> last = pass.attempts().lastOutcome(entry.cluster());
        // a configuration change (no path) is an upgrade of its own, not a further hop of the one that landed it
        if (!entry.path().isEmpty() && last.isPresent() && last.get().state() == UpgradeState.SUCCEEDED) {
            HistoryEntry done = last.get();
            if (done.to().equals(entry.from()) && done.hop().target().equals(target)
                    && done.intent().equals(entry.upgrade())) {
                return new Hop(done.hop().number() + 1, done.hop().number() + remaining, target);
            }
        }
        return new Hop(1, remaining, target);
    }

    /** Asks every before-hook; empty when one threw. An abort wins at once; among holds, the shortest. */
    private Optional<HookResult> beforeHooks(Upgrade upgrade) {
        Duration shortest = null;
        for (NamedHook h : pass.engine().hooks) {
            HookResult r;
            try {
                r = h.hook().beforeUpgrade(upgrade);
            } catch (RuntimeException e) {
                pass.fault(CallSite.BEFORE_HOOK, entry.cluster(), e);
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

    private StrategyPreference preference() {
        return entry.upgrade().flatMap(pass::intent).map(ClusterUpgrade::strategy).orElse(StrategyPreference.ROLLING);
    }

    private Fallback fallback() {
        return entry.upgrade().flatMap(pass::intent).map(ClusterUpgrade::fallback).orElse(Fallback.ROLLING);
    }
}
