package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Decides whether one hop of the upgrade graph moves components too far at once.
 *
 * <p>The graph asks {@link #allows} for candidate pairs of releases while it answers a path query,
 * so it must be fast and free of side effects; {@link #reason} is asked only for pairs it refused,
 * to explain a missing path. Implementations must be immutable and thread-safe. The graph knows
 * which pairs {@link #kubernetes()} can allow and asks it, and any policy combined with it by
 * {@link #and}, about those pairs only; a policy of your own alone is asked about every pair that
 * the other rules leave, which for a large catalog without {@code upgradesFrom} is many.
 */
@API(status = MAINTAINED, since = "0.1")
public interface SkewPolicy {

    /** Whether a single hop from {@code from} to the newer {@code to} keeps the policy. */
    boolean allows(Release from, Release to);

    /** Why the hop breaks the policy, in a short sentence ("kubernetes 1.27 → 1.29 skips a minor"). */
    String reason(Release from, Release to);

    /**
     * Whether this policy judges every hop's change of the named component, so that a hop needs no
     * {@code componentUpgradesFrom} rule for that component to count as checked. The default says
     * no: a policy that looks at a component says so.
     */
    default boolean checks(String component) {
        return false;
    }

    /**
     * Kubernetes' version skew policy for the control plane: the {@code kubernetes} component moves
     * at most one minor version per hop, never changes major, and never goes down. A release without
     * a {@code kubernetes} component cannot take part in a hop. It {@linkplain #checks checks} the
     * {@code kubernetes} component.
     */
    static SkewPolicy kubernetes() {
        return KubernetesSkew.INSTANCE;
    }

    /** A policy that allows every hop. */
    static SkewPolicy none() {
        return new SkewPolicy() {
            @Override
            public boolean allows(Release from, Release to) {
                return true;
            }

            @Override
            public String reason(Release from, Release to) {
                return "";
            }

            @Override
            public String toString() {
                return "no skew policy";
            }
        };
    }

    /**
     * A policy that allows a hop only when both this one and {@code other} do, and checks what
     * either checks.
     */
    default SkewPolicy and(SkewPolicy other) {
        return new BothSkews(this, Objects.requireNonNull(other, "other"));
    }
}
