package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo fleet shows the end of life ahead (issue 18, item 3): {@code prod-us-data-2} still runs
 * 20.0.0 when its support ends, because its stage waits; and the changes {@code simulate} suggests
 * hold when a person makes them in the fleet's files and simulates again.
 */
class DemoEndOfLifeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FROM = DemoFleet.INSTANT.toString();
    /** The instant 20.0.0 is past its end of life (supported until 2027-01-16). */
    private static final String PAST = "2027-01-17T00:00:00Z";

    @TempDir
    Path work;

    private static JsonNode simulate(Path fleet, String until) throws IOException {
        Cli r = Cli.run("simulate", "--fleet", fleet.toString(), "--from", FROM, "--until", until, "--output", "json");
        assertThat(r.exitCode()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out());
    }

    private static JsonNode cluster(JsonNode sim, String id) {
        for (JsonNode c : sim.get("clusters")) {
            if (c.get("cluster").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no cluster " + id);
    }

    private static JsonNode release(JsonNode sim, String version) {
        for (JsonNode r : sim.get("endOfLife").get("releases")) {
            if (r.get("release").asText().equals(version)) {
                return r;
            }
        }
        throw new AssertionError("no release " + version + " in " + sim.get("endOfLife"));
    }

    @Test
    @DisplayName("prod-us-data-2 misses 20.0.0's end of life because its stage waits; two single changes would help")
    void theMissAndItsSuggestions() throws IOException {
        JsonNode sim = simulate(DemoFleet.root(), "2027-01-18");

        JsonNode r = release(sim, "20.0.0");
        assertThat(r.get("endOfLife").asText()).isEqualTo("2027-01-16");
        assertThat(r.get("past").asText()).isEqualTo(PAST);
        assertThat(r.get("inTime")).extracting(JsonNode::asText).containsExactly("dev-eu-payments-1");
        assertThat(r.get("misses")).hasSize(1);
        JsonNode m = r.get("misses").get(0);
        assertThat(m.get("cluster").asText()).isEqualTo("prod-us-data-2");
        assertThat(m.get("cause").asText()).isEqualTo("stage");
        assertThat(m.get("reason").get("code").asText()).isEqualTo("WAITING_STAGE");
        List<String> kinds = new ArrayList<>();
        m.get("suggestions").forEach(s -> kinds.add(s.get("kind").asText() + " " + s.get("text").asText()));
        assertThat(kinds).containsExactly(
                "maxConcurrent maxConcurrent 2 (not 50%) in stage prod of data-follows-stable",
                "extraWindow one more window a week in weekend-nights-new-york: Mondays 01:00 for 4h (America/New_York)");

        JsonNode later = release(sim, "20.0.2");
        assertThat(later.get("misses")).extracting(x -> x.get("cluster").asText() + " " + x.get("cause").asText() + " "
                + x.get("reason").get("code").asText() + " " + x.get("suggestions").size())
                .contains("prod-eu-payments-2 blocked CONFLICTING_UPGRADES 0", "prod-fra-logistics-1 blocked FIELD_CONFLICT 0");
    }

    @Test
    @DisplayName("in the files as they are, prod-us-data-2 still runs 20.0.0 at the end of its support")
    void theMissIsReal() throws IOException {
        JsonNode c = cluster(simulate(DemoFleet.root(), PAST), "prod-us-data-2");
        assertThat(c.get("reached").asText()).isEqualTo("20.0.0");
        assertThat(c.get("upgrades")).isEmpty();
    }

    @Test
    @DisplayName("with prod's maxConcurrent set to 2 in the upgrade's file, it has left 20.0.0 in time")
    void maxConcurrentInTheFile() throws IOException {
        Path fleet = copy();
        edit(fleet.resolve("upgrades/data-follows-stable.yaml"), "maxConcurrent: \"50%\"", "maxConcurrent: 2");
        JsonNode c = cluster(simulate(fleet, PAST), "prod-us-data-2");
        assertThat(c.get("reached").asText()).isEqualTo("20.1.1");
    }

    @Test
    @DisplayName("with a Monday window added to the schedule's file, it has left 20.0.0 in time")
    void mondayWindowInTheFile() throws IOException {
        Path fleet = copy();
        edit(fleet.resolve("schedules/weekend-nights-new-york.yaml"), "BYDAY=SA,SU", "BYDAY=SA,SU,MO");
        JsonNode c = cluster(simulate(fleet, PAST), "prod-us-data-2");
        assertThat(c.get("reached").asText()).isEqualTo("20.1.1");
    }

    @Test
    @DisplayName("the HTML report has the end-of-life card with the miss and its suggestions")
    void report() throws IOException {
        Path html = work.resolve("r.html");
        Cli r = Cli.run("simulate", "--fleet", DemoFleet.root().toString(), "--from", FROM, "--until", "2027-01-18",
                "--html", html.toString());
        assertThat(r.exitCode()).as(r.err()).isIn(0, 1);
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(page).contains("<h2>End of life</h2>").contains("prod-us-data-2")
                .contains("maxConcurrent 2 (not 50%) in stage prod of data-follows-stable");
    }

    @Test
    @DisplayName("with no simulation to spare, the section names the releases it could not examine and says it stopped")
    void noBudget() {
        Cli r = Cli.run("simulate", "--fleet", DemoFleet.root().toString(), "--from", FROM, "--until", "2027-01-18",
                "--end-of-life-simulations", "0");
        assertThat(r.out()).endsWith("End of life by 2027-04-19 (13 weeks after the range):\n"
                + "not examined: 20.0.0, 20.0.2 (no simulation left to reach their day)\n"
                + "(the search stopped after 0 simulations; other changes may help too)\n");
    }

    private Path copy() throws IOException {
        Path root = DemoFleet.root();
        Path to = work.resolve("fleet");
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(root.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to), StandardCharsets.UTF_8);
    }
}
