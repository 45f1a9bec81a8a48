package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What the merge did at a field. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Resolution {
    /** The target's value was taken (or the field removed, when the target has none). */
    TARGET,
    /** The cluster's value was kept. */
    CURRENT,
    /** The cluster's value was kept and the upgrade is blocked until someone decides. */
    BLOCKED
}
