package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A drifted Secret: the reason names the field, never the values. */
class DriftSecretsTest {
    private static final String RELEASE_TOKEN = "cmVsZWFzZS10b2tlbg==";
    private static final String CLUSTER_TOKEN = "aGFuZC1lZGl0ZWQ=";

    @Test
    @DisplayName("a Secret's data that drifted is named in DRIFTED with both values masked")
    void secretValuesAreMasked() {
        ObjectNode values = JSON.objectNode();
        values.putObject("data").put("token", RELEASE_TOKEN);
        Release release = Release.builder("20.1.0").component("kubernetes", "1.30.1").defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("Secret"), values)))).build();
        ObjectNode secret = JSON.objectNode().put("apiVersion", "v1").put("kind", "Secret");
        secret.putObject("metadata").put("name", "registry").put("namespace", "fleet");
        secret.putObject("data").put("token", CLUSTER_TOKEN);
        ManagedCluster cluster = Fixtures.cluster("c", "20.1.0").resources(DocumentSet.of(secret)).build();
        PreparedFleet fleet = Planner.standard().prepare(new PlanInput(ReleaseCatalog.of(List.of(release)),
                List.of(cluster), List.of(), List.of(), List.<HistoryEntry>of()));

        PlanEntry e = fleet.plan(NOW).entry("c").orElseThrow();

        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(e.reasons()).extracting(Reason::code).containsExactly(ReasonCodes.DRIFTED);
        assertThat(e.reasons().get(0).message()).contains("data.token", "<secret sha256:")
                .doesNotContain(RELEASE_TOKEN).doesNotContain(CLUSTER_TOKEN);
        assertThat(fleet.repair("c").orElseThrow().merge().orElseThrow().documents().documents().get(0).tree()
                .at("/data/token").textValue()).as("the repair itself carries the release's value").isEqualTo(RELEASE_TOKEN);
    }
}
