package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.value.VersionChange;
import org.apiguardian.api.API;

/**
 * What a planned upgrade is, as maintenance-exclusion scopes judge it (DESIGN.md section 8): the
 * largest change of the {@code kubernetes} component along the path, as GKE's scopes mean it, or
 * {@link #CONFIG} for an upgrade that changes only the cluster's values.
 *
 * <p>It is not the release's own version change ({@link PlanEntry#releaseChange()}): 19.1.0 →
 * 20.1.0 moving Kubernetes 1.28 → 1.30 is {@link #MINOR}. A release upgrade that does not move the
 * {@code kubernetes} component at all (only etcd, say) is {@link #PATCH}; a hop between releases of
 * which one has no {@code kubernetes} component counts the release versions' own change instead.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum PlanKind {
    /** The kubernetes component moves by at most a patch version. */
    PATCH("patch"),
    /** The kubernetes component moves by a minor version (one or more hops). */
    MINOR("minor"),
    /** The kubernetes component moves by a major version. */
    MAJOR("major"),
    /** Only the cluster's configuration values change; the release stays. */
    CONFIG("config");

    private final String word;

    PlanKind(String word) {
        this.word = word;
    }

    /** {@code patch}, {@code minor}, {@code major} or {@code config}, as plans write it. */
    public String word() {
        return word;
    }

    /** The kind of a release upgrade whose kubernetes component moves this far ({@code NONE} is {@link #PATCH}). */
    public static PlanKind of(VersionChange kubernetesChange) {
        return switch (kubernetesChange) {
            case NONE, PATCH -> PATCH;
            case MINOR -> MINOR;
            case MAJOR -> MAJOR;
        };
    }

    /** How far a version moves for this kind ({@link VersionChange#NONE} for {@link #CONFIG}). */
    public VersionChange versionChange() {
        return switch (this) {
            case PATCH -> VersionChange.PATCH;
            case MINOR -> VersionChange.MINOR;
            case MAJOR -> VersionChange.MAJOR;
            case CONFIG -> VersionChange.NONE;
        };
    }

    @Override
    public String toString() {
        return word;
    }
}
