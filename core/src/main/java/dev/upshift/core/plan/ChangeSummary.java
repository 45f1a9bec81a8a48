package dev.upshift.core.plan;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the three-way merge of one cluster's resources says, reduced to what a plan keeps: the
 * highest impact, whether anything changes, and the reasons that block (DESIGN.md section 6). The
 * merged documents themselves are not kept, so that memory stays small per cluster.
 *
 * <p>B is the from-release's defaults applied to the cluster's resources, with the cluster's current
 * values at the fields its own values set (so those always apply), C the resources, T the
 * target release's defaults and then the cluster's own values applied to them, or, when a
 * {@link Renderer} is configured, what it renders for the cluster at the target release (DESIGN.md
 * section 6); the target release's field rules decide.
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

    /**
     * The summary of moving a cluster from one release to another (the same release for a
     * configuration upgrade), with the target from the release's defaults, or from the renderer when
     * one is given. A renderer is asked only for a cluster with resources (there is nothing else to
     * merge its answer with); a rejection blocks with {@code RENDERING_REJECTED}, an exception with
     * {@code RENDERER_FAILED} (see {@link #retry()}).
     */
    static ChangeSummary of(ManagedCluster cluster, Release from, Release to, Optional<Renderer> renderer) {
        DocumentSet current = cluster.resources();
        if (current.isEmpty()) {
            return NONE;
        }
        try {
            DocumentSet base = from.defaults().applyTo(current, "release " + from.version() + " defaults",
                    cluster.values());
            Either<ChangeSummary, DocumentSet> target = renderer.isPresent() ? rendered(cluster, to, renderer.get())
                    : Either.right(from == to && cluster.values().isEmpty() ? base
                            : to.defaults().then(cluster.values()).applyTo(current, "release " + to.version()
                                    + " defaults and the values of " + cluster.id()));
            if (target.isLeft()) {
                return target.getLeft();
            }
            MergeResult result = ThreeWayMerge.withRules(to.fieldRules()).merge(base, current, target.get());
            List<Reason> blockers = new ArrayList<>();
            for (FieldChange c : result.blocked()) {
                String code = c.reason() == ChangeReason.IMMUTABLE ? ReasonCodes.IMMUTABLE_FIELD : ReasonCodes.FIELD_CONFLICT;
                blockers.add(Reason.of(code, c.toString()));
            }
            return new ChangeSummary(Optional.of(result.highestImpact()), result.hasClusterChanges(), blockers);
        } catch (UpshiftException e) {
            return blocked(ReasonCodes.INVALID_RESOURCES, "the resources of " + cluster.id() + " cannot be merged: "
                    + e.getMessage());
        }
    }

    /** The renderer's documents, or the summary that blocks the cluster when it rejects or fails. */
    private static Either<ChangeSummary, DocumentSet> rendered(ManagedCluster cluster, Release to, Renderer renderer) {
        Rendering rendering;
        try {
            rendering = Objects.requireNonNull(renderer.render(cluster, to), "the renderer answered null");
        } catch (RuntimeException e) {
            return Either.left(blocked(ReasonCodes.RENDERER_FAILED, "the renderer could not render " + cluster.id()
                    + " at release " + to.version() + ": " + (e.getMessage() == null ? "no message" : e.getMessage())
                    + "; asked again at the next plan"));
        }
        if (rendering instanceof Rendering.Rejected rejected) {
            return Either.left(blocked(ReasonCodes.RENDERING_REJECTED, cluster.id() + " cannot be rendered at release "
                    + to.version() + ": " + rejected.reason()));
        }
        return Either.right(((Rendering.Rendered) rendering).documents());
    }

    private static ChangeSummary blocked(String code, String message) {
        return new ChangeSummary(Optional.empty(), false, List.of(Reason.of(code, message)));
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
