package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.fake.FakeHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 1: what the engine records (history entries, their reasons, events as the event log
 * writes them, the answer to an apply) never holds a secret value, while the publisher is handed
 * the real ones.
 */
class EngineSecretsTest {
    private static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");
    private static final List<String> SECRETS = List.of("hunter2", "correct-horse", "new-default");
    private static final DocumentLoader LOADER = DocumentLoader.create();

    private static ObjectNode yaml(String text) {
        return LOADER.load("test.yaml", text).get(0).root();
    }

    private static Release release(String version, String kubernetes, String password) {
        return Release.builder(version).component("kubernetes", kubernetes).defaults(DocumentDefaults.of(List.of(
                DefaultsRule.of(DocumentMatch.any().withKind("Secret"), yaml("stringData: {password: " + password + "}")))))
                .build();
    }

    private static ManagedCluster cluster(String id, String password) {
        DocumentSet resources = DocumentSet.read(LOADER.load(id + ".yaml", """
                apiVersion: v1
                kind: Secret
                metadata: {name: db, namespace: shop}
                stringData: {password: %s}
                """.formatted(password)));
        return ManagedCluster.builder(id).infrastructure("aws").release("1.0.0").resources(resources).build();
    }

    @Test
    @DisplayName("a Secret conflict blocks without a value in the refusal; a Secret change is published in clear and recorded masked")
    void historyEventsAndAnswersHoldNoSecret() {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(release("1.0.0", "1.29.4", "hunter2"),
                release("1.1.0", "1.30.2", "new-default")));
        // conflict-1 changed the password that 1.1.0 changes too; clean-1 kept the old default
        List<ManagedCluster> clusters = List.of(cluster("conflict-1", "correct-horse"), cluster("clean-1", "hunter2"));
        ClusterUpgrade intent = ClusterUpgrade.builder("to-1.1").release("1.1.0")
                .matcher(ClusterMatcher.clusterIdRegex(".*")).expectedDuration(Duration.ofHours(1))
                .stage(Stage.of("all", ClusterMatcher.clusterIdRegex(".*"))).build();
        var fleet = Planner.standard().prepare(new PlanInput(catalog, clusters, List.of(), List.of(intent), List.of()));
        FakeHistory history = new FakeHistory();
        List<UpgradeEvent> events = new ArrayList<>();
        List<MergeResult> published = new ArrayList<>();
        ChangePublisher publisher = (upgrade, change) -> {
            published.add(change);
            return Publication.published("written");
        };
        Engine engine = Engine.builder().fleet(() -> new FleetReading(fleet, java.util.Map.of())).history(history)
                .publisher(publisher).probe((u, now) -> now.isBefore(T0.plus(Duration.ofMinutes(30)))
                        ? UpgradeStatus.inProgress("Rolling", "", now) : UpgradeStatus.succeeded("Upgraded", "", now))
                .events(events::add).build();

        engine.reconcile(T0);
        engine.reconcile(T0.plus(Duration.ofHours(1)));
        Application refused = engine.apply(T0.plus(Duration.ofHours(2)), "conflict-1", Optional.of(Version.parse("1.1.0")),
                "");

        assertThat(published).singleElement().satisfies(change -> assertThat(ChangeFormat.YAML.render(change))
                .contains("password: new-default"));
        assertThat(history.all()).isNotEmpty().allSatisfy(e -> assertThat(e.toString()).doesNotContain(SECRETS));
        assertThat(events).isNotEmpty().allSatisfy(e -> assertThat(EventLog.line(e)).doesNotContain(SECRETS));
        assertThat(refused.kind()).isEqualTo(Application.Kind.REFUSED);
        assertThat(refused.message()).startsWith("FIELD_CONFLICT").contains("stringData.password", "<secret sha256:9dca666e>")
                .doesNotContain(SECRETS);
        assertThat(refused.toString()).doesNotContain(SECRETS);
    }
}
