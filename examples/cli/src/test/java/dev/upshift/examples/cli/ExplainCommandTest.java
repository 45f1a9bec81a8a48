package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.Planner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {
    @TempDir
    static Path shared;
    static Path fleet;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeFleet() {
        fleet = TestFleet.write(shared.resolve("fleet"));
    }

    private static Cli explain(Path fleet, String cluster, String... more) {
        List<String> args = new ArrayList<>(List.of("explain", "--fleet", fleet.toString(), "--cluster", cluster,
                "--now", TestFleet.NOW));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(new String[0]));
    }

    private static Explanation expected(String cluster) {
        Plan plan = Planner.standard().plan(Fleets.read(fleet), Instant.parse(TestFleet.NOW));
        return plan.explain(cluster).orElseThrow();
    }

    @Test
    @DisplayName("a blocked cluster: its summary, each reason numbered in the order it must be lifted; exit 1")
    void blockedClusterExitsOne() {
        Cli r = explain(fleet, "legacy-1");
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).isEmpty();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("legacy-1: 0.9.0 → 1.1.0").endsWith("blocked");
        assertThat(lines.get(1)).startsWith("  1. kubernetes 1.27 → 1.29 skips a minor");
        assertThat(lines.subList(0, lines.size() - 1)).isEqualTo(expected("legacy-1").lines());
        assertThat(lines.get(lines.size() - 1)).isEqualTo("  forecast: not within 26 weeks: blocked (NO_PATH) until someone acts");
    }

    @Test
    @DisplayName("a cluster that is not blocked exits 0; one with nothing to do has no forecast")
    void upToDateClusterExitsZero() {
        Cli r = explain(fleet, "lab-1");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("lab-1: 1.1.0, upToDate\n");
        assertThat(r.out().lines().toList()).isEqualTo(expected("lab-1").lines());
    }

    @Test
    @DisplayName("an unknown cluster exits 1, naming the close ones")
    void unknownClusterNamesCloseOnes() {
        Cli r = explain(fleet, "prod-3");
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("upshift: " + fleet + " has no cluster 'prod-3'; did you mean 'prod-1'"
                + " or 'prod-2'?\n");
        assertThat(explain(fleet, "lab1").err()).endsWith("; did you mean 'lab-1'?\n");
        assertThat(explain(fleet, "zzzzzz").err())
                .endsWith("has no cluster 'zzzzzz'; it has: dev-1, lab-1, legacy-1, prod-1, prod-2\n");
    }

    @Test
    @DisplayName("--output json: the explanation's steps and the cluster's plan entry, field by field")
    void json() throws IOException {
        Cli r = explain(fleet, "legacy-1", "--output", "json");
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.fieldNames()).toIterable().containsExactly("now", "cluster", "state", "summary", "steps", "entry",
                "forecast");
        assertThat(root.get("now").textValue()).isEqualTo(TestFleet.NOW);
        assertThat(root.get("cluster").textValue()).isEqualTo("legacy-1");
        assertThat(root.get("state").textValue()).isEqualTo("blocked");
        Explanation expected = expected("legacy-1");
        assertThat(root.get("summary").textValue()).isEqualTo(expected.summary());
        assertThat(root.get("steps")).hasSize(expected.steps().size());
        for (int i = 0; i < expected.steps().size(); i++) {
            JsonNode step = root.get("steps").get(i);
            assertThat(step.fieldNames()).toIterable().containsExactly("code", "text", "until");
            assertThat(step.get("code").textValue()).isEqualTo(expected.steps().get(i).code());
            assertThat(step.get("text").textValue()).isEqualTo(expected.steps().get(i).text());
            assertThat(step.get("until").isNull()).isEqualTo(expected.steps().get(i).until().isEmpty());
        }
        assertThat(root.at("/steps/0/code").textValue()).isEqualTo("NO_PATH");
        assertThat(root.at("/entry/cluster").textValue()).isEqualTo("legacy-1");
        assertThat(root.at("/entry/state").textValue()).isEqualTo("blocked");
        assertThat(root.at("/entry/reasons/0/code").textValue()).isEqualTo("NO_PATH");
        assertThat(root.at("/forecast/start").isNull()).isTrue();
        assertThat(root.at("/forecast/end").isNull()).isTrue();
        assertThat(root.at("/forecast/text").textValue()).isEqualTo("not within 26 weeks: blocked (NO_PATH) until someone acts");
    }

    @Test
    @DisplayName("an error in the inputs is printed and makes the exit code 1, even for a cluster that is fine")
    void inputErrorsExitOne() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Files.writeString(fleet.resolve("broken.yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: Relase\nmetadata: {name: x}\n");
        Cli r = explain(fleet, "lab-1");
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).startsWith(fleet.resolve("broken.yaml") + ":2:7: kind: ");
        assertThat(r.out()).startsWith("lab-1: 1.1.0");
    }

    @Test
    void helpNamesEveryOption() {
        Cli r = Cli.run("explain", "-h");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: upshift explain ", "--fleet=DIR", "--cluster=NAME", "--now=T",
                "--output=text|json");
    }

    @Test
    void theClusterIsRequired() {
        Cli r = Cli.run("explain", "--fleet", fleet.toString());
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("Missing required option: '--cluster=NAME'");
    }
}
