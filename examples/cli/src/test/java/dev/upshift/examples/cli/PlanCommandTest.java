package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.present.PlanJson;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {
    private static final List<String> DESIGN_FIELDS =
            List.of("cluster", "from", "to", "path", "kind", "releaseChange", "stage", "state", "window", "reasons");

    @TempDir
    static Path shared;
    static Path fleet;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeFleet() {
        fleet = TestFleet.write(shared.resolve("fleet"));
    }

    private static Cli plan(Path fleet, String... more) {
        List<String> args = new ArrayList<>(List.of("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    @DisplayName("prints one row per cluster, by upgrade, stage and id, under a fixed header, then the counts by state")
    void tableOfEveryCluster() {
        Cli r = plan(fleet);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0).split(" +")).containsExactly("CLUSTER", "FROM", "TO", "KIND", "STAGE", "STATE", "WINDOW",
                "REASON");
        // the upgrade's stages in order (dev, prod), each by id; the cluster no upgrade selects last
        assertThat(lines.subList(1, 6)).extracting(l -> l.split(" +")[0])
                .containsExactly("dev-1", "legacy-1", "prod-1", "prod-2", "lab-1");
        assertThat(lines.get(5).split(" +")).startsWith("lab-1", "1.1.0", "-", "-", "-", "upToDate", "-", "-");
        assertThat(lines.get(2).split(" +")).startsWith("legacy-1", "0.9.0", "1.1.0", "-");
        assertThat(lines.get(2)).contains(" blocked ").endsWith(" NO_PATH");
        assertThat(lines.get(1).split(" +")).startsWith("dev-1", "1.0.0", "1.1.0", "minor");
        assertThat(lines.get(1).split(" +")[4]).as("the stage").isEqualTo("dev");
        assertThat(lines).hasSize(7);
        assertThat(lines.get(6)).isEqualTo("5 clusters at 2026-12-14T09:00:00Z: 1 upToDate, 1 ready, 1 waiting, 2 blocked");
    }

    @Test
    @DisplayName("--output json is the plan's stable JSON form, field by field")
    void jsonFieldByField() throws IOException {
        Cli r = plan(fleet, "--output", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(PlanJson.render(Planner.standard().plan(Fleets.read(fleet),
                Instant.parse(TestFleet.NOW))));

        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.fieldNames()).toIterable().containsExactly("now", "counts", "entries", "problems");
        assertThat(root.get("now").textValue()).isEqualTo(TestFleet.NOW);
        assertThat(root.get("counts").fieldNames()).toIterable()
                .containsExactlyElementsOf(Arrays.stream(UpgradeState.values()).map(UpgradeState::word).toList());
        assertThat(StreamSupport.stream(root.get("counts").spliterator(), false).mapToInt(JsonNode::intValue).sum()).isEqualTo(5);
        assertThat(root.get("problems")).isEmpty();
        JsonNode entries = root.get("entries");
        assertThat(entries).extracting(e -> e.get("cluster").textValue())
                .containsExactly("dev-1", "lab-1", "legacy-1", "prod-1", "prod-2");
        for (JsonNode e : entries) {
            assertThat(e.fieldNames()).toIterable().containsAll(DESIGN_FIELDS);
        }

        JsonNode dev = entries.get(0);
        assertThat(dev.get("from").textValue()).isEqualTo("1.0.0");
        assertThat(dev.get("to").textValue()).isEqualTo("1.1.0");
        assertThat(dev.get("path")).extracting(JsonNode::textValue).containsExactly("1.1.0");
        assertThat(dev.get("kind").textValue()).isEqualTo("minor");
        assertThat(dev.get("releaseChange").textValue()).isEqualTo("minor");
        assertThat(dev.get("upgrade").textValue()).isEqualTo("to-1.1");

        JsonNode lab = entries.get(1);
        assertThat(lab.get("to").isNull()).isTrue();
        assertThat(lab.get("path")).isEmpty();
        assertThat(lab.get("kind").isNull()).isTrue();
        assertThat(lab.get("state").textValue()).isEqualTo("upToDate");
        assertThat(lab.get("window").isNull()).isTrue();
        assertThat(lab.get("reasons")).isEmpty();

        JsonNode legacy = entries.get(2);
        assertThat(legacy.get("from").textValue()).isEqualTo("0.9.0");
        assertThat(legacy.get("to").textValue()).isEqualTo("1.1.0");
        assertThat(legacy.get("path")).isEmpty();
        assertThat(legacy.get("state").textValue()).isEqualTo("blocked");
        assertThat(legacy.get("window").isNull()).isTrue();
        assertThat(legacy.at("/reasons/0/code").textValue()).isEqualTo("NO_PATH");
        assertThat(legacy.at("/reasons/0/message").textValue()).startsWith("kubernetes 1.27 → 1.29 skips a minor");
    }

    @Test
    @DisplayName("--output yaml is the same tree as the JSON")
    void yamlIsTheSameTree() throws IOException {
        Cli yaml = plan(fleet, "--output", "yaml");
        assertThat(yaml.exitCode()).isZero();
        assertThat(new YAMLMapper().readTree(yaml.out()))
                .isEqualTo(new ObjectMapper().readTree(plan(fleet, "--output", "json").out()));
    }

    @Test
    void everyOutputIsTheSameBytesWhenRunTwice() {
        for (String output : List.of("table", "json", "yaml")) {
            assertThat(plan(fleet, "--output", output).out())
                    .isEqualTo(plan(fleet, "--output", output).out());
        }
    }

    @Test
    @DisplayName("a problem in the inputs goes to stderr as file:line:col: field: message, the rest is planned, exit 1")
    void inputProblemsGoToStderrAndTheRestIsPlanned() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Files.writeString(fleet.resolve("clusters/broken.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: broken-1}
                spec: {release: 1.0.0, infrastructure: aws, replicas: 3}
                """);
        Cli r = plan(fleet);
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).startsWith(fleet.resolve("clusters/broken.yaml") + ":4:45: spec.replicas: ");
        assertThat(r.out()).as("the broken cluster keeps its row and its place in the count")
                .contains("6 clusters at 2026-12-14T09:00:00Z").contains(", 1 unreadable\n")
                .containsPattern("\\nbroken-1 +- +- +- +- +unreadable +- +UNREADABLE_CLUSTER\\n");
    }

    @Test
    @DisplayName("an upgrade that cannot be read leaves no cluster it selects upToDate: blocked, and the summary says the plan is incomplete")
    void anUnreadableUpgradeMakesThePlanIncomplete() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path upgrade = fleet.resolve("upgrades/to-1.1.yaml");
        Files.writeString(upgrade, Files.readString(upgrade).replace("maxConcurrent: 1", "maxParallel: 2"));
        Cli r = plan(fleet);
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).contains("maxParallel");
        List<String> lines = r.out().lines().toList();
        assertThat(lines).filteredOn(l -> l.startsWith("dev-1 ") || l.startsWith("legacy-1 ") || l.startsWith("prod-"))
                .hasSize(4).allSatisfy(l -> assertThat(l).contains(" blocked ").endsWith("UNREADABLE_UPGRADE"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("5 clusters at 2026-12-14T09:00:00Z: ")
                .doesNotContain("4 upToDate").contains("blocked"));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("the plan is incomplete: 4 clusters depend on a ClusterUpgrade"
                + " that could not be read (UNREADABLE_UPGRADE; its error is among the problems)");

        Cli explain = Cli.run("explain", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", TestFleet.NOW);
        assertThat(explain.out()).contains("to-1.1 could not be read").contains("incomplete").doesNotContain("nothing to do");
    }

    @Test
    @DisplayName("an upgrade expected to outlast its window under startWithin is named on a line of its own, with by how much")
    void overrunsAreSaid() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path upgrade = fleet.resolve("upgrades/to-1.1.yaml");
        Files.writeString(upgrade, Files.readString(upgrade).replace("expectedDuration: 2h", "expectedDuration: 6h"));
        Files.writeString(fleet.resolve("clusters/dev-2.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: dev-2, labels: {stage: dev}}
                spec: {release: 1.0.0, infrastructure: aws, schedule: weekday-nights}
                """);
        Cli r = plan(fleet);
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("1 cluster expected to run past the window (startWithin):"
                + " dev-2 by 2h");
        assertThat(plan(fleet, "--output", "json").out()).contains("\"overrun\": \"2h\"");
    }

    @Test
    void aMissingFleetFolderIsAnInputProblem() {
        Cli r = plan(dir.resolve("nowhere"));
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).contains("nowhere");
    }

    @Test
    @DisplayName("long names, versions and reasons are cut with an ellipsis: every line fits 100 columns, none wraps")
    void fitsOneHundredColumns() throws IOException {
        Path fleet = LongNames.write(dir);
        Cli r = plan(fleet);
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(LongNames.CLUSTERS + 2);
        assertThat(lines).allSatisfy(l -> assertThat(l.codePointCount(0, l.length())).isLessThanOrEqualTo(100));
        for (int i = 1; i <= LongNames.CLUSTERS; i++) {
            String[] cut = lines.get(i).split(" ")[0].split("…");
            assertThat(cut).as("a cluster name cut in its middle, so that its end still tells it apart").hasSize(2);
            assertThat(LongNames.cluster(i - 1)).startsWith(cut[0]).endsWith(cut[1]);
        }
        assertThat(lines.get(1)).contains(" minor ");
        assertThat(lines.stream().filter(l -> l.contains("NO_PATH"))).isNotEmpty();
        assertThat(lines).last().asString().startsWith(LongNames.CLUSTERS + " clusters at ");
    }

    @Test
    @DisplayName("a fleet path that does not exist is one error and exit 1, with no empty plan after it")
    void aMissingFleetIsAnErrorAlone() {
        Path missing = dir.resolve("flet");
        for (String command : List.of("plan", "explain", "simulate", "diff")) {
            List<String> args = new ArrayList<>(List.of(command, "--fleet", missing.toString()));
            switch (command) {
                case "explain" -> args.addAll(List.of("--cluster", "a"));
                case "simulate" -> args.addAll(List.of("--from", "2026-12-01", "--until", "2026-12-10"));
                case "diff" -> args.addAll(List.of("--cluster", "a", "--to", "20.1.0"));
                default -> { }
            }
            Cli r = Cli.run(args.toArray(new String[0]));
            assertThat(r.exitCode()).as(command).isEqualTo(Main.PROBLEM);
            assertThat(r.out()).as(command).isEmpty();
            assertThat(r.err()).as(command).isEqualTo(missing + ": no such file or folder\n");
        }
    }

    @Test
    @DisplayName("a fleet path that is a link to nothing or cannot be read (a socket) is one error naming it and exit 1")
    void anUnreadableFleetIsAnErrorAlone() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("fleet-link"), dir.resolve("gone"));
        Cli viaLink = Cli.run("plan", "--fleet", dangling.toString(), "--now", TestFleet.NOW);
        assertThat(viaLink).isEqualTo(new Cli(Main.PROBLEM, "", dangling + ": a symbolic link to " + dir.resolve("gone")
                + ", which does not exist\n"));
        Path socket = dir.resolve("fleet.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Cli r = Cli.run("diff", "--fleet", socket.toString(), "--cluster", "a", "--to", "1.0.0");
            assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).startsWith(socket + ": cannot read: ").doesNotContain("internal error", "Exception")
                    .hasLineCount(1);
        } catch (UnsupportedOperationException noUnixSockets) {
            Assumptions.abort("no Unix domain sockets here");
        }
    }

    @Test
    void anUnknownOutputIsWrongUsage() {
        Cli r = plan(fleet, "--output", "xml");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("table, json, yaml");
    }

    @Test
    void helpNamesEveryOptionAndTheExitCodes() {
        Cli r = Cli.run("plan", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: upshift plan ", "--fleet=DIR", "--now=T", "--output=table|json|yaml",
                "Exit 0 when the plan was made");
    }
}
