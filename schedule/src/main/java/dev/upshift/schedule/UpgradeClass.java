package dev.upshift.schedule;

/**
 * The classes of {@link UpgradeKind}s that maintenance-exclusion scopes tell apart: every kind of
 * one class is blocked by exactly the same scopes. So a schedule's allowed time needs one interval
 * set per class, not one per kind (see {@link Expansion}).
 */
enum UpgradeClass {
    /** Patch upgrades and configuration changes that leave nodes alone: only {@code noUpgrades} blocks them. */
    PATCH_OR_CONFIG,
    /** Patch upgrades and configuration changes that roll or replace nodes: {@code noMinorOrNodeUpgrades} blocks them too. */
    NODE_CHANGING,
    /** Minor and major upgrades: every scope blocks them. */
    MINOR_OR_MAJOR
}
