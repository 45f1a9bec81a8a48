package dev.upshift.core.plan;

import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.problem.UpshiftException;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the three-way merge of one cluster's resources says, reduced to what a plan keeps: the
 * highest impact, whether anything changes, and the reasons that block (DESIGN.md section 6). The
 * merged documents themselves are not kept, so that memory stays small per cluster.
 *
 * <p>B is the from-release's defaults applied to the cluster's resources, with the cluster's current
 * values at the fields its own values set (so those always apply), C the resources, T the
 * target release's defaults and then the cluster's own values applied to them; the target
 * release's field rules decide.
 *
 * @param impact the highest impact; empty when the cluster has no resources
 * @param changes whether the merge changes any resource
 * @param blockers {@code FIELD_CONFLICT}, {@code IMMUTABLE_FIELD} or {@code INVALID_RESOURCES} reasons
 */
record ChangeSummary(Optional<Impact> impact, boolean changes, List<Reason> blockers) {
    static final ChangeSummary NONE = new ChangeSummary(Optional.empty(), false, List.of());

    ChangeSummary {
        blockers = List.copyOf(blockers);
    }

    /** The summary of moving a cluster from one release to another (the same release for a configuration upgrade). */
    static ChangeSummary of(ManagedCluster cluster, Release from, Release to) {
        DocumentSet current = cluster.resources();
        if (current.isEmpty()) {
            return NONE;
        }
        try {
            DocumentSet base = from.defaults().applyTo(current, "release " + from.version() + " defaults",
                    cluster.values());
            DocumentDefaults targetDefaults = to.defaults().then(cluster.values());
            DocumentSet target = from == to && cluster.values().isEmpty() ? base
                    : targetDefaults.applyTo(current, "release " + to.version() + " defaults and the values of " + cluster.id());
            MergeResult result = ThreeWayMerge.withRules(to.fieldRules()).merge(base, current, target);
            List<Reason> blockers = new ArrayList<>();
            for (FieldChange c : result.blocked()) {
                String code = c.reason() == ChangeReason.IMMUTABLE ? ReasonCodes.IMMUTABLE_FIELD : ReasonCodes.FIELD_CONFLICT;
                blockers.add(Reason.of(code, c.toString()));
            }
            return new ChangeSummary(Optional.of(result.highestImpact()), result.hasClusterChanges(), blockers);
        } catch (UpshiftException e) {
            return new ChangeSummary(Optional.empty(), false, List.of(Reason.of(ReasonCodes.INVALID_RESOURCES,
                    "the resources of " + cluster.id() + " cannot be merged: " + e.getMessage())));
        }
    }

    /** Whether the change rolls or replaces nodes, as the {@code noMinorOrNodeUpgrades} scope asks. */
    boolean changesNodes() {
        return impact.isPresent() && impact.get().compareTo(Impact.ROLLING) >= 0;
    }
}
