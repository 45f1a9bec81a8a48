package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Whether the merge looks at a field at all: the {@code ignore} setting of a field rule
 * ({@code ignore: true} is {@link #IGNORED}, for fields something else owns, such as replicas an
 * autoscaler sets). A rule that leaves it unset has none ({@code Optional.empty()}), and a field no
 * rule sets it for is merged.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Merging {
    /** The field is diffed and merged ({@code ignore: false}, the default). */
    MERGED,
    /** The field is never diffed nor merged: the cluster's value stays, unreported ({@code ignore: true}). */
    IGNORED;

    /** The value of the setting {@code ignore: <b>ignore</b>}. */
    public static Merging ofIgnore(boolean ignore) {
        return ignore ? IGNORED : MERGED;
    }
}
