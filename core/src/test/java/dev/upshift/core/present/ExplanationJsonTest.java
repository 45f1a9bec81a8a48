package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.Freeze;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The stable JSON form of an explanation (docs/cli.md, "upshift explain"). */
class ExplanationJsonTest {
    private static final Instant NOW = Instant.parse("2026-12-20T12:00:00Z");

    @Test
    @DisplayName("an explanation renders the instant, its steps in order, with until or null, and the plan entry")
    void explanation() throws IOException {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.0").build()));
        ManagedCluster frozen = ManagedCluster.builder("prod-1").infrastructure("aws").release("1.0.0")
                .freeze(new Freeze(Instant.parse("2027-01-02T00:00:00Z"), "year-end")).build();
        ClusterUpgrade upgrade = ClusterUpgrade.builder("to-1.1").matcher(ClusterMatcher.clusterId("prod-1"))
                .release("1.1.0").build();
        Plan plan = Planner.standard().plan(new PlanInput(catalog, List.of(frozen), List.of(), List.of(upgrade),
                List.of()), NOW);
        PlanEntry entry = plan.entry("prod-1").orElseThrow();

        Explanation explanation = plan.explain("prod-1").orElseThrow();
        JsonNode json = new ObjectMapper().readTree(ExplanationJson.render(entry, NOW));

        assertThat(json.fieldNames()).toIterable().containsExactly("now", "cluster", "state", "summary", "steps", "entry");
        assertThat(json.get("now").textValue()).isEqualTo("2026-12-20T12:00:00Z");
        assertThat(json.get("cluster").textValue()).isEqualTo("prod-1");
        assertThat(json.get("state").textValue()).isEqualTo(entry.state().word());
        assertThat(json.get("summary").textValue()).isEqualTo(explanation.summary());
        assertThat(json.get("steps")).hasSize(explanation.steps().size());
        JsonNode first = json.get("steps").get(0);
        assertThat(first.get("code").textValue()).isEqualTo("FROZEN");
        assertThat(first.get("text").textValue()).isEqualTo(explanation.steps().get(0).text());
        assertThat(first.get("until").textValue()).isEqualTo("2027-01-02T00:00:00Z");
        assertThat(json.get("steps")).allSatisfy(step -> assertThat(step.has("until")).isTrue());
        assertThat(json.get("entry")).isEqualTo(PlanJson.entry(entry));
    }
}
