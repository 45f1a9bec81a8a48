/**
 * Upshift's core: the document kinds of a fleet ({@link dev.upshift.core.FleetKinds}), with the readers of
 * {@code ManagedCluster} and {@code ClusterUpgrade}; selection, validation and the file adapters live in the
 * sub-packages, the planner and the engine are to come.
 */
package dev.upshift.core;
