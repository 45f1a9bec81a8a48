package dev.upshift.release;

import java.util.Objects;

/**
 * One comparison of a constraint, such as {@code >=1.2} or {@code !=1.4.x}: an operator, a version
 * whose open parts are 0, and which parts were open.
 *
 * <p>{@code >=} and {@code <} compare with the version alone (Masterminds does not widen them), so
 * their open parts are normalised to {@link OpenParts#NONE}: {@code >=1.x} and {@code >=1.0.0} are the
 * same term. The version never carries build metadata, which constraints ignore.
 */
record Term(Operator op, Version version, OpenParts open) {
    Term {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(open, "open");
        if (op == Operator.GE || op == Operator.LT) {
            open = OpenParts.NONE;
        }
    }

    /** Whether this term names a prerelease, which lets prereleases match its AND group. */
    boolean namesPrerelease() {
        return version.isPrerelease();
    }

    /** The canonical text: operator symbol (none for {@code =}), then the version with {@code x} for open parts. */
    @Override
    public String toString() {
        String full = version.toString();
        int dash = full.indexOf('-');
        String suffix = dash < 0 ? "" : full.substring(dash);
        String core = switch (open) {
            case NONE -> full;
            case PATCH -> version.major() + "." + version.minor() + ".x" + suffix;
            case MINOR -> version.major() + ".x" + suffix;
            case ALL -> "*" + suffix;
        };
        return op.symbol + core;
    }
}
