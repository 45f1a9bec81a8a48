package dev.upshift.core.plan;

import dev.upshift.release.Version;
import dev.upshift.spi.Reason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hops of a draft's path (docs/planning.md, "Hops"): the first is the draft's own window, each
 * later one placed after the one before it ends. A path of one hop costs one small record; an entry
 * without a window shares its path's unplaced hops with every other entry on that path.
 */
final class Hops {
    private Hops() {}

    /** Sets the draft's overrun and its hops, placing each later hop's window when the first has one. */
    static void place(Draft d, WindowFinder windows) {
        if (d.policy != null) {
            d.overrun = WindowFinder.overrun(d.policy, d.window, d.expectedEnd);
        }
        if (d.path.isEmpty()) {
            d.hops = List.of();
            return;
        }
        if (d.window.isEmpty() && d.expectedEnd.isEmpty() && d.unplacedHops.size() == d.path.size()) {
            d.hops = d.unplacedHops;
            return;
        }
        PlannedHop first = new PlannedHop(d.from, d.path.get(0), kind(d, 0), d.window, d.expectedEnd, d.overrun,
                List.of());
        if (d.path.size() == 1) {
            d.hops = List.of(first);
            return;
        }
        List<PlannedHop> out = new ArrayList<>(d.path.size());
        out.add(first);
        Optional<Instant> end = d.window.isPresent() && d.policy != null ? d.expectedEnd : Optional.empty();
        for (int k = 1; k < d.path.size(); k++) {
            Version from = d.path.get(k - 1);
            PlannedHop h = end.isPresent() ? windows.laterHop(d, from, d.path.get(k), kind(d, k), end.get())
                    : PlannedHop.unplaced(from, d.path.get(k), kind(d, k));
            out.add(h);
            end = h.expectedEnd();
        }
        d.hops = List.copyOf(out);
    }

    /** The hops of a draft whose windows were never placed: the first with the draft's window, the rest without. */
    static List<PlannedHop> unplaced(Draft d) {
        List<PlannedHop> out = new ArrayList<>(d.path.size());
        Version from = d.from;
        for (int k = 0; k < d.path.size(); k++) {
            Version to = d.path.get(k);
            out.add(k == 0 ? new PlannedHop(from, to, kind(d, k), d.window, d.expectedEnd, d.overrun, List.of())
                    : PlannedHop.unplaced(from, to, kind(d, k)));
            from = to;
        }
        return out;
    }

    /**
     * The hops with each later hop that readiness blocks carrying its reasons, and it and every hop
     * after it without a window: none of them starts until the block lifts.
     */
    static List<PlannedHop> blocked(List<PlannedHop> hops, List<List<Reason>> blocks) {
        int first = -1;
        for (int k = 1; k < Math.min(hops.size(), blocks.size()) && first < 0; k++) {
            first = blocks.get(k).isEmpty() ? -1 : k;
        }
        if (first < 0) {
            return hops;
        }
        List<PlannedHop> out = new ArrayList<>(hops.subList(0, first));
        for (int k = first; k < hops.size(); k++) {
            PlannedHop h = hops.get(k);
            List<Reason> reasons = k < blocks.size() ? blocks.get(k) : List.of();
            out.add(new PlannedHop(h.from(), h.to(), h.kind(), Optional.empty(), Optional.empty(), Optional.empty(),
                    reasons));
        }
        return List.copyOf(out);
    }

    private static PlanKind kind(Draft d, int hop) {
        if (hop < d.hopKinds.size()) {
            return d.hopKinds.get(hop);
        }
        return d.kind.filter(k -> k != PlanKind.CONFIG).orElse(PlanKind.PATCH);
    }
}
