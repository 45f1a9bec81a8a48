package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.release.Hop;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a plan keeps of one path, computed once per distinct (from, to) pair.
 *
 * @param versions the releases landed on after {@code from}; empty when there is no path
 * @param kind the largest change of the kubernetes component along the path
 * @param hopKinds the change of the kubernetes component over each hop, in order (as many as
 *     {@code versions})
 * @param unchecked whether a hop assumed a component's compatibility
 * @param noPath why there is no path, naming the first rule that cut the graph
 * @param unplaced the path's hops without windows, shared by every entry that has none: what a
 *     waiting or blocked cluster's plan says of its hops costs nothing per cluster
 */
record PathInfo(List<Version> versions, PlanKind kind, List<PlanKind> hopKinds, boolean unchecked,
        Optional<String> noPath, List<PlannedHop> unplaced) {

    static PathInfo of(PathResult result) {
        if (result instanceof NoPath n) {
            return new PathInfo(List.of(), PlanKind.PATCH, List.of(), false, Optional.of(n.reason()), List.of());
        }
        UpgradePath p = (UpgradePath) result;
        List<Version> landed = p.versions();
        List<PlanKind> hops = new ArrayList<>(p.hops().size());
        VersionChange largest = VersionChange.NONE;
        for (Hop h : p.hops()) {
            VersionChange c = kubernetesChange(h);
            hops.add(PlanKind.of(c));
            largest = largest.max(c);
        }
        List<PlannedHop> unplaced = new ArrayList<>(hops.size());
        for (int k = 0; k < hops.size(); k++) {
            unplaced.add(PlannedHop.unplaced(landed.get(k), landed.get(k + 1), hops.get(k)));
        }
        return new PathInfo(List.copyOf(landed.subList(1, landed.size())), PlanKind.of(largest), List.copyOf(hops),
                p.isUnchecked(), Optional.empty(), List.copyOf(unplaced));
    }

    /** The change of the kubernetes component over one hop; a hop where a side lacks it counts its release change. */
    static VersionChange kubernetesChange(Hop h) {
        Optional<Version> a = h.from().kubernetes();
        Optional<Version> b = h.to().kubernetes();
        return a.isPresent() && b.isPresent() ? a.get().changeTo(b.get()) : h.change();
    }
}
