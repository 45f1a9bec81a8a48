package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Why the merge made a decision at a field: the row of the merge table (DESIGN.md section 6) that
 * applied. {@link FieldChange#message()} says it in words, with the values.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ChangeReason {
    /** The cluster had no value (absent or null): the target's value is set. */
    ADDED,
    /** The cluster still had the old release's value: the new release's value is set. */
    RELEASE_CHANGED,
    /** The cluster still had the old release's value (or item, or document): the new release drops it. */
    RELEASE_REMOVED,
    /** The cluster's value differs from the old release's, which the new release left alone: kept. */
    CUSTOMISATION_KEPT,
    /**
     * A drift repair ({@link ThreeWayMerge#repairingDrift()}): the cluster's value differs from the
     * one its own release puts there, at a field the release owns (no rule leaves it to the cluster
     * with {@code onConflict: keep}): the release's value is set.
     */
    DRIFTED,
    /** The cluster and the new release changed the field differently: the field rule's {@code onConflict} decides. */
    CONFLICT,
    /**
     * There is no base and the cluster's value differs from the target's: treated as a conflict,
     * since a copied old default cannot be told from a user's choice.
     */
    NO_BASELINE,
    /**
     * The merge removed everything inside a mapping or list that neither release nor the cluster has
     * empty: the container goes too, so that no empty selector or list appears that none of the
     * inputs had.
     */
    EMPTIED,
    /** The merge would change a field a rule marks immutable: the upgrade is blocked. */
    IMMUTABLE,
    /**
     * The merged list would hold two items that its validation says must differ (two Cluster API
     * {@code extraArgs} with one name, under a rule that keys the list otherwise): the list keeps
     * the cluster's value and the upgrade is blocked.
     */
    DUPLICATE_ITEMS,
    /**
     * The document's {@code apiVersion} moves, and a value kept from the cluster has a shape the new
     * version does not have there (a mapping where it has a list): the upgrade is blocked.
     */
    VERSION_SHAPE,
    /**
     * The merge changed a template that may not change in place ({@code immutable: rotate}, built in
     * for Cluster API machine and bootstrap templates): the merged template is a new document under
     * a derived name, and this one stays as the cluster has it ("replaced by").
     */
    TEMPLATE_REPLACED,
    /** A reference to a template the merge replaced now names the new template. */
    REFERENCE_MOVED
}
