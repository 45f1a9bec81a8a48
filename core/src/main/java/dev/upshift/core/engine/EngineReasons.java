package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The reason codes the engine records in history entries, beside the planner's
 * ({@link dev.upshift.core.plan.ReasonCodes}); docs/engine.md explains each.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EngineReasons {
    /** A before-hook asked to be asked again later; the entry's {@code until} says when. */
    public static final String HOOK_HELD = "HOOK_HELD";
    /** A hook aborted the upgrade. */
    public static final String HOOK_ABORTED = "HOOK_ABORTED";
    /** Every strategy declined an owner's machines and the upgrade allows no fallback. */
    public static final String STRATEGY_DECLINED = dev.upshift.core.plan.ReasonCodes.STRATEGY_DECLINED;
    /** The publisher refused the change for good. */
    public static final String PUBLISH_REJECTED = "PUBLISH_REJECTED";
    /** The probe reported the upgrade failed. */
    public static final String UPGRADE_FAILED = dev.upshift.core.plan.ReasonCodes.UPGRADE_FAILED;
    /** The upgrade stayed in progress past its timeout. */
    public static final String TIMEOUT = "TIMEOUT";
    /** The cluster left the fleet while an attempt was in flight or owed its after-hooks. */
    public static final String LEFT_FLEET = "LEFT_FLEET";
    /**
     * A member enrolled in a stage's run left that stage before its attempt started: it left the
     * fleet, or moved to another stage or upgrade.
     */
    public static final String LEFT_STAGE = dev.upshift.core.plan.StageMembership.LEFT_STAGE;
    /**
     * Carried by the {@code starting} entry of a hop published in two parts, control plane then
     * workers, because a part hook is registered (docs/engine.md, "Hops in two parts").
     */
    public static final String IN_PARTS = "IN_PARTS";
    /**
     * Carried by the {@code starting} entry of a hop that moves only its control plane, when a part
     * hook is registered: published whole, with the control plane's part hooks asked around it.
     */
    public static final String CONTROL_PLANE_ONLY = "CONTROL_PLANE_ONLY";
    /** The same for a hop that moves only its workers: the workers' part hooks are asked around it. */
    public static final String WORKERS_ONLY = "WORKERS_ONLY";

    /** Every code, in the order docs/engine.md lists them. */
    public static final List<String> ALL = List.of(HOOK_HELD, HOOK_ABORTED, STRATEGY_DECLINED, PUBLISH_REJECTED,
            UPGRADE_FAILED, TIMEOUT, LEFT_FLEET, LEFT_STAGE, IN_PARTS, CONTROL_PLANE_ONLY, WORKERS_ONLY);

    private EngineReasons() {}
}
