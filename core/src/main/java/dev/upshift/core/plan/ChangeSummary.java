package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.rule.Impact;
import dev.upshift.spi.Reason;
import java.util.List;
import java.util.Optional;

/**
 * What a plan keeps of a {@link ClusterChange}: the highest impact, whether anything changes, and
 * the reasons that block. The documents and the merge are not kept, so that memory stays small per
 * cluster; {@link PreparedFleet#change} computes the whole change again, the same way, for whoever
 * needs it.
 *
 * @param impact the highest impact; empty when the cluster has no resources or there is no merge
 * @param changes whether the merge changes any resource
 * @param blockers the change's blockers
 * @param drift each drifted field of a drift repair, as {@code document: path: message} (masked)
 * @param beyondDrift whether the change does more than repair drift
 * @param kubernetes how far a configuration change moves a Kubernetes version
 *     ({@link ClusterChange#kubernetesMove()}); {@code none} for a release upgrade, which its path
 *     judges
 */
record ChangeSummary(Optional<Impact> impact, boolean changes, List<Reason> blockers, List<String> drift,
        boolean beyondDrift, VersionChange kubernetes) {
    /** The summary of a cluster without resources: nothing to merge, nothing to ask a renderer. */
    static final ChangeSummary NONE = new ChangeSummary(Optional.empty(), false, List.of(), List.of(), false,
            VersionChange.NONE);

    ChangeSummary {
        blockers = List.copyOf(blockers);
        drift = List.copyOf(drift);
    }

    /** The summary of a change. */
    static ChangeSummary of(ClusterChange change) {
        VersionChange kubernetes = change.from().equals(change.to()) ? change.kubernetesMove() : VersionChange.NONE;
        return new ChangeSummary(change.impact(), change.changesCluster(), change.blockers(),
                change.drift().stream().map(Object::toString).toList(), change.changesBeyondDrift(), kubernetes);
    }

    /** Whether this answer must not be kept: the renderer failed, and the next plan asks it again. */
    boolean retry() {
        return blockers.stream().anyMatch(r -> r.code().equals(ReasonCodes.RENDERER_FAILED));
    }

    /** Whether the change rolls or replaces nodes, as the {@code noMinorOrNodeUpgrades} scope asks. */
    boolean changesNodes() {
        return impact.isPresent() && impact.get().compareTo(Impact.ROLLING) >= 0;
    }
}
