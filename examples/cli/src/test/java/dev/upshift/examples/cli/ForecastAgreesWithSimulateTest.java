package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.simulate.Forecast;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The forecast that {@code plan --forecast} and {@code explain} give is the start that
 * {@code upshift simulate} finds over the same range, for every cluster of the demo fleet (issue 18,
 * item 2): the three are one computation.
 */
class ForecastAgreesWithSimulateTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = DemoCommand.DEMO_NOW;
    private static final String FLEET = DemoFleet.root().toString();

    private static JsonNode json(String... args) throws Exception {
        Cli run = Cli.run(args);
        return JSON.readTree(run.out());
    }

    /** Each cluster's first simulated start, as {@code upshift simulate --output json} writes it ({@code null} for none). */
    private static Map<String, String> simulatedStarts() throws Exception {
        JsonNode sim = json("simulate", "--fleet", FLEET, "--from", NOW.toString(), "--until",
                NOW.plus(Forecast.DEFAULT_RANGE).toString(), "--output", "json");
        Map<String, String> out = new HashMap<>();
        for (JsonNode c : sim.get("clusters")) {
            JsonNode ups = c.get("upgrades");
            out.put(c.get("cluster").asText(), ups.isEmpty() ? null : ups.get(0).get("start").asText());
        }
        return out;
    }

    @Test
    @DisplayName("plan --forecast gives every cluster of the demo fleet the start simulate gives it")
    void planForecastIsTheSimulatedStart() throws Exception {
        Map<String, String> simulated = simulatedStarts();
        JsonNode plan = json("plan", "--fleet", FLEET, "--now", NOW.toString(), "--forecast", "--output", "json");
        assertThat(plan.get("entries")).hasSize(simulated.size());
        int starting = 0;
        for (JsonNode e : plan.get("entries")) {
            String cluster = e.get("cluster").asText();
            JsonNode f = e.get("forecast");
            assertThat(f.isNull() ? null : f.get("start").asText()).as(cluster).isEqualTo(simulated.get(cluster));
            starting += f.isNull() ? 0 : 1;
        }
        assertThat(starting).as("the demo fleet has clusters that start and clusters that do not")
                .isBetween(1, simulated.size() - 1);
    }

    @Test
    @DisplayName("explain ends with the same forecast, in text and JSON, for every cluster of the demo fleet")
    void explainEndsWithTheSimulatedStart() throws Exception {
        for (Map.Entry<String, String> c : simulatedStarts().entrySet()) {
            String[] lines = Cli.run("explain", "--fleet", FLEET, "--cluster", c.getKey(), "--now", NOW.toString())
                    .out().split("\n");
            String last = lines[lines.length - 1];
            JsonNode f = json("explain", "--fleet", FLEET, "--cluster", c.getKey(), "--now", NOW.toString(), "--output",
                    "json").get("forecast");
            if (!f.isNull()) {
                assertThat(f.get("start").isNull() ? null : f.get("start").asText()).as(c.getKey()).isEqualTo(c.getValue());
                assertThat(last).as(c.getKey()).isEqualTo("  forecast: " + f.get("text").asText());
            }
            if (lines[0].contains(", upToDate")) {
                assertThat(c.getValue()).as(c.getKey()).isNull();
                continue;
            }
            assertThat(last).as(c.getKey()).startsWith("  forecast: ");
            if (c.getValue() == null) {
                assertThat(last).as(c.getKey()).doesNotContain("expected to start");
            } else {
                String minute = c.getValue().substring(0, 16).replace('T', ' ');
                assertThat(last).as(c.getKey()).contains("expected to start " + minute + " UTC");
            }
        }
    }

    @Test
    @DisplayName("plan --forecast adds a FORECAST column to the table")
    void tableHasAForecastColumn() {
        Cli run = Cli.run("plan", "--fleet", FLEET, "--now", NOW.toString(), "--forecast");
        assertThat(run.out().lines().findFirst().orElseThrow()).endsWith("FORECAST");
        Cli plain = Cli.run("plan", "--fleet", FLEET, "--now", NOW.toString());
        assertThat(run.out().lines().skip(1).map(l -> l.split(" +")[0]).toList())
                .as("the column widens the table: the clusters' names stay as the plain table shows them")
                .isEqualTo(plain.out().lines().skip(1).map(l -> l.split(" +")[0]).toList())
                .anyMatch(name -> name.equals("staging-eu-payments-1"));
    }
}
