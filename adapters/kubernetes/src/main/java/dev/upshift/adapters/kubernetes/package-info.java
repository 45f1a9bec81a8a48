/**
 * Cluster API clusters as Upshift's adapters see them, through the fabric8 Kubernetes client
 * (docs/adapters.md, "Kubernetes"): {@link dev.upshift.adapters.kubernetes.ClusterApiInventory} lists
 * {@code Cluster} objects with their control plane, machine deployments and templates as each
 * cluster's documents; {@link dev.upshift.adapters.kubernetes.ClusterApiStatusProbe} maps what Cluster
 * API reports to in progress, succeeded or failed; {@link dev.upshift.adapters.kubernetes.DryRunRenderer}
 * renders a release by a server-side dry-run apply; {@link dev.upshift.adapters.kubernetes.ServerSideApplyPublisher}
 * applies an upgrade with the field manager {@code upshift}. What needs more of an API server than
 * reads (dry-run, server-side apply, field ownership) goes through
 * {@link dev.upshift.adapters.kubernetes.ServerSideApply}, implemented with fabric8 by
 * {@link dev.upshift.adapters.kubernetes.Fabric8ServerSideApply}.
 */
package dev.upshift.adapters.kubernetes;
