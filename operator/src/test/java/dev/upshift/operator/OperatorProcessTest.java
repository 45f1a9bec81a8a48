package dev.upshift.operator;

import static dev.upshift.operator.OperatorWorld.NAMESPACE;
import static dev.upshift.operator.OperatorWorld.label;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.TestPostgres;
import dev.upshift.testkit.assertions.UpshiftAssertions;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged operator as a user deploys it: {@link OperatorMain} in processes of its own, configured
 * only by the environment a Deployment gives it, against fabric8's mock API server on a real port
 * (CRUD mode, with Upshift's CRDs and Cluster API's quick-start objects) and a real PostgreSQL. The
 * test plays Cluster API's controllers; counts of what each replica wrote are taken at the mock
 * server, from the user agent that names the replica.
 *
 * <p>The mock takes neither server-side apply nor dry-run, so the processes run with
 * {@code UPSHIFT_MOCK_API_SERVER} (publication by JSON merge patch); docs/operator.md says what
 * that leaves unproven.
 */
class OperatorProcessTest {
    static final Duration PATIENCE = Duration.ofSeconds(90);
    static final String LEASE = "upshift-operator";

    @TempDir
    Path dir;
    String history;
    MockApiServer api;
    OperatorWorld world;
    ClusterApiObjects objects;
    final List<OperatorProcess> processes = new ArrayList<>();

    @BeforeEach
    void managementCluster() {
        TestPostgres postgres = TestPostgres.shared();
        history = postgres.bareUrl(postgres.freshDatabaseName());
        api = new MockApiServer();
        world = new OperatorWorld(api.client);
        objects = new ClusterApiObjects(api.client);
        objects.releasesAndSchedule(world);
    }

    @AfterEach
    void end() {
        for (OperatorProcess p : processes) {
            p.close();
        }
        // null when the set-up stopped first (no PostgreSQL here: the test is skipped, not failed)
        if (api != null) {
            api.close();
        }
    }

    @Test
    @DisplayName("a ClusterUpgrade created → the operator process publishes it to the Cluster → Cluster API moves the"
            + " status → the ClusterUpgrade's status follows, seed 001's fields; SIGTERM hands the lease back at once")
    void oneProcessUpgradesACluster(TestInfo test) throws Exception {
        objects.quickStart("default");
        Instant began = Instant.now();
        OperatorProcess a = start("replica-a", test);
        eventually(a, "replica-a holds the lease", () -> "replica-a".equals(holder()));

        world.upgrade("dev-to-1.1", "1.1.0", label("env", "dev"));

        eventually(a, "the Cluster carries release 1.1.0", () -> "1.1.0".equals(objects.release("default")));
        assertThat(objects.cluster("default").path("spec").path("topology").path("version").asText()).isEqualTo("v1.34.1");
        eventually(a, "the status says in progress", () -> state("dev-to-1.1").filter("inProgress"::equals).isPresent());

        objects.clusterApiUpgrades("default", "v1.34.1");

        eventually(a, "the status says finished", () -> state("dev-to-1.1").filter("finished"::equals).isPresent());
        ClusterUpgradeStatus done = world.read("dev-to-1.1").orElseThrow().getStatus();
        assertThat(done.outcome()).isEqualTo("success");
        assertThat(done.fromRelease()).isEqualTo("1.0.0");
        assertThat(done.toRelease()).isEqualTo("1.1.0");
        Instant triggered = Instant.parse(done.triggeredAt());
        Instant finished = Instant.parse(done.finishedAt());
        assertThat(triggered).isAfterOrEqualTo(began.minusSeconds(1)).isBeforeOrEqualTo(finished);
        assertThat(finished).isBeforeOrEqualTo(Instant.now().plusSeconds(1));
        assertThat(api.clusterApiWrites("replica-a")).as("replica-a's writes to Cluster API's objects")
                .containsExactly("PATCH /apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters/capi-quickstart");
        assertThat(RbacCheck.deployed().refused(api.from("replica-a")))
                .as("requests deploy/rbac.yaml does not allow").isEmpty();
        List<HistoryEntry> entries = entries();
        assertThat(entries).extracting(HistoryEntry::epoch).containsOnly(1L);
        UpshiftAssertions.assertThatHistory(entries).isValid();

        assertThat(a.terminate()).as("exit status after SIGTERM (128 + 15)").isEqualTo(143);
        assertHandedBack(a);
    }

    @Test
    @DisplayName("two operator processes, the leader killed with SIGKILL after publishing: the other takes the lease"
            + " over with epoch 2 and finishes; each Cluster written once, by the first")
    void theOtherProcessTakesOver(TestInfo test) throws Exception {
        objects.quickStart("default");
        objects.quickStart("team-b");
        OperatorProcess a = start("replica-a", test);
        eventually(a, "replica-a holds the lease", () -> "replica-a".equals(holder()));
        OperatorProcess b = start("replica-b", test);
        eventually(b, "replica-b sees replica-a lead", () -> b.output().contains("is held by replica-a"));

        world.upgrade("dev-to-1.1", "1.1.0", label("env", "dev"));

        eventually(a, "both hops are published and recorded", () -> entries().stream()
                .filter(e -> e.step() == HistoryEntry.Step.PUBLISHED).count() == 2);
        assertThat(objects.release("default")).isEqualTo("1.1.0");
        assertThat(objects.release("team-b")).isEqualTo("1.1.0");
        assertThat(a.kill()).as("exit status after SIGKILL (128 + 9)").isEqualTo(137);

        eventually(b, "replica-b takes the lease over", () -> "replica-b".equals(holder()));
        objects.clusterApiUpgrades("default", "v1.34.1");
        objects.clusterApiUpgrades("team-b", "v1.34.1");
        eventually(b, "the status says finished", () -> state("dev-to-1.1").filter("finished"::equals).isPresent());

        assertThat(world.read("dev-to-1.1").orElseThrow().getStatus().outcome()).isEqualTo("success");
        assertThat(api.clusterApiWrites("replica-a")).as("replica-a's writes to Cluster API's objects")
                .containsExactlyInAnyOrder(
                        "PATCH /apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters/capi-quickstart",
                        "PATCH /apis/cluster.x-k8s.io/v1beta2/namespaces/team-b/clusters/capi-quickstart");
        assertThat(api.clusterApiWrites("replica-b")).as("replica-b's writes to Cluster API's objects").isEmpty();
        List<HistoryEntry> entries = entries();
        assertThat(entries).filteredOn(e -> e.step() == HistoryEntry.Step.STARTING)
                .extracting(e -> e.clusterId() + " epoch " + e.epoch())
                .containsExactlyInAnyOrder("default/capi-quickstart epoch 1", "team-b/capi-quickstart epoch 1");
        assertThat(entries).filteredOn(e -> e.step() == HistoryEntry.Step.SUCCEEDED)
                .extracting(e -> e.clusterId() + " epoch " + e.epoch())
                .containsExactlyInAnyOrder("default/capi-quickstart epoch 2", "team-b/capi-quickstart epoch 2");
        UpshiftAssertions.assertThatHistory(entries).isValid();
        assertThat(b.terminate()).isEqualTo(143);
        assertHandedBack(b);
    }

    @Test
    @DisplayName("a process whose lease another holder took stops acting and exits with status 1 and one line, for"
            + " Kubernetes to start a fresh replica")
    void aProcessThatLosesTheLeaseExits(TestInfo test) throws Exception {
        OperatorProcess a = start("replica-a", test);
        eventually(a, "replica-a holds the lease", () -> "replica-a".equals(holder()));
        // the lease is written before the replica reads it back and takes its term: take it over only once it leads
        eventually(a, "replica-a leads", () -> a.output().contains("replica-a, epoch 1 leads"));

        Leases.takeOver(api.client, NAMESPACE, LEASE, "intruder");

        assertThat(a.await()).as("exit status; output:%n%s", a.output()).isEqualTo(1);
        assertThat(a.lines()).filteredOn(l -> l.startsWith("upshift-operator: ")).last().isEqualTo("upshift-operator:"
                + " the term of replica-a, epoch 1: the lease was lost; exiting, so that a fresh replica joins the"
                + " election");
        assertThat(a.outputWithoutLeaseConflicts()).contains("replica-a, epoch 1 stops acting: the lease was lost")
                .doesNotContain("Exception");
        assertThat(holder()).isEqualTo("intruder");
    }

    private OperatorProcess start(String identity, TestInfo test) throws IOException {
        Map<String, String> env = new HashMap<>();
        env.put("KUBECONFIG", api.kubeconfig(dir).toString());
        env.put(OperatorSettings.NAMESPACE, NAMESPACE);
        env.put(OperatorSettings.IDENTITY, identity);
        env.put(OperatorSettings.LEASE, LEASE);
        env.put(OperatorSettings.HISTORY_URL, history);
        env.put(OperatorSettings.HISTORY_USER, TestPostgres.USER);
        env.put(OperatorSettings.HISTORY_PASSWORD, "any: the test server trusts this machine");
        env.put(OperatorSettings.POLL, "1s");
        env.put(OperatorSettings.LEASE_DURATION, "4s");
        env.put(OperatorSettings.RENEW_DEADLINE, "3s");
        env.put(OperatorSettings.RETRY_PERIOD, "500ms");
        env.put(OperatorSettings.MOCK_API_SERVER, OperatorSettings.MOCK_PUBLISHING);
        OperatorProcess p = OperatorProcess.start(identity, test.getTestMethod().orElseThrow().getName() + "-" + identity,
                env);
        processes.add(p);
        return p;
    }

    /**
     * A replica stopped by SIGTERM closed its gate first, then handed the lease back: fabric8's
     * release keeps the holder's name and shortens the lease to one second from the stop, so that the
     * next replica takes over a second later instead of after the lease's 4 s.
     */
    private void assertHandedBack(OperatorProcess p) {
        assertThat(p.output()).contains(p.identity + ", epoch").contains("stops acting: the replica stopped")
                .doesNotContain("Exception");
        Lease lease = api.client.resources(Lease.class).inNamespace(NAMESPACE).withName(LEASE).get();
        assertThat(lease.getSpec().getHolderIdentity()).isEqualTo(p.identity);
        assertThat(lease.getSpec().getLeaseDurationSeconds()).as("the lease's duration once %s stopped", p.identity)
                .isEqualTo(1);
    }

    /** The lease's holder; empty when nobody holds it. */
    private String holder() {
        Lease lease = api.client.resources(Lease.class).inNamespace(NAMESPACE).withName(LEASE).get();
        return lease == null || lease.getSpec() == null || lease.getSpec().getHolderIdentity() == null ? ""
                : lease.getSpec().getHolderIdentity();
    }

    private Optional<String> state(String name) {
        return world.read(name).map(r -> r.getStatus()).map(ClusterUpgradeStatus::state);
    }

    private List<HistoryEntry> entries() {
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(history).user(TestPostgres.USER)
                .fleet(NAMESPACE).build()) {
            return store.entries();
        }
    }

    /** Waits until {@code condition} holds, at most {@link #PATIENCE}; fails with the process's output. */
    private static void eventually(OperatorProcess p, String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until || !p.process.isAlive()) {
                throw new AssertionError((p.process.isAlive() ? "never happened: " : "operator " + p.identity
                        + " ended before: ") + what + "; " + p.identity + "'s output:\n" + p.output());
            }
            Thread.sleep(100);
        }
    }
}
