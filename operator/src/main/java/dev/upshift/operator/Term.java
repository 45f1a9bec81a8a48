package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One term of leadership: the replica that holds the lease, and the epoch every history entry it
 * writes in this term carries: the lease's {@code leaseTransitions} plus one, so that each new holder
 * of the lease writes with a newer epoch than every holder before it.
 *
 * <p>Terms are compared by identity, not by value: a replica that loses the lease and wins it again
 * has a new term, and whatever still holds the old one is refused.
 *
 * @param identity the replica's identity in the lease ({@code holderIdentity})
 * @param epoch the history epoch of this term, at least 1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Term(String identity, long epoch) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the identity is blank or the epoch below 1
     */
    public Term {
        Objects.requireNonNull(identity, "identity");
        if (identity.isBlank()) {
            throw new IllegalArgumentException("a lease holder has an identity");
        }
        if (epoch < 1) {
            throw new IllegalArgumentException("a term's epoch is at least 1, not " + epoch);
        }
    }

    /** The term of a lease whose {@code leaseTransitions} is {@code transitions} (0 for a new lease). */
    public static Term ofLease(String identity, int transitions) {
        if (transitions < 0) {
            throw new IllegalArgumentException("a lease's transitions are never negative, not " + transitions);
        }
        return new Term(identity, transitions + 1L);
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    /** {@code replica-a, epoch 3}. */
    @Override
    public String toString() {
        return identity + ", epoch " + epoch;
    }
}
