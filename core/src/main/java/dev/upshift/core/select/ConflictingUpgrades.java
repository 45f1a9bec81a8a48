package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Two or more upgrades select one cluster and take it to different releases: neither can be
 * trusted to be what its owners meant, so the plan blocks the cluster with reason
 * {@value #CODE}, naming every upgrade involved. Upgrades that agree on the target are no conflict.
 *
 * @param cluster the cluster's id
 * @param claims each upgrade that selects the cluster and whose target resolves, with the release
 *     it would take the cluster to, in upgrade-name order; at least two, not all with the same target
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ConflictingUpgrades(String cluster, List<Claim> claims) {
    /** The reason code plans use for it. */
    public static final String CODE = "CONFLICTING_UPGRADES";

    /** Validates and copies the parts. */
    public ConflictingUpgrades {
        Objects.requireNonNull(cluster, "cluster");
        claims = List.copyOf(claims);
        if (claims.size() < 2) {
            throw new IllegalArgumentException("a conflict needs at least two upgrades");
        }
    }

    /**
     * One upgrade's claim on the cluster.
     *
     * @param upgrade the upgrade's name
     * @param target the version of the release it would take the cluster to
     */
    public record Claim(String upgrade, String target) {
        /** Validates the parts. */
        public Claim {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(target, "target");
        }
    }

    /** The names of the upgrades involved, in order. */
    public List<String> upgrades() {
        return claims.stream().map(Claim::upgrade).toList();
    }

    /**
     * {@code upgrades fleet-to-20.1 (to 20.1.0) and hotfix (to 20.0.2) select prod-eu-1 with different
     * targets}.
     */
    public String message() {
        List<String> named = new ArrayList<>();
        for (Claim c : claims) {
            named.add(c.upgrade() + " (to " + c.target() + ")");
        }
        return "upgrades " + String.join(", ", named.subList(0, named.size() - 1)) + " and " + named.get(named.size() - 1)
                + " select " + cluster + " with different targets";
    }

    /** The reason a plan gives for the blocked cluster. */
    public Reason reason() {
        return Reason.of(CODE, message());
    }

    @Override
    public String toString() {
        return message();
    }
}
