/**
 * Upshift's core: what a tool embeds to read a fleet, plan its upgrades and carry them out. It
 * stands on the SPI and the pure modules, and keeps each concern in one room (docs/architecture.md):
 *
 * <ul>
 *   <li>{@code core.fleet}: the fleet's document kinds and their readers, and what a reading of a
 *       fleet holds ({@code FleetContents}, {@code FleetDocuments}); no I/O;
 *   <li>{@code core.select}: which clusters each upgrade selects, its stages and target, and the
 *       checks of references across documents ({@code CrossReferences});
 *   <li>{@code core.validate}: every problem of a fleet's documents, in one call;
 *   <li>{@code core.plan}: the planner and its explanations;
 *   <li>{@code core.simulate}: the simulator, planning through the calendar on a virtual clock;
 *   <li>{@code core.engine}: the reconcile loop (its room; to come);
 *   <li>{@code core.present}: the stable JSON and HTML renderings of plans, explanations,
 *       simulations, windows and paths;
 *   <li>{@code core.file}: the embedded file adapters (a fleet folder as the SPI's sources);
 *   <li>{@code core.journal}: the embedded JSON-lines {@code HistoryStore} (its room; to come).
 * </ul>
 *
 * Only {@code core.file} and {@code core.journal} touch files; the planner, the simulator and the
 * engine read no clock and start no threads. Kubernetes and git adapters never live in core: they
 * are modules of their own under {@code adapters/}.
 */
package dev.upshift.core;
