package dev.upshift.diff.rule;

/**
 * Whether a field may change at all: the {@code mutable} setting of a field rule
 * ({@code mutable: false} is {@link #IMMUTABLE}). A rule that leaves it unset has none
 * ({@code Optional.empty()}), and a field no rule sets it for is mutable.
 */
public enum Mutability {
    /** The merge may change the field ({@code mutable: true}, the default). */
    MUTABLE,
    /** A change the merge would make to the field blocks the upgrade instead ({@code mutable: false}). */
    IMMUTABLE;

    /** The value of the setting {@code mutable: <b>mutable</b>}. */
    public static Mutability of(boolean mutable) {
        return mutable ? MUTABLE : IMMUTABLE;
    }
}
