package dev.upshift.operator;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.FleetPreparation;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.operator.resource.ClusterUpgradeResource;
import dev.upshift.operator.resource.MaintenanceScheduleResource;
import dev.upshift.operator.resource.ReleaseResource;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The fleet as the operator reads it for each engine pass: the releases, schedules and upgrades from
 * the operator's custom resources in its namespace, the clusters from a {@link ClusterInventory}
 * (Cluster API's, through the Kubernetes adapter). The prepared fleet is kept while every resource's
 * version and every cluster stay the same: they are the fingerprint its {@link FleetPreparation}
 * compares.
 */
final class ClusterFleet implements FleetSource {
    private final KubernetesClient client;
    private final String namespace;
    private final ClusterInventory inventory;
    private final Supplier<Map<String, Version>> observed;
    private final FleetPreparation preparation;
    private final ResourceDocuments documents = new ResourceDocuments();
    private ResourceDocuments.Read read;

    ClusterFleet(KubernetesClient client, String namespace, ClusterInventory inventory,
            Supplier<Map<String, Version>> observed, Planner planner) {
        this.client = Objects.requireNonNull(client, "client");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.inventory = Objects.requireNonNull(inventory, "inventory");
        this.observed = Objects.requireNonNull(observed, "observed");
        this.preparation = FleetPreparation.by(planner);
    }

    @Override
    public synchronized FleetReading read() {
        List<ReleaseResource> releases = list(ReleaseResource.class);
        List<MaintenanceScheduleResource> schedules = list(MaintenanceScheduleResource.class);
        List<ClusterUpgradeResource> upgrades = list(ClusterUpgradeResource.class);
        Listing<ManagedCluster> clusters = inventory.clusters();
        List<Object> fingerprint = List.of(versions(releases), versions(schedules), versions(upgrades), clusters);
        PreparedFleet prepared = preparation.prepare(fingerprint, () -> contents(clusters,
                documents.read(releases, schedules, upgrades)));
        return new FleetReading(prepared, observed.get());
    }

    /** The fleet as one reading of the resources and the inventory found it; remembered for {@link #lastRead()}. */
    private FleetContents contents(Listing<ManagedCluster> clusters, ResourceDocuments.Read r) {
        read = r;
        return new FleetContents(clusters, r.releases(), r.schedules(), r.upgrades(), r.problems(), r.fields(),
                r.unread());
    }

    /** What the last {@link #read()} found in the resources; empty before the first. */
    synchronized java.util.Optional<ResourceDocuments.Read> lastRead() {
        return java.util.Optional.ofNullable(read);
    }

    private <T extends CustomResource<?, ?>> List<T> list(Class<T> type) {
        return client.resources(type).inNamespace(namespace).list().getItems().stream()
                .sorted(Comparator.comparing(r -> r.getMetadata().getName()))
                .toList();
    }

    private static List<String> versions(List<? extends CustomResource<?, ?>> resources) {
        return resources.stream()
                .map(r -> r.getMetadata().getName() + "@" + r.getMetadata().getResourceVersion())
                .toList();
    }
}
