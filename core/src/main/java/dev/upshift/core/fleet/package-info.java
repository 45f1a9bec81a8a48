/**
 * The fleet's document kinds and their readers: {@link dev.upshift.core.fleet.FleetKinds} registers the kinds of a
 * fleet folder, with the readers of {@code ManagedCluster} and {@code ClusterUpgrade}. Pure: the documents of the
 * folders clusters name in {@code spec.resourcesFrom} are found through {@link dev.upshift.core.fleet.ResourceFolders}.
 */
package dev.upshift.core.fleet;
