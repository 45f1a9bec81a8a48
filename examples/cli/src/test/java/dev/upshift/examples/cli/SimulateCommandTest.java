package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift simulate}: output formats, the HTML file, exit codes. */
class SimulateCommandTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    @TempDir
    Path dir;

    private Path fleet;

    @BeforeEach
    void fleet() throws IOException {
        fleet = dir.resolve("fleet");
        Files.createDirectories(fleet);
        write("releases.yaml", release("1.0.0", "1.28.0", "") + "---\n" + release("1.1.0", "1.29.0", "")
                + "---\n" + release("3.0.0", "1.32.0", ""));
        write("clusters.yaml", cluster("web-1", "a") + "---\n" + cluster("web-2", "a") + "---\n" + cluster("db-1", "b")
                + "---\n" + cluster("idle-1", "c"));
        write("upgrades.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: web-to-1.1}
                spec:
                  matchers: [{key: team, value: a}]
                  release: 1.1.0
                  expectedDuration: 90m
                ---
                """ + HEADER + """
                kind: ClusterUpgrade
                metadata: {name: db-to-3}
                spec:
                  matchers: [{key: team, value: b}]
                  release: 3.0.0
                """);
    }

    private void write(String name, String content) throws IOException {
        Files.writeString(fleet.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static String release(String version, String kubernetes, String more) {
        return HEADER + "kind: Release\nmetadata: {name: \"" + version + "\"}\nspec:\n  components: {kubernetes: " + kubernetes
                + "}\n" + more;
    }

    private static String cluster(String id, String team) {
        return HEADER + "kind: ManagedCluster\nmetadata:\n  name: " + id + "\n  labels: {team: " + team
                + "}\nspec:\n  release: 1.0.0\n  infrastructure: aws\n";
    }

    private Cli simulate(String... more) {
        String[] base = {"simulate", "--fleet", fleet.toString(), "--from", "2026-03-02T00:00:00Z", "--until", "2026-03-09"};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Cli.run(args);
    }

    @Test
    @DisplayName("text: one row per cluster within 100 columns, a one-line summary, then the end of life ahead")
    void text() {
        Cli r = simulate();

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("CLUSTER").contains("UPGRADED (UTC)", "OUTCOME", "HELD BACK LONGEST");
        assertThat(lines).hasSize(8).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(SimulateCommand.WIDTH));
        assertThat(lines.get(1)).startsWith("db-1").contains("blocked", "NO_PATH 7d");
        assertThat(lines.get(2)).startsWith("idle-1").contains("upToDate");
        assertThat(lines.get(3)).startsWith("web-1").contains("2026-03-02 00:00 → 01:30", "succeeded");
        assertThat(lines.get(5)).isEqualTo("4 clusters: 2 upgraded, 0 failed, 1 never started;"
                + " the last upgrade finished at 2026-03-02T01:30:00Z");
        assertThat(lines.get(6)).isEmpty();
        assertThat(lines.get(7)).isEqualTo("End of life by 2026-06-08 (13 weeks after the range): no release a cluster"
                + " runs is past it");
        assertThat(r.err()).isEmpty();
    }

    @Test
    @DisplayName("a failure rate of 1 fails every upgrade; the seed decides which fail at other rates, the same each run")
    void failures() {
        Cli all = simulate("--failure-rate", "1");
        assertThat(all.out()).contains("2 failed").contains("0 upgraded");
        assertThat(simulate("--failure-rate", "0.5", "--seed", "9").out())
                .isEqualTo(simulate("--failure-rate", "0.5", "--seed", "9").out());
    }

    @Test
    @DisplayName("--output json: the documented fields, byte-identical from run to run")
    void json() throws IOException {
        Cli r = simulate("--output", "json", "--seed", "4", "--failure-rate", "0.25");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.fieldNames()).toIterable().containsExactly("from", "until", "seed", "failureRate", "end", "summary",
                "clusters", "schedules", "steps", "firstPlan", "endOfLife");
        assertThat(root.get("until").asText()).isEqualTo("2026-03-09T00:00:00Z");
        assertThat(root.get("seed").asLong()).isEqualTo(4);
        assertThat(root.get("failureRate").asDouble()).isEqualTo(0.25);
        JsonNode web = root.get("clusters").get(2);
        assertThat(web.fieldNames()).toIterable().containsExactly("cluster", "upgrade", "stage", "from", "target", "kind",
                "reached", "state", "outcome", "reasons", "upgrades", "heldBack", "schedule", "allowed", "freeze");
        assertThat(web.get("cluster").asText()).isEqualTo("web-1");
        assertThat(web.get("upgrades").get(0).fieldNames()).toIterable().containsExactly("upgrade", "stage", "from", "to",
                "kind", "start", "end", "outcome", "window", "hop", "hops", "repair");
        assertThat(web.get("upgrades").get(0).get("repair").asBoolean()).as("a release upgrade").isFalse();
        assertThat(web.get("upgrades").get(0).get("end").asText()).isEqualTo("2026-03-02T01:30:00Z");
        assertThat(root.get("clusters").get(0).get("heldBack").get(0).get("seconds").asLong()).isEqualTo(7 * 86_400);
        assertThat(r.out()).endsWith("}\n").isEqualTo(simulate("--output", "json", "--seed", "4", "--failure-rate", "0.25").out());
    }

    @Test
    @DisplayName("--html writes one self-contained page and says where on stderr")
    void html() throws IOException {
        Path page = dir.resolve("report.html");
        Cli r = simulate("--html", page.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("upshift: wrote the HTML report to " + page);
        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("web-1", "db-1", "<h1>fleet</h1>")
                .doesNotContain("http://", "https://", "<script");
    }

    @Test
    @DisplayName("without --until the simulation looks eight weeks ahead of --from")
    void eightWeeksByDefault() throws IOException {
        Cli r = Cli.run("simulate", "--fleet", fleet.toString(), "--from", "2026-03-02", "--output", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"until\": \"2026-04-27T00:00:00Z\"");
    }

    @Test
    @DisplayName("--help lists the options and exits 0")
    void help() {
        Cli r = Cli.run("simulate", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--fleet=DIR", "--from=T", "--until=T", "--html=FILE", "--output=text|json",
                "--seed=N", "--failure-rate=R");
    }

    @Test
    @DisplayName("wrong usage exits 2: --until not after --from, a rate outside 0..1, a bad time, a missing option")
    void usage() {
        assertThat(Cli.run("simulate", "--fleet", fleet.toString(), "--from", "2026-03-09", "--until", "2026-03-02")
                .err()).contains("--until 2026-03-02T00:00:00Z must be after --from 2026-03-09T00:00:00Z");
        assertThat(simulate("--failure-rate", "2").exitCode()).isEqualTo(2);
        assertThat(simulate("--failure-rate", "2").err()).contains("--failure-rate must be a number from 0 to 1, got 2");
        assertThat(simulate("--failure-rate", "NaN").exitCode()).isEqualTo(2);
        assertThat(Cli.run("simulate", "--fleet", fleet.toString(), "--from", "soon", "--until", "2026-03-02").exitCode())
                .isEqualTo(2);
        assertThat(Cli.run("simulate", "--from", "2026-03-02", "--until", "2026-03-09").exitCode()).isEqualTo(2);
        assertThat(simulate("--output", "yaml").exitCode()).isEqualTo(2);
        for (String n : List.of("-1", "1001", "many")) {
            Cli r = simulate("--end-of-life-simulations", n);
            assertThat(r.exitCode()).as(n).isEqualTo(2);
            assertThat(r.err()).as(n).contains("--end-of-life-simulations");
        }
        assertThat(simulate("--end-of-life-simulations", "1001").err())
                .contains("--end-of-life-simulations must be a number from 0 to 1000, got 1001");
        assertThat(simulate("--end-of-life-simulations", "0").exitCode()).isZero();
    }

    @Test
    @DisplayName("a broken document is reported with its place and exits 1; the rest of the fleet is still simulated")
    void badInput() throws IOException {
        write("broken.yaml", HEADER + "kind: ManagedCluster\nmetadata: {name: bad-1}\nspec:\n  relase: 1.0.0\n");

        Cli r = simulate();

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("broken.yaml:5:3: spec.relase: unknown field; did you mean 'release'?");
        assertThat(r.out()).contains("web-1").contains("4 clusters:");
    }

    @Test
    @DisplayName("a reference the planner finds broken (an unknown release) is reported as plan reports it, and exits 1")
    void brokenReference() throws IOException {
        write("lost.yaml", HEADER + "kind: ManagedCluster\nmetadata: {name: lost-1}\nspec: {release: 9.9.9, infrastructure: aws}\n");

        Cli r = simulate();

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("lost.yaml:4:17: spec.release: unknown release '9.9.9'");
        assertThat(r.out()).contains("lost-1");
    }

    @Test
    @DisplayName("a fleet folder that does not exist is an input problem: exit 1, said on stderr, and nothing simulated")
    void missingFolder() {
        Cli r = Cli.run("simulate", "--fleet", dir.resolve("nowhere").toString(), "--from", "2026-03-02", "--until",
                "2026-03-09");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("nowhere: no such file or folder");
        assertThat(r.out()).as("no empty simulation after it").isEmpty();
    }
}
