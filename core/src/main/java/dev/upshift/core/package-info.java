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
 *   <li>{@code core.simulate}: the simulator, the engine itself run through the calendar on a
 *       virtual clock over in-memory adapters;
 *   <li>{@code core.engine}: the engine ({@code Engine}), the level-triggered reconcile loop that
 *       carries a plan out through the SPIs, journaling each intent before its effect, and what it
 *       answers ({@code Reconciliation}, {@code Application}; docs/engine.md);
 *   <li>{@code core.run}: what running the engine against real adapters needs: SPI calls cut off
 *       past their deadline ({@code Deadlines});
 *   <li>{@code core.present}: the stable JSON, HTML and iCalendar renderings of plans, explanations,
 *       simulations, windows and paths;
 *   <li>{@code core.file}: the embedded file adapters (a fleet folder as the SPI's sources, and the
 *       publisher that writes upgrades into it with minimal edits);
 *   <li>{@code core.journal}: the embedded JSON-lines {@code HistoryStore} ({@code JsonLinesJournal}:
 *       lock, fencing by epoch, torn-line repair, migration; docs/journal.md).
 * </ul>
 *
 * Only {@code core.file} and {@code core.journal} touch files; the planner, the simulator and the
 * engine read no clock and start no threads ({@code core.run} alone starts threads, to cut off an
 * adapter's call that hangs). Kubernetes and git adapters never live in core: they are modules of
 * their own under {@code adapters/}.
 */
package dev.upshift.core;
