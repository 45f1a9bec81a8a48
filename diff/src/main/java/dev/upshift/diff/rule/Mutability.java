package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Whether a field may change at all: the {@code mutable} setting of a field rule
 * ({@code mutable: false} is {@link #IMMUTABLE}), or {@code immutable: rotate} ({@link #ROTATE}).
 * A rule that leaves it unset has none ({@code Optional.empty()}), and a field no rule sets it for
 * is mutable.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Mutability {
    /** The merge may change the field ({@code mutable: true}, the default). */
    MUTABLE,
    /** A change the merge would make to the field blocks the upgrade instead ({@code mutable: false}). */
    IMMUTABLE,
    /**
     * The object may not change in place, but may be replaced ({@code immutable: rotate}): a change
     * the merge makes here puts the merged document under a new name derived from its content,
     * moves the references to it, and leaves the old document in place (Cluster API's machine
     * templates work this way).
     */
    ROTATE;

    /** Whether the merge may change the field where it is (not {@link #IMMUTABLE}). */
    public boolean allowsChange() {
        return this != IMMUTABLE;
    }

    /** The value of the setting {@code mutable: <b>mutable</b>}. */
    public static Mutability of(boolean mutable) {
        return mutable ? MUTABLE : IMMUTABLE;
    }
}
