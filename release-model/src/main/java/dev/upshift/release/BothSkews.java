package dev.upshift.release;

import java.util.Objects;

/** Two skew policies that must both allow a hop ({@link SkewPolicy#and}). */
record BothSkews(SkewPolicy first, SkewPolicy second) implements SkewPolicy {
    BothSkews {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
    }

    @Override
    public boolean allows(Release from, Release to) {
        return first.allows(from, to) && second.allows(from, to);
    }

    @Override
    public String reason(Release from, Release to) {
        return first.allows(from, to) ? second.reason(from, to) : first.reason(from, to);
    }

    @Override
    public boolean checks(String component) {
        return first.checks(component) || second.checks(component);
    }

    @Override
    public String toString() {
        return first + " and " + second;
    }
}
