package dev.upshift.diff.merge;

/** What the merge did at a field. */
public enum Resolution {
    /** The target's value was taken (or the field removed, when the target has none). */
    TARGET,
    /** The cluster's value was kept. */
    CURRENT,
    /** The cluster's value was kept and the upgrade is blocked until someone decides. */
    BLOCKED
}
