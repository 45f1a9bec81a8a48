package dev.upshift.core.engine;

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
import dev.upshift.spi.Reason;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The step that decides whether a ready cluster's next hop starts now: its before-hooks (and, for
 * a hop with part hooks around it, the first part's), then its strategies. Its result holds the
 * entry to journal (a hold, an abort, a decline, or the {@code starting} entry written ahead of
 * the publication) and, when it starts, the attempt to publish.
 */
final class Start {
    private final PassView v;
    private final PlanEntry entry;
    private final Optional<String> person;
    private final StepResult r = new StepResult();

    private Start(PassView v, PlanEntry entry, Optional<String> person) {
        this.v = v;
        this.entry = entry;
        this.person = person;
    }

    /** A start the plan found ready. */
    static StepResult decide(PassView v, PlanEntry entry) {
        return new Start(v, entry, Optional.empty()).decide();
    }

    /** A start a person asked for, with their reason (possibly empty), whatever windows and stages say. */
    static StepResult asked(PassView v, PlanEntry entry, String reason) {
        return new Start(v, entry, Optional.of(reason)).decide();
    }

    private StepResult decide() {
        Version from = entry.from();
        Version to = entry.path().isEmpty() ? from : entry.path().get(0);
        String id = UpgradeIds.next(v.journal(), entry.cluster(), from, to);
        Optional<Attempt> known = v.journal().attempt(id);
        Optional<Instant> held = known.flatMap(Attempt::heldUntil);
        if (held.isPresent() && held.get().isAfter(v.now())) {
            return r.wake(held.get());
        }
        Hop hop = hop(to);
        Upgrade upgrade = new Upgrade(id, v.cluster(entry.cluster()), from, to, entry.upgrade(), context(hop));
        Optional<MergeResult> change = v.change(upgrade, r);
        if (change.isEmpty()) {
            return r;
        }
        Flight f = new Flight(upgrade, hop, UpgradeIds.attemptOf(id), v.now(), v.ports().hookNames(),
                Optional.empty(), shape(change.get()));
        Optional<HookResult> before = beforeHooks(f);
        if (before.isEmpty()) {
            return r;
        }
        if (before.get() instanceof HookResult.RetryAfter retry) {
            Instant until = v.now().plus(retry.delay());
            Reason why = Reason.until(EngineReasons.HOOK_HELD, "a before-hook holds " + f.describe() + " back until "
                    + until, until);
            return r.record(v.entry(f, UpgradeState.WAITING, Step.HELD, why.message(), List.of(why), List.of()))
                    .wake(until);
        }
        if (before.get() instanceof HookResult.Abort a) {
            Reason why = Reason.of(EngineReasons.HOOK_ABORTED, "a before-hook aborted " + f.describe() + ": "
                    + a.reason());
            return r.record(v.entry(f, UpgradeState.FAILED, Step.FAILED, why.message(), List.of(why), List.of()));
        }
        StrategyChoice.ask(v, upgrade, change.get(), preference(), r).ifPresent(choice -> take(f, choice, known));
        return r;
    }

    /** What a reviewer of the publication is told: the hop, the stage of an upgrade that has stages, a person's request. */
    private Upgrade.Context context(Hop hop) {
        Upgrade.Context c = Upgrade.Context.of(hop);
        c = Flight.stage(v, entry.upgrade(), entry.stage()).map(c::withStage).orElse(c);
        return person.map(c::withPersonsRequest).orElse(c);
    }

    /** With part hooks registered, a hop that moves both sides goes in parts, one that moves one side has it named. */
    private Flight.Shape shape(MergeResult change) {
        if (!v.ports().partHooks()) {
            return Flight.Shape.WHOLE;
        }
        if (PartSplit.bothMove(change)) {
            return Flight.Shape.IN_PARTS;
        }
        return PartSplit.onlyMoves(change).map(Flight.Shape::onePart).orElse(Flight.Shape.WHOLE);
    }

    /** The before-hooks, then, for a hop with part hooks around it, the first part's; empty when one threw. */
    private Optional<HookResult> beforeHooks(Flight f) {
        Optional<HookResult> before = Hooks.before(v, f.upgrade(), r);
        boolean parts = f.shape() != Flight.Shape.WHOLE;
        if (!parts || before.isEmpty() || !(before.get() instanceof HookResult.Proceed)) {
            return before;
        }
        UpgradePart first = f.shape().onePart().orElse(UpgradePart.CONTROL_PLANE);
        Upgrade part = Parts.part(f.upgrade(), first);
        return Hooks.askAll(v, entry.cluster(), CallSite.BEFORE_HOOK, r,
                h -> first == UpgradePart.CONTROL_PLANE ? h.beforeControlPlane(part) : h.beforeWorkers(part));
    }

    /** The strategies answered: a decline without fallback is journaled once, else the start. */
    private void take(Flight f, StrategyChoice choice, Optional<Attempt> known) {
        if (choice.declined() && fallback() == Fallback.NONE) {
            Reason why = Reason.of(EngineReasons.STRATEGY_DECLINED, "every strategy declined " + f.describe()
                    + " and the upgrade allows no fallback: " + choice.summary());
            boolean same = known.map(k -> k.last().step() == Step.DECLINED && k.last().reasons().equals(List.of(why)))
                    .orElse(false);
            if (!same) {
                r.record(v.entry(f, UpgradeState.BLOCKED, Step.DECLINED, why.message(), List.of(why), List.of()));
            }
            return;
        }
        r.record(v.entry(f, UpgradeState.IN_PROGRESS, Step.STARTING, message(f, choice), reasons(f), f.owed()))
                .next(f);
    }

    /** A repair names the drift it repairs; a hop in parts or of one part says so. */
    private List<Reason> reasons(Flight f) {
        List<Reason> reasons = new ArrayList<>(repair(f) ? entry.reasons().stream()
                .filter(x -> x.code().equals(ReasonCodes.DRIFTED)).toList() : List.of());
        switch (f.shape()) {
            case IN_PARTS -> reasons.add(Reason.of(EngineReasons.IN_PARTS, "published in two parts because a part hook"
                    + " is registered: the control plane first, then, once it is done and the part hooks proceed, the"
                    + " workers"));
            case CONTROL_PLANE_ONLY -> reasons.add(Reason.of(EngineReasons.CONTROL_PLANE_ONLY, "only the control plane"
                    + " moves: published whole, with the part hooks asked before and after the control plane"));
            case WORKERS_ONLY -> reasons.add(Reason.of(EngineReasons.WORKERS_ONLY, "only the workers move: published"
                    + " whole, with the part hooks asked before and after the workers"));
            default -> { }
        }
        return reasons;
    }

    private boolean repair(Flight f) {
        return f.upgrade().from().equals(f.upgrade().to()) && entry.reasons().stream()
                .anyMatch(x -> x.code().equals(ReasonCodes.DRIFTED));
    }

    private String message(Flight f, StrategyChoice choice) {
        return "starting " + (repair(f) ? "the repair of drift on " + f.upgrade().to() : f.describe())
                + (f.hop().count() > 1 ? " towards " + f.hop().target() : "")
                + entry.upgrade().map(u -> ", upgrade " + u).orElse("")
                + entry.stage().map(s -> ", stage " + s).orElse("")
                + (choice.summary().isEmpty() ? "" : "; " + choice.summary())
                + person.map(p -> Flight.APPLIED + (p.isBlank() ? "" : ": " + p)).orElse("")
                + (f.shape() == Flight.Shape.IN_PARTS ? Flight.IN_TWO_PARTS : "");
    }

    /** Which hop of how many this is: counting the hops of the same upgrade that just succeeded before it. */
    private Hop hop(Version to) {
        Version target = entry.to().orElse(to);
        int remaining = Math.max(1, entry.path().size());
        Optional<HistoryEntry> last = v.journal().lastOutcome(entry.cluster());
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

    private StrategyPreference preference() {
        return entry.upgrade().flatMap(v::intent).map(ClusterUpgrade::strategy).orElse(StrategyPreference.ROLLING);
    }

    private Fallback fallback() {
        return entry.upgrade().flatMap(v::intent).map(ClusterUpgrade::fallback).orElse(Fallback.ROLLING);
    }

}
