/**
 * The operator's custom resources, in the API group {@code upshift.dev}, version {@code v1alpha1}:
 * {@link dev.upshift.operator.resource.ClusterUpgradeResource ClusterUpgrade},
 * {@link dev.upshift.operator.resource.MaintenanceScheduleResource MaintenanceSchedule} and
 * {@link dev.upshift.operator.resource.ReleaseResource Release}. Their specs carry the fields of the
 * documents of the same kinds (docs/formats.md) and are read by the same readers, so that a
 * resource and a file of the same content mean the same thing; the status of a
 * {@code ClusterUpgrade} is what the operator writes back (docs/operator.md).
 */
package dev.upshift.operator.resource;
