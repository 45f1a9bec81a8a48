package dev.upshift.operator;

import dev.upshift.operator.resource.ClusterUpgradeResource;
import dev.upshift.operator.resource.ClusterUpgradeSpec;
import dev.upshift.operator.resource.Matcher;
import dev.upshift.operator.resource.ReleaseResource;
import dev.upshift.operator.resource.ReleaseSpec;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.Listing;
import dev.upshift.testkit.TestClock;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.fleet.TestFleet;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A cluster on the fabric8 mock server (CRUD mode) with Upshift's CRDs, two releases as
 * {@code Release} resources, and a fleet of two Cluster API clusters seen through an inventory; the
 * publisher and the probe are the testkit's fakes until the Kubernetes adapter is wired in, the
 * history is shared by every replica of the world.
 */
final class OperatorWorld implements AutoCloseable {
    static final String NAMESPACE = "upshift-system";
    static final Instant NOW = Instant.parse("2026-03-10T10:00:00Z");
    static final Duration PATIENCE = Duration.ofSeconds(60);

    final KubernetesClient client;
    final InMemoryHistoryStore history = new InMemoryHistoryStore();
    final FakePublisher publisher = new FakePublisher();
    final FakeProbe probe = new FakeProbe().answer(FakeProbe.Script.stayInProgress());
    final TestClock clock = TestClock.at(NOW);
    final TestFleet fleet = TestFleet.builder()
            .release("19.3.1", r -> r.kubernetes("1.29.4"))
            .release("20.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=19.3.0"))
            .cluster("dev-1", c -> c.release("19.3.1").label("stage", "dev"))
            .cluster("prod-1", c -> c.release("19.3.1").label("stage", "prod"))
            .build();
    final ClusterInventory inventory = () -> Listing.of(fleet.clusters());
    final List<String> ended = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<UpshiftOperator> replicas = new ArrayList<>();

    OperatorWorld(KubernetesClient client) {
        this.client = client;
        try {
            for (CustomResourceDefinition crd : CrdsTest.committed()) {
                client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        release("19.3.1", Map.of("kubernetes", "1.29.4"), null);
        release("20.1.0", Map.of("kubernetes", "1.30.2"), ">=19.3.0");
    }

    void release(String version, Map<String, String> components, String upgradesFrom) {
        release(version, new ReleaseSpec(null, null, null, components, upgradesFrom, null, null, null));
    }

    void release(String version, ReleaseSpec spec) {
        ReleaseResource r = new ReleaseResource();
        r.setMetadata(new ObjectMetaBuilder().withName(version).withNamespace(NAMESPACE).build());
        r.setSpec(spec);
        client.resource(r).inNamespace(NAMESPACE).create();
    }

    /** Keeps a replica built elsewhere, to stop it when the world closes. */
    UpshiftOperator started(UpshiftOperator replica) {
        replicas.add(replica);
        replica.start();
        return replica;
    }

    /** A replica of the operator over this world; {@code killable}: its lease is not handed back when it stops. */
    UpshiftOperator replica(String identity, boolean killable) {
        UpshiftOperator r = UpshiftOperator.builder()
                .client(client).namespace(NAMESPACE).identity(identity)
                .lease(Duration.ofSeconds(2), Duration.ofMillis(1500), Duration.ofMillis(200), !killable)
                .history(history).inventory(inventory).publisher(publisher).probe(probe)
                .observedReleases(publisher::releases)
                .clock(clock).pollInterval(Duration.ofMillis(300))
                .serverSideApplyStatus(false) // the mock server answers an apply-patch with 415
                .onTermEnded((term, why) -> ended.add(term + ": " + why))
                .build();
        replicas.add(r);
        r.start();
        return r;
    }

    ClusterUpgradeResource upgrade(String name, String release, Matcher... matchers) {
        ClusterUpgradeResource u = new ClusterUpgradeResource();
        u.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NAMESPACE).build());
        u.setSpec(new ClusterUpgradeSpec(List.of(matchers), release, null, null, null, null, null, null, null, null, null));
        return client.resource(u).inNamespace(NAMESPACE).create();
    }

    Optional<ClusterUpgradeResource> read(String name) {
        return Optional.ofNullable(client.resources(ClusterUpgradeResource.class).inNamespace(NAMESPACE)
                .withName(name).get());
    }

    static Matcher label(String key, String value) {
        return new Matcher(null, key, value, null);
    }

    static Matcher id(String value) {
        return new Matcher(null, null, value, null);
    }

    /** Waits until {@code condition} holds, for at most {@link #PATIENCE}; a bound, not a timing. */
    static void eventually(String what, BooleanSupplier condition) {
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("never happened: " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for: " + what, e);
            }
        }
    }

    @Override
    public void close() {
        replicas.forEach(UpshiftOperator::stop);
    }
}
