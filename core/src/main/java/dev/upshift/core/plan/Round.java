package dev.upshift.core.plan;

import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One planning round: the fleet at one instant with one history. First each cluster on its own by
 * the rules of {@link Drafting} (history, target, path, reviewable change, schedule), then each
 * upgrade's stages in order (gating, soak, failures, concurrency), then windows. Linear in
 * clusters plus history.
 *
 * <p>Given what the round before it kept ({@link Kept}), a round drafts again only the clusters
 * whose history or release changed or whose entry could read differently by now, and the members
 * of a stage whose judgement changed; every other entry is the one kept (see {@link PlanSession}).
 */
final class Round {
    private final PreparedFleet fleet;
    private final FleetModel model;
    private final Instant now;
    private final WindowFinder windows;
    private final Drafting rules;
    private final Steering steering;

    Round(PreparedFleet fleet, FleetModel model, Instant now, HistoryIndex history, WindowFinder before) {
        this.fleet = fleet;
        this.model = model;
        this.now = now;
        this.windows = new WindowFinder(fleet.schedules(), fleet.horizon(), now, before);
        this.rules = new Drafting(fleet, model, now, history);
        this.steering = new Steering(history.journal());
        fleet.schedules().indexAll(now);
    }

    /**
     * Plans the clusters in {@code fresh} (every cluster when there is no round before), and the
     * members of every stage whose judgement changed; every other entry is the one {@code kept}
     * holds from the round before ({@link PlanSession#carryOver}).
     *
     * @param previous the round before, or null
     * @param kept what this round leaves for the next, holding the round before's entries already
     */
    Plan run(Kept previous, BitSet fresh, Kept kept) {
        int n = model.clusters.size();
        Draft[] drafts = new Draft[n];
        if (previous == null) {
            kept.stageOf = stageOf(n);
        }
        BitSet moved = new BitSet();
        for (int i = fresh.nextSetBit(0); i >= 0; i = fresh.nextSetBit(i + 1)) {
            drafts[i] = rules.evaluate(i);
            StageGate.Member m = StageGate.Member.of(drafts[i]);
            if (previous == null || !m.equals(previous.members[i])) {
                moved.set(i);
            }
            kept.members[i] = m;
        }
        gate(previous, drafts, fresh, moved, kept);
        for (int i = fresh.nextSetBit(0); i >= 0; i = fresh.nextSetBit(i + 1)) {
            Draft d = drafts[i];
            if (d.needsWindow()) {
                windows.place(d, Optional.empty());
            }
            if (d.state == UpgradeState.BLOCKED) {
                // an upgrade's startTime holds its release upgrades, not a configuration change such as a repair
                boolean config = d.kind.equals(Optional.of(PlanKind.CONFIG));
                KnownTimes.addToBlocked(d, now, config ? Optional.empty() : model.assignments[i].upgrade()
                        .flatMap(u -> u.upgrade().startTime()));
            }
        }
        for (int i = fresh.nextSetBit(0); i >= 0; i = fresh.nextSetBit(i + 1)) {
            Draft d = drafts[i];
            if (d.state == UpgradeState.READY) {
                d.validUntil(now);
            }
            Hops.place(d, windows);
            kept.entries[i] = d.entry();
            Instant valid = d.validity();
            kept.valid[i] = valid;
            kept.replaced.set(i);
            if (valid != Instant.MAX) {
                kept.expiries.add(new Kept.Expiry(valid, i));
            }
        }
        kept.windows = windows;
        return new Plan(now, new SortedEntries(kept.entries), fleet.problems(), model.unreadClusters);
    }

    /**
     * The plan {@link #run} made, with the queue of every stage with {@code maxConcurrent} projected
     * ({@link StageQueues}); what {@code kept} holds for the next round is left as it is.
     */
    Plan queued(Kept kept) {
        PlanEntry[] entries = kept.entries.clone();
        int k = 0;
        for (UpgradeSelection u : model.selection.upgrades()) {
            for (StageGroup g : fleet.groups(u)) {
                StageQueues.project(g, kept.params.get(k++), kept.members, entries, now, (m, at, why) -> {
                    Draft d = rules.evaluate(m);
                    if (!d.needsWindow()) {
                        return Optional.empty();
                    }
                    windows.place(d, Optional.of(at));
                    if (d.state != UpgradeState.SCHEDULED) {
                        return Optional.empty();
                    }
                    d.holds.add(why); // held by other clusters: before the time reasons, as a waiting one has it
                    Hops.place(d, windows);
                    return Optional.of(d.entry());
                });
            }
        }
        return new Plan(now, new SortedEntries(entries), fleet.problems(), model.unreadClusters);
    }

    private int[] stageOf(int n) {
        int[] stageOf = new int[n];
        Arrays.fill(stageOf, -1);
        int k = 0;
        for (UpgradeSelection u : model.selection.upgrades()) {
            for (StageGroup g : fleet.groups(u)) {
                for (int m : g.members) {
                    stageOf[m] = k;
                }
                k++;
            }
        }
        return stageOf;
    }

    /** The entry with one reason replaced by another. */
    private static PlanEntry withReason(PlanEntry e, Reason old, Reason now) {
        List<Reason> reasons = new ArrayList<>(e.reasons());
        int at = reasons.indexOf(old);
        if (at < 0) {
            throw new IllegalStateException("the kept entry of " + e.cluster() + " lacks " + old);
        }
        reasons.set(at, now);
        return new PlanEntry(e.cluster(), e.from(), e.to(), e.path(), e.kind(), e.releaseChange(), e.upgrade(),
                e.stage(), e.state(), e.window(), e.expectedEnd(), reasons, e.impact(), e.endOfLife(), e.unchecked(),
                e.overrun(), e.hops());
    }

    /**
     * Each upgrade's stages in order. A stage whose members' standing and incoming gate are as before
     * keeps its judgement, and only its members drafted this round are gated; one whose judgement
     * changed has every member it reaches drafted again, or, when only the stage before's count of
     * clusters not done changed, their kept entries given the new count.
     */
    private void gate(Kept previous, Draft[] drafts, BitSet fresh, BitSet moved, Kept kept) {
        StageGate gates = new StageGate(windows, now);
        BitSet movedStages = new BitSet();
        Map<Integer, List<Integer>> freshByStage = new HashMap<>();
        for (int i = fresh.nextSetBit(0); i >= 0; i = fresh.nextSetBit(i + 1)) {
            int k = kept.stageOf[i];
            if (k >= 0) {
                freshByStage.computeIfAbsent(k, x -> new ArrayList<>()).add(i);
                if (moved.get(i)) {
                    movedStages.set(k);
                }
            }
        }
        int k = 0;
        for (UpgradeSelection u : model.selection.upgrades()) {
            StageGate.Gate gate = StageGate.OPEN;
            boolean sameIn = previous != null;
            for (StageGroup g : fleet.groups(u)) {
                StageGate.Params before = previous == null ? null : previous.params.get(k);
                boolean same = sameIn && !movedStages.get(k);
                StageGate.Params p = same ? before : gates.params(g, steering.in(g, gate), kept.members);
                if (before != null && !p.sameFor(before)) {
                    again(g, p, before, previous, drafts, fresh, kept);
                    gates.members(g, p, drafts, g.members);
                } else {
                    List<Integer> which = freshByStage.getOrDefault(k, List.of());
                    gates.members(g, p, drafts, which.stream().mapToInt(Integer::intValue).toArray());
                }
                StageGate.Gate out = same ? previous.out.get(k) : steering.out(g, gates.out(g, p, kept.members));
                sameIn = previous != null && out.equals(previous.out.get(k));
                gate = out;
                kept.params.add(p);
                kept.out.add(out);
                k++;
            }
        }
    }

    /** The members a stage's changed judgement reaches: drafted again, or their kept entries patched. */
    private void again(StageGroup g, StageGate.Params p, StageGate.Params before, Kept previous, Draft[] drafts,
            BitSet fresh, Kept kept) {
        boolean patch = p.onlyWaitingReasonDiffers(before);
        for (int m : g.members) {
            if (drafts[m] != null || !kept.members[m].gated()) {
                continue;
            }
            if (patch) {
                kept.entries[m] = withReason(previous.entries[m], before.in().hold().get(), p.in().hold().get());
                kept.replaced.set(m);
            } else {
                drafts[m] = rules.evaluate(m);
                fresh.set(m);
            }
        }
    }
}
