/**
 * Fleets for tests: {@link dev.upshift.testkit.fleet.TestFleet}, built from nothing or from a fleet
 * folder with a {@link dev.upshift.testkit.fleet.FleetBuilder} whose specs write the fleet documents
 * field by field, read by Upshift's own readers; planned, explained and simulated
 * ({@link dev.upshift.testkit.fleet.Rollout}), or written out as a fleet folder.
 */
package dev.upshift.testkit.fleet;
