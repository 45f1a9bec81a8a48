package dev.upshift.core.plan;

import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * When the clusters of a stage with {@code maxConcurrent} really go (docs/planning.md,
 * "Concurrency"): the stage gate counts slots only among the clusters ready now, so two clusters
 * scheduled in the same later window would both read as going then. This projects the stage's
 * queue forward from the plan: the clusters in flight hold their slots until their expected ends,
 * the scheduled ones take the free slots in the order the engine would (window start, then cluster
 * id), and one that finds none goes in its first window after a slot frees, with a
 * {@code MAX_CONCURRENT} reason saying whose end it waits for. A projection of expected durations,
 * not a promise: a hop that ends early or late moves the queue, and the next plan says so.
 *
 * <p>Made for the plans people read ({@link PreparedFleet#plan}); the engine's own rounds count
 * slots at each instant and do not need it.
 */
final class StageQueues {
    /** Draws a cluster's entry again, its window not before an instant, with a reason; empty when it has no window then. */
    interface Redraw {
        Optional<PlanEntry> notBefore(int member, Instant at, Reason why);
    }

    private record Slot(Instant until, String cluster) {}

    private record Queued(int member, PlanEntry entry) {}

    private StageQueues() {}

    /** Projects the queue of one stage, replacing in {@code entries} the entries of the clusters that wait for a slot. */
    static void project(StageGroup g, StageGate.Params p, StageGate.Member[] members, PlanEntry[] entries,
            Instant now, Redraw redraw) {
        if (g.stage.maxConcurrent().isEmpty() || p.halted() || p.in().openAt().isEmpty()
                || p.in().openAt().get().isAfter(now)) {
            return;
        }
        List<Slot> busy = new ArrayList<>();
        PriorityQueue<Queued> queue = new PriorityQueue<>(Comparator.<Queued, Instant>comparing(q -> start(q.entry()))
                .thenComparing(q -> q.entry().cluster()));
        for (int m : g.members) {
            PlanEntry e = entries[m];
            if (e == null || !members[m].staged()) {
                continue;
            }
            if (members[m].inFlight() || e.state() == UpgradeState.READY) {
                if (e.expectedEnd().isEmpty()) {
                    return; // a slot held for a time nobody can say: no projection
                }
                busy.add(new Slot(e.expectedEnd().get(), e.cluster()));
            } else if (e.state() == UpgradeState.SCHEDULED && e.window().isPresent() && e.expectedEnd().isPresent()) {
                queue.add(new Queued(m, e));
            }
        }
        int limit = p.limit();
        int redraws = 0;
        while (!queue.isEmpty()) {
            Queued q = queue.poll();
            Instant start = start(q.entry());
            List<Slot> taken = busy.stream().filter(s -> s.until().isAfter(start))
                    .sorted(Comparator.comparing(Slot::until).thenComparing(Slot::cluster)).toList();
            if (taken.size() < limit) {
                busy.add(new Slot(q.entry().expectedEnd().orElseThrow(), q.entry().cluster()));
                entries[q.member()] = q.entry();
                continue;
            }
            Slot frees = taken.get(taken.size() - limit);
            Reason why = Reason.until(ReasonCodes.MAX_CONCURRENT, g.describe() + " runs at most " + limit + " cluster"
                    + (limit == 1 ? "" : "s") + " at once (maxConcurrent " + g.stage.maxConcurrent().orElseThrow()
                    + "): its window at " + start + " is taken; it goes in its first window after "
                    + frees.cluster() + " is expected to finish, at " + frees.until()
                    + " (a projection from expected durations)", frees.until());
            Optional<PlanEntry> later = redraws++ < 4 * g.members.length
                    ? redraw.notBefore(q.member(), frees.until(), why) : Optional.empty();
            if (later.isPresent() && later.get().window().isPresent() && start(later.get()).isAfter(start)) {
                queue.add(new Queued(q.member(), later.get()));
            } else {
                busy.add(new Slot(q.entry().expectedEnd().orElseThrow(), q.entry().cluster()));
                entries[q.member()] = q.entry();
            }
        }
    }

    private static Instant start(PlanEntry e) {
        return e.window().orElseThrow().start();
    }
}
