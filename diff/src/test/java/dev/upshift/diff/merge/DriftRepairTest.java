package dev.upshift.diff.merge;

import static dev.upshift.diff.testing.Yaml.deployment;
import static dev.upshift.diff.testing.Yaml.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link ThreeWayMerge#repairingDrift()}: the one row of the merge table it changes, and those it leaves alone. */
class DriftRepairTest {
    private static final DocumentId WEB = DocumentId.of("apps/v1", "Deployment", "default", "web");

    private static MergeResult repair(FieldRules rules, String release, String current) {
        return ThreeWayMerge.withRules(rules).repairingDrift().merge(set("base.yaml", deployment(release)),
                set("current.yaml", deployment(current)), set("target.yaml", deployment(release)));
    }

    private static JsonNode spec(MergeResult r) {
        return r.documents().get(WEB).orElseThrow().tree().get("spec");
    }

    @Test
    @DisplayName("a value that differs from the release's, at a field no rule leaves to the cluster, is set back")
    void setsTheReleasesValueBack() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.image").impact(Impact.ROLLING).build());
        MergeResult r = repair(rules, "  image: web:1.2\n  replicas: 2\n", "  image: web:1.3\n  replicas: 2\n");

        assertThat(spec(r).get("image").textValue()).isEqualTo("web:1.2");
        assertThat(r.changes()).singleElement().satisfies(c -> {
            assertThat(c.reason()).isEqualTo(ChangeReason.DRIFTED);
            assertThat(c.resolution()).isEqualTo(Resolution.TARGET);
            assertThat(c.impact()).isEqualTo(Impact.ROLLING);
            assertThat(c.message()).isEqualTo("drifted: the release has \"web:1.2\", the cluster \"web:1.3\"");
        });
    }

    @Test
    @DisplayName("a value the cluster removed is set again")
    void setsARemovedValueAgain() {
        MergeResult r = repair(FieldRules.none(), "  image: web:1.2\n  replicas: 2\n", "  replicas: 2\n");

        assertThat(spec(r).get("image").textValue()).isEqualTo("web:1.2");
        assertThat(r.changes()).singleElement().satisfies(c -> {
            assertThat(c.reason()).isEqualTo(ChangeReason.DRIFTED);
            assertThat(c.message()).isEqualTo("drifted: the release has \"web:1.2\", the cluster nothing");
        });
    }

    @Test
    @DisplayName("onConflict: keep and ignore leave the field to the cluster; a field only the cluster has is kept")
    void leavesWhatTheRulesLeaveToTheCluster() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.replicas").onConflict(OnConflict.KEEP).build(),
                FieldRule.forPath("spec.paused").ignore(true).build());
        MergeResult r = repair(rules, "  replicas: 2\n  paused: false\n", "  replicas: 5\n  paused: true\n  extra: x\n");

        assertThat(r.hasClusterChanges()).isFalse();
        assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.CUSTOMISATION_KEPT);
    }

    @Test
    @DisplayName("an immutable field blocks the repair, as it blocks any merge")
    void immutableBlocks() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.image").mutable(false).build());
        MergeResult r = repair(rules, "  image: web:1.2\n", "  image: web:1.3\n");

        assertThat(r.isBlocked()).isTrue();
        assertThat(spec(r).get("image").textValue()).isEqualTo("web:1.3");
        assertThat(r.blocked()).singleElement().satisfies(c -> assertThat(c.message()).contains("a drift repair"));
    }

    @Test
    @DisplayName("without repairingDrift the same inputs keep the cluster's value as a customisation")
    void theOrdinaryMergeKeepsIt() {
        MergeResult r = MergeTableTest.merge("  image: web:1.2\n", "  image: web:1.3\n", "  image: web:1.2\n");

        assertThat(spec(r).get("image").textValue()).isEqualTo("web:1.3");
        assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.CUSTOMISATION_KEPT);
    }
}
