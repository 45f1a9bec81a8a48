/**
 * Selection (seed 001): which clusters an upgrade's matchers select ({@link dev.upshift.core.select.ClusterSelector},
 * RE2/J regular expressions over the whole value), how its stages partition them
 * ({@link dev.upshift.core.select.UpgradeSelection}), the release its target resolves to
 * ({@link dev.upshift.core.select.Targets}) and where two upgrades disagree
 * ({@link dev.upshift.core.select.FleetSelection}, {@link dev.upshift.core.select.ConflictingUpgrades}). Pure: no I/O,
 * no clock.
 */
package dev.upshift.core.select;
