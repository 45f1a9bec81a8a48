package dev.upshift.examples.cli;

import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import java.util.Optional;

/**
 * The reviewable change of one cluster of a fleet going to a release, as {@code diff --fleet} shows
 * it: base B = the cluster's release's defaults applied to its resources, current C = its
 * resources, target T = the new release's defaults applied to them, under the new release's field
 * rules (docs/diff.md, "Defaults").
 */
final class ClusterChange {
    private ClusterChange() {}

    /**
     * The merge; two-way ({@code no baseline} conflicts) when the cluster's own release is unknown.
     *
     * @param from the release the cluster runs, when the fleet has it
     */
    static MergeResult of(ManagedCluster cluster, Optional<Release> from, Release to) {
        DocumentSet current = cluster.resources();
        // The cluster's own spec.values belong on top of T once they are {match, values} items like a
        // release's defaults (the planner's branch changes them so): to.defaults().then(cluster.values()).
        DocumentSet target = to.defaults().applyTo(current, defaultsOf(to));
        ThreeWayMerge merge = ThreeWayMerge.withRules(to.fieldRules());
        if (from.isEmpty()) {
            return merge.mergeWithoutBase(current, target);
        }
        return merge.merge(from.get().defaults().applyTo(current, defaultsOf(from.get())), current, target);
    }

    private static String defaultsOf(Release release) {
        return "release " + release.version() + " defaults";
    }
}
