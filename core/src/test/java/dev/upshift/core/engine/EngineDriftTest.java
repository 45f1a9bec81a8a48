package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.ChangeReason;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.fake.FakeHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A drift repair through the engine: a configuration hop to the cluster's own release, journaled as a repair. */
class EngineDriftTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final FakeHistory history = new FakeHistory();
    private final List<String> ids = new ArrayList<>();
    private final List<MergeResult> published = new ArrayList<>();

    private static PreparedFleet fleet(DriftPolicy policy) {
        ObjectNode values = JSON.objectNode();
        values.putObject("spec").put("version", "v1.30.1");
        Release release = Release.builder("20.1.0").component("kubernetes", "1.30.1").defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)))).build();
        ObjectNode doc = JSON.objectNode().put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1")
                .put("kind", "KubeadmControlPlane");
        doc.putObject("metadata").put("name", "c-cp").put("namespace", "fleet");
        doc.putObject("spec").put("version", "v1.30.9").put("replicas", 3);
        ManagedCluster cluster = ManagedCluster.builder("c").infrastructure("aws").release("20.1.0")
                .resources(DocumentSet.of(doc)).build();
        ClusterUpgrade stay = ClusterUpgrade.builder("stay").release("20.1.0")
                .matcher(ClusterMatcher.clusterIdRegex(".*")).drift(policy).build();
        return Planner.standard().prepare(new PlanInput(ReleaseCatalog.of(List.of(release)), List.of(cluster), List.of(),
                List.of(stay), List.of()));
    }

    private Engine engine(PreparedFleet fleet, Instant succeedsAt) {
        return Engine.builder().fleet(() -> FleetReading.of(fleet)).history(history)
                .publisher((u, change) -> {
                    ids.add(u.id());
                    published.add(change);
                    return Publication.published("memory " + u.id());
                })
                .probe((u, now) -> now.isBefore(succeedsAt) ? UpgradeStatus.inProgress("Rolling", "", now)
                        : UpgradeStatus.succeeded("Repaired", "", now))
                .events(e -> { }).build();
    }

    @Test
    @DisplayName("under drift: repair the engine publishes the repair once, as <cluster>:<release>..<release>#1,"
            + " its starting entry naming the drift, and the plan then says it succeeded")
    void repairsOnceAndRecordsIt() {
        PreparedFleet fleet = fleet(DriftPolicy.REPAIR);
        Engine engine = engine(fleet, T0.plus(Duration.ofHours(1)));

        engine.reconcile(T0);
        engine.reconcile(T0.plusSeconds(60));
        engine.reconcile(T0.plus(Duration.ofHours(1)));
        engine.reconcile(T0.plus(Duration.ofHours(2)));

        assertThat(ids).containsExactly("c:20.1.0..20.1.0#1");
        List<FieldChange> changes = published.get(0).clusterChanges();
        assertThat(changes).singleElement().satisfies(c -> {
            assertThat(c.reason()).isEqualTo(ChangeReason.DRIFTED);
            assertThat(c.path().toString()).isEqualTo("spec.version");
            assertThat(c.result().orElseThrow().textValue()).isEqualTo("v1.30.1");
        });
        HistoryEntry starting = history.history("c").get(0);
        assertThat(starting.step()).isEqualTo(HistoryEntry.Step.STARTING);
        assertThat(starting.upgradeId()).isEqualTo("c:20.1.0..20.1.0#1");
        assertThat(starting.message()).startsWith("starting the repair of drift on 20.1.0");
        assertThat(starting.reasons()).extracting(Reason::code).containsExactly(ReasonCodes.DRIFTED);
        assertThat(starting.reasons().get(0).message()).contains("spec.version", "\"v1.30.1\"", "\"v1.30.9\"");
        assertThat(history.history("c")).extracting(HistoryEntry::state).contains(UpgradeState.SUCCEEDED);
        assertThat(fleet.plan(T0.plus(Duration.ofHours(3)), history.all()).entry("c").orElseThrow().state())
                .isEqualTo(UpgradeState.SUCCEEDED);
    }

    @Test
    @DisplayName("under drift: report the engine starts nothing; a person's apply repairs it, recorded as a repair")
    void reportStartsNothingButApplyRepairs() {
        PreparedFleet fleet = fleet(DriftPolicy.REPORT);
        Engine engine = engine(fleet, T0.plus(Duration.ofHours(1)));

        engine.reconcile(T0);
        assertThat(ids).isEmpty();
        assertThat(history.all()).isEmpty();

        Application a = engine.apply(T0.plusSeconds(5), "c", Optional.empty(), "drift found in review");

        assertThat(a.kind()).isEqualTo(Application.Kind.STARTED);
        assertThat(ids).containsExactly("c:20.1.0..20.1.0#1");
        assertThat(published.get(0).clusterChanges()).extracting(FieldChange::reason).containsExactly(ChangeReason.DRIFTED);
        assertThat(history.history("c").get(0).message()).startsWith("starting the repair of drift on 20.1.0");
        assertThat(history.history("c").get(0).reasons()).extracting(Reason::code).containsExactly(ReasonCodes.DRIFTED);
        assertThat(fleet.plan(T0.plusSeconds(10), history.all()).entry("c").orElseThrow().state())
                .isEqualTo(UpgradeState.IN_PROGRESS);
    }
}
