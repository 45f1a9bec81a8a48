package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
    @TempDir
    static Path shared;
    static Path fleet;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeFleet() {
        fleet = TestFleet.write(shared.resolve("fleet"));
    }

    private static Cli demo(Path fleet) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = DemoCommand.run(fleet, Instant.parse(TestFleet.NOW), fleet.resolveSibling(fleet.getFileName() + "-demo"),
                fleet.resolveSibling(fleet.getFileName() + "-report.html"), new PrintWriter(out), new PrintWriter(err));
        return new Cli(code, out.toString(), err.toString());
    }

    @Test
    @DisplayName("plans the fleet, prints the plan table, explains the first blocked cluster and suggests the next commands")
    void plansPrintsAndExplains() {
        Cli r = demo(fleet);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.subList(0, 3)).containsExactly(
                "The demo fleet (a copy of examples/fleet): 5 clusters, 3 releases, 1 schedule, 1 upgrade.",
                "Its plan at 2026-12-14T09:00:00Z:",
                "");
        assertThat(r.out()).contains(PlanTable.render(Planner.plan(fleet), Fleets.read(fleet).upgrades()));
        int why = lines.indexOf("Why is legacy-1 blocked?");
        assertThat(why).isPositive();
        assertThat(lines.get(why + 1)).startsWith("legacy-1: 0.9.0 → 1.1.0");
        assertThat(lines).contains("Try it on the files in examples/fleet:",
                "  ./upshift plan --fleet examples/fleet --now 2026-12-14T09:00:00Z",
                "  ./upshift explain --fleet examples/fleet --cluster legacy-1 --now 2026-12-14T09:00:00Z");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  ./upshift diff --fleet examples/fleet --cluster ")
                .endsWith(" --to 1.1.0"));
    }

    @Test
    @DisplayName("simulates the rollout, says how it went and writes the HTML report where it says")
    void simulatesAndWritesTheReport() throws IOException {
        Cli r = demo(fleet);
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("Simulated rollout over 9 weeks (seeded failures at 10%): 5 clusters: "));
        String where = lines.stream().filter(l -> l.startsWith("HTML report (")).findFirst().orElseThrow();
        Path report = Path.of(where.substring(where.indexOf("): ") + 3));
        assertThat(report).isEqualTo(fleet.resolveSibling(fleet.getFileName() + "-report.html").toAbsolutePath());
        String html = Files.readString(report);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("legacy-1").doesNotContain("https://");
    }

    @Test
    void saysSoWhenNoClusterIsBlocked() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        for (String c : List.of("dev-1", "prod-1", "prod-2", "legacy-1")) {
            Files.delete(fleet.resolve("clusters/" + c + ".yaml"));
        }
        Cli r = demo(fleet);
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("\nNo cluster is blocked.\n").doesNotContain("explain");
    }

    @Test
    @DisplayName("the embedded demo fleet plans at 2026-12-14T09:00:00Z unless --now says otherwise")
    void embeddedFleetAtAFixedInstant() {
        Cli r = Cli.run("demo");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("The demo fleet (a copy of examples/fleet): ").contains("Its plan at 2026-12-14T09:00:00Z:");
        List<String> lines = r.out().lines().toList();
        List<String> table = lines.subList(lines.indexOf("Its plan at 2026-12-14T09:00:00Z:") + 2, lines.size()).stream()
                .takeWhile(l -> !l.isEmpty()).toList();
        assertThat(table.get(0)).startsWith("CLUSTER ");
        assertThat(table).anySatisfy(l -> assertThat(l).contains(" clusters at 2026-12-14T09:00:00Z: "));
        // the demo fleet has paths of two hops: the HOP column widens the table by its own width
        assertThat(table.get(0)).contains(" HOP ");
        assertThat(table).allSatisfy(l -> assertThat(l.codePointCount(0, l.length()))
                .isLessThanOrEqualTo(PlanTable.WIDTH + PlanTable.HOP_WIDTH));
        assertThat(Cli.run("demo", "--now", "2026-11-22T08:00:00Z").out()).contains("Its plan at 2026-11-22T08:00:00Z:");
        Cli again = Cli.run("demo");
        assertThat(anyFolder(again.out())).as("the same, but in a folder of its own").isEqualTo(anyFolder(r.out()))
                .isNotEqualTo(again.out());
        assertThat(folders(again.out())).as("one folder a run").hasSize(1).doesNotContainAnyElementsOf(folders(r.out()));
    }

    @Test
    void aNowOutsideTheSupportedRangeIsWrongUsage() {
        Cli r = Cli.run("demo", "--now", "9999-12-31T00:00:00Z");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("Invalid value for option '--now': '9999-12-31T00:00:00Z' is outside the supported"
                + " range: from 1900-01-01T00:00:00Z up to, not including, 9000-01-01T00:00:00Z");
        assertThat(Cli.run("demo", "--now", "1800-01-01T00:00:00Z").exitCode()).isEqualTo(Main.USAGE);
    }

    /** The plan the demo must show, made by the library directly. */
    private static final class Planner {
        static dev.upshift.core.plan.Plan plan(Path fleet) {
            return dev.upshift.core.plan.Planner.standard().plan(Fleets.read(fleet), Instant.parse(TestFleet.NOW));
        }
    }

    /** A run's output with its own folder's name (upshift-demo-<random>) written as the docs write it. */
    static String anyFolder(String output) {
        return output.replaceAll("upshift-demo-\\d+", "upshift-demo-…");
    }

    /** The run folders an output names. */
    static java.util.Set<String> folders(String output) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("upshift-demo-\\d+").matcher(output);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
