package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Every reason code a plan uses, in one place (docs/planning.md describes each: what it means and
 * how it lifts). Codes are stable: tools may match on them. A {@link dev.upshift.spi.Reason}'s
 * {@code until} is set where the planner knows when the reason lifts.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReasonCodes {
    private ReasonCodes() {}

    // needs a person: the cluster is blocked

    /** No upgrade path from the cluster's release to the target; the message names the first rule that cut the graph. */
    public static final String NO_PATH = "NO_PATH";
    /** A field the cluster customised that the target changes too, under {@code onConflict: fail}; names document and field. */
    public static final String FIELD_CONFLICT = "FIELD_CONFLICT";
    /** The upgrade would change a field a rule marks {@code mutable: false}; names document and field. */
    public static final String IMMUTABLE_FIELD = "IMMUTABLE_FIELD";
    /**
     * Readiness: a document of the cluster (its resources or the manifests of
     * {@code spec.manifestsFrom}) uses an API that the hop's target no longer serves; names the hop,
     * the documents with file and line, the API, the removing release, the replacement and whether
     * the cluster already serves it. It blocks the first hop that crosses the removal: on the
     * entry when that is the next hop, on that later {@link PlannedHop} otherwise. Lifts when the
     * documents are migrated, or a person accepts it for that hop ({@code spec.readiness.accept}).
     */
    public static final String REMOVED_API = "REMOVED_API";
    /**
     * Live readiness: the {@code ReadinessCheck} could not look at the cluster (unreachable, no
     * kubeconfig Secret); its next hop is not known to be ready. Lifts when a later check can look.
     */
    public static final String READINESS_UNKNOWN = "READINESS_UNKNOWN";
    /** The cluster's resources cannot be merged at all (a list whose items cannot be matched by key, ...). */
    public static final String INVALID_RESOURCES = "INVALID_RESOURCES";
    /** The configured {@code Renderer} answered that the cluster cannot be rendered at the target; its reason follows. */
    public static final String RENDERING_REJECTED = "RENDERING_REJECTED";
    /** The configured {@code Renderer} threw: the cluster is not planned this round, and the next round asks again. */
    public static final String RENDERER_FAILED = "RENDERER_FAILED";
    /** Two upgrades select the cluster with different targets; names both. */
    public static final String CONFLICTING_UPGRADES = dev.upshift.core.select.ConflictingUpgrades.CODE;
    /** The cluster's stage, or an earlier one, has more failures than its {@code maxFailures}. */
    public static final String STAGE_HALTED = "STAGE_HALTED";
    /** No allowed window within the planner's horizon for this kind of upgrade. */
    public static final String NO_WINDOW = "NO_WINDOW";
    /** The upgrade's target resolves to no release (unknown or withdrawn release, empty channel). */
    public static final String TARGET_UNRESOLVED = "TARGET_UNRESOLVED";
    /** The cluster runs a release the catalog does not have. */
    public static final String UNKNOWN_RELEASE = "UNKNOWN_RELEASE";
    /** The cluster names a maintenance schedule that is missing or unusable; it is never upgraded meanwhile. */
    public static final String UNKNOWN_SCHEDULE = "UNKNOWN_SCHEDULE";
    /** The cluster names a maintenance schedule whose document could not be read; the message carries its error. */
    public static final String INVALID_SCHEDULE = "INVALID_SCHEDULE";
    /**
     * A {@code ClusterUpgrade} that could not be read may select the cluster (its matchers do, or
     * cannot be read either): the cluster's plan is incomplete until the document is fixed.
     */
    public static final String UNREADABLE_UPGRADE = "UNREADABLE_UPGRADE";
    /**
     * The cluster's own {@code ManagedCluster} document could not be read: it has no plan entry, only
     * a row of its own in the plan's table and its JSON's {@code unreadable} list, until it is fixed.
     */
    public static final String UNREADABLE_CLUSTER = "UNREADABLE_CLUSTER";
    /** Two or more stages of the cluster's upgrade select it. */
    public static final String STAGE_OVERLAP = "STAGE_OVERLAP";
    /** The cluster's upgrade has stages and none of them selects it. */
    public static final String UNSTAGED = "UNSTAGED";
    /** Reserved for the engine: every upgrade strategy declined the work. */
    public static final String STRATEGY_DECLINED = "STRATEGY_DECLINED";
    /**
     * A person cancelled the upgrade's run to this target ({@code upshift cancel}): no cluster starts
     * it again; the hops in flight finish. Names who, when and why; a new target starts a new run.
     */
    public static final String CANCELLED = "CANCELLED";
    /**
     * A person took the cluster out of its upgrade's run ({@code upshift skip}), or the engine did
     * because its probe answered nothing but faults for too long: it is not started, counted or
     * waited for, and joins the upgrade's next run (a new target). Names who, when and why.
     */
    public static final String SKIPPED = "SKIPPED";

    // held by a person: waiting

    /**
     * The upgrade is paused ({@code upshift pause}, or {@code spec.paused} in its document): no
     * cluster starts a new hop of it until it is resumed. Names who, when and why.
     */
    public static final String PAUSED = "PAUSED";
    /**
     * The cluster's stage waits for a person's approval: before it starts, or after the stage
     * before it (its {@code approval} gate). Names the upgrade, the stage, the gate, since when it
     * waits and the command that grants it.
     */
    public static final String AWAITING_APPROVAL = "AWAITING_APPROVAL";

    // held by other clusters: waiting

    /** An earlier stage of the upgrade has not finished. */
    public static final String WAITING_STAGE = "WAITING_STAGE";
    /** The earlier stage finished and soaks until {@code until}. */
    public static final String SOAKING = "SOAKING";
    /**
     * The stage already has {@code maxConcurrent} clusters in flight or starting now (the cluster
     * waits); or, in a plan that projects the stage's queue, the slots of the cluster's window are
     * taken by clusters expected to run then (it is scheduled in a later window).
     */
    public static final String MAX_CONCURRENT = "MAX_CONCURRENT";
    /**
     * The cluster joined its stage after the stage's run started ({@link StageRun}): it waits for the
     * upgrade's next run, a new target; the stage neither counts nor waits for it.
     */
    public static final String JOINED_LATE = "JOINED_LATE";

    // time: scheduled

    /** The cluster is frozen until {@code until}. */
    public static final String FROZEN = "FROZEN";
    /** The upgrade's {@code startTime} is {@code until}. */
    public static final String WAITING_START_TIME = "WAITING_START_TIME";
    /** The cluster's stage has a scheduled start ({@code spec.stages[].startTime}), {@code until}. */
    public static final String WAITING_STAGE_START = "WAITING_STAGE_START";
    /** A maintenance exclusion that blocks this kind of upgrade delays it; names the exclusion. */
    public static final String EXCLUDED = "EXCLUDED";
    /** No maintenance window (with room enough, for {@code completeWithin}) is open now; the next opens at {@code until}. */
    public static final String OUTSIDE_WINDOW = "OUTSIDE_WINDOW";

    // history

    /** The cluster's last upgrade to this target, or the hop of its path it took next, failed; the planner does not retry it. */
    public static final String UPGRADE_FAILED = "UPGRADE_FAILED";

    // drift

    /**
     * The cluster is at its release, but at fields the release owns its documents differ from what
     * the release puts there; names each document and field, the release's value and the cluster's.
     * Under {@code drift: report} the cluster is blocked; under {@code drift: repair} a configuration
     * change to its own release is planned.
     */
    public static final String DRIFTED = "DRIFTED";

    // readiness notes: they block nothing

    /** A document uses an API the path's last target deprecates but still serves: a warning. */
    public static final String DEPRECATED_API = "DEPRECATED_API";
    /** A {@code REMOVED_API} finding a person accepted for this hop; names who, why and where it is written. */
    public static final String REMOVED_API_ACCEPTED = "REMOVED_API_ACCEPTED";

    /** Every code above, in this order. */
    public static final List<String> ALL = List.of(NO_PATH, FIELD_CONFLICT, IMMUTABLE_FIELD, REMOVED_API, READINESS_UNKNOWN,
            INVALID_RESOURCES,
            RENDERING_REJECTED, RENDERER_FAILED,
            UNREADABLE_UPGRADE, UNREADABLE_CLUSTER, CONFLICTING_UPGRADES, STAGE_HALTED, NO_WINDOW, TARGET_UNRESOLVED, UNKNOWN_RELEASE,
            UNKNOWN_SCHEDULE, INVALID_SCHEDULE,
            STAGE_OVERLAP, UNSTAGED, STRATEGY_DECLINED, CANCELLED, SKIPPED, PAUSED, AWAITING_APPROVAL, WAITING_STAGE,
            SOAKING, MAX_CONCURRENT, JOINED_LATE, FROZEN, WAITING_START_TIME, WAITING_STAGE_START, EXCLUDED, OUTSIDE_WINDOW, UPGRADE_FAILED, DRIFTED,
            DEPRECATED_API, REMOVED_API_ACCEPTED);
}
