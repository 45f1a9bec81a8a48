package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.present.PlanJson;
import dev.upshift.core.present.SimulationJson;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The JSON of a simulation: every documented field, in order, null when absent (docs/cli.md). */
class SimulationJsonTest {
    private static JsonNode json(Simulation sim) throws IOException {
        return new ObjectMapper().readTree(SimulationJson.render(sim));
    }

    private static Simulation sim() {
        List<ManagedCluster> clusters = new ArrayList<>(Fleets.team(1));
        clusters.add(Fleets.cluster("stuck").label("team", "b").build());
        return Simulator.run(Planner.standard().prepare(Fleets.input(clusters, List.of(
                Fleets.intent("to-2", "a", "2.0.0").build(), Fleets.intent("to-3", "b", "3.0.0").build()))),
                SimulationSettings.between(FROM, UNTIL).withSeed(-5));
    }

    @Test
    @DisplayName("the top level, a cluster, an upgrade, a hold and a step have their fields in the documented order")
    void fields() throws IOException {
        Simulation sim = sim();
        JsonNode root = json(sim);

        assertThat(root.fieldNames()).toIterable().containsExactly("from", "until", "seed", "failureRate", "end",
                "summary", "clusters", "schedules", "steps", "firstPlan");
        assertThat(root.get("seed").asLong()).isEqualTo(-5);
        assertThat(root.get("summary").fieldNames()).toIterable().containsExactly("clusters", "upgraded", "failed",
                "neverStarted", "inProgress", "lastFinish");
        JsonNode upgraded = root.get("clusters").get(0);
        assertThat(upgraded.get("cluster").asText()).isEqualTo("c000");
        assertThat(upgraded.get("outcome").asText()).isEqualTo("succeeded");
        assertThat(upgraded.get("freeze").isNull()).isTrue();
        assertThat(upgraded.get("schedule").isNull()).isTrue();
        assertThat(upgraded.get("upgrades").get(0).get("start").asText()).isEqualTo("2026-03-02T00:00:00Z");
        JsonNode stuck = root.get("clusters").get(1);
        assertThat(stuck.get("heldBack").get(0).fieldNames()).toIterable().containsExactly("code", "seconds", "since",
                "until", "message");
        assertThat(stuck.get("heldBack").get(0).get("seconds").asLong()).isEqualTo(14 * 86_400L);
        assertThat(root.get("steps").get(0).fieldNames()).toIterable().containsExactly("at", "finished", "started",
                "inProgress", "counts");
        assertThat(root.get("steps").get(0).get("counts").fieldNames()).toIterable().containsExactly("upToDate", "ready",
                "scheduled", "waiting", "blocked", "inProgress", "succeeded", "failed");
        assertThat(root.get("firstPlan")).isEqualTo(PlanJson.tree(sim.firstPlan()));
    }

    @Test
    @DisplayName("the text ends with a newline and is the same for the same simulation")
    void stable() {
        assertThat(SimulationJson.render(sim())).endsWith("}\n").isEqualTo(SimulationJson.render(sim()));
    }
}
