package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.simulate.EndOfLife;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The end of life ahead as the simulation's JSON and the report's card write it. */
class EndOfLifePresentTest {
    private static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");
    private static final String HOSTILE = "<script>x</script>";

    /** Two clusters one at a time, a day each; the second misses 1.0.0's end of life on 2026-03-02. */
    private static EndOfLifeForecast eol(Simulation[] sim, String name) {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").endOfLife(LocalDate.parse("2026-03-02")).build(),
                Release.builder("2.0.0").component("kubernetes", "1.29.0").build()));
        List<ManagedCluster> clusters = List.of(
                ManagedCluster.builder("a-" + name).infrastructure("aws").release("1.0.0").label("team", "a").build(),
                ManagedCluster.builder("b-" + name).infrastructure("aws").release("1.0.0").label("team", "a").build());
        ClusterUpgrade up = ClusterUpgrade.builder("to-2").matcher(ClusterMatcher.label("team", "a")).release("2.0.0")
                .expectedDuration(Duration.ofHours(24))
                .stage(Stage.of("all", ClusterMatcher.label("team", "a")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();
        PreparedFleet fleet = Planner.standard().prepare(new PlanInput(catalog, clusters, List.of(), List.of(up), List.of()));
        sim[0] = Simulator.run(fleet, SimulationSettings.between(FROM, FROM.plus(Duration.ofDays(7))));
        return EndOfLife.forecast(fleet, sim[0]);
    }

    @Test
    @DisplayName("JSON: endOfLife comes last, with the documented fields of a release, a miss and a suggestion")
    void json() throws Exception {
        Simulation[] sim = new Simulation[1];
        EndOfLifeForecast eol = eol(sim, "x");
        JsonNode root = new ObjectMapper().readTree(SimulationJson.render(sim[0], eol));

        assertThat(root.fieldNames()).toIterable().endsWith("firstPlan", "endOfLife");
        JsonNode e = root.get("endOfLife");
        assertThat(e.fieldNames()).toIterable().containsExactly("from", "horizon", "simulations", "exhausted", "unexamined",
                "releases");
        assertThat(e.get("horizon").asText()).isEqualTo(FROM.plus(Duration.ofDays(7)).plus(EndOfLife.NEAR).toString());
        JsonNode r = e.get("releases").get(0);
        assertThat(r.fieldNames()).toIterable().containsExactly("release", "endOfLife", "past", "ran", "inTime", "misses");
        assertThat(r.get("past").asText()).isEqualTo("2026-03-03T00:00:00Z");
        assertThat(r.get("ran").asInt()).isEqualTo(2);
        assertThat(r.get("inTime")).extracting(JsonNode::asText).containsExactly("a-x");
        JsonNode m = r.get("misses").get(0);
        assertThat(m.fieldNames()).toIterable().containsExactly("cluster", "upgrade", "stage", "target", "state", "cause",
                "reason", "heldSeconds", "suggestions");
        assertThat(m.get("cause").asText()).isEqualTo("concurrency");
        assertThat(m.get("heldSeconds").asLong()).isEqualTo(86_400);
        JsonNode s = m.get("suggestions").get(0);
        assertThat(s.fieldNames()).toIterable().containsExactly("kind", "text", "upgrade", "stage", "maxConcurrent", "was");
        assertThat(s.get("maxConcurrent").asInt()).isEqualTo(2);
        assertThat(s.get("was").asText()).isEqualTo("1");
        assertThat(SimulationJson.render(sim[0], eol)).isEqualTo(SimulationJson.render(sim[0], eol(new Simulation[1], "x")));
        assertThat(new ObjectMapper().readTree(SimulationJson.render(sim[0])).has("endOfLife")).isFalse();
    }

    @Test
    @DisplayName("HTML: the card names the miss, its cause and its suggestion, escaped; without a forecast there is no card")
    void html() {
        Simulation[] sim = new Simulation[1];
        EndOfLifeForecast eol = eol(sim, HOSTILE);
        String page = HtmlReport.titled("t").withEndOfLife(eol).render(sim[0], sim[0].firstPlan());

        assertThat(page).contains("<h2>End of life</h2>").contains("b-&lt;script&gt;x&lt;/script&gt;")
                .doesNotContain(HOSTILE).contains("its stage&#39;s concurrency").contains("maxConcurrent 2 (not 1) in stage all of to-2");
        assertThat(HtmlReport.titled("t").render(sim[0], sim[0].firstPlan())).doesNotContain("End of life");
    }
}
