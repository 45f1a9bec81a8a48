package dev.upshift.release;

/** The comparison a constraint term makes; see {@link VersionConstraint} for the semantics. */
enum Operator {
    /** {@code =} or no operator: the exact version, or the range a short or wildcard version spans. */
    EQ(""),
    /** {@code !=}: anything but the version, or but the range a short or wildcard version spans. */
    NE("!="),
    GT(">"),
    LT("<"),
    /** {@code >=} and its spelling {@code =>}. */
    GE(">="),
    /** {@code <=} and its spelling {@code =<}. */
    LE("<="),
    /** {@code ~} and its spelling {@code ~>}: patch-level changes (minor-level for a bare major). */
    TILDE("~"),
    /** {@code ^}: changes that keep the left-most non-zero part. */
    CARET("^");

    /** The spelling used by the canonical text. */
    final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }
}
