package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The HTML report: self-contained, escaped, deterministic, and it shows every cluster. */
class HtmlReportTest {
    private static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");
    private static final Instant UNTIL = Instant.parse("2026-03-23T00:00:00Z");
    private static final String HOSTILE = "<script>alert(1)</script>";
    private static final Set<String> VOID = Set.of("meta", "!doctype");

    private static Simulation simulation(String oddName) {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.0").build(),
                Release.builder("3.0.0").component("kubernetes", "1.30.0").upgradesFrom(">=9.0.0").build()));
        String yaml = """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: "nights"}
                spec:
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: 4h
                    recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH
                  maintenanceExclusions:
                  - name: "quarter-end & <close>"
                    startTime: 2026-03-16T00:00:00Z
                    duration: 72h
                """;
        MaintenanceSchedule nights = MaintenanceSchedule.KIND.read(DocumentLoader.create().load("n.yaml", yaml).get(0),
                new Problems()).orElseThrow();
        List<ManagedCluster> clusters = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            clusters.add(ManagedCluster.builder(String.format(Locale.ROOT, "prod-eu-%d", i)).infrastructure("aws")
                    .release("1.0.0").label("stage", i < 2 ? "dev" : "prod").label("team", "a").schedule("nights").build());
        }
        clusters.add(ManagedCluster.builder(oddName).infrastructure("aws").release("1.0.0").label("stage", "prod")
                .label("team", "a").freeze(new Freeze(FROM.plus(Duration.ofDays(4)), "audit " + HOSTILE)).build());
        clusters.add(ManagedCluster.builder("stuck-1").infrastructure("vsphere").release("1.0.0").label("team", "b").build());
        clusters.add(ManagedCluster.builder("idle-1").infrastructure("vsphere").release("1.1.0").build());
        ClusterUpgrade staged = ClusterUpgrade.builder("to-1.1").matcher(ClusterMatcher.label("team", "a")).release("1.1.0")
                .expectedDuration(Duration.ofHours(2))
                .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24)))
                .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod")).withMaxConcurrent(MaxConcurrent.clusters(2)))
                .build();
        ClusterUpgrade blocked = ClusterUpgrade.builder("to-3").matcher(ClusterMatcher.label("team", "b")).release("3.0.0")
                .build();
        PlanInput input = new PlanInput(catalog, clusters, List.of(nights), List.of(staged, blocked), List.of());
        return Simulator.run(Planner.standard().prepare(input),
                SimulationSettings.between(FROM, UNTIL).withSeed(3).withFailureRate(0.3));
    }

    @Test
    @DisplayName("the plan's table says when a startWithin upgrade is expected to run past its window")
    void saysWhenAnUpgradeRunsPastItsWindow() throws IOException {
        MaintenanceSchedule nights = MaintenanceSchedule.KIND.read(DocumentLoader.create().load("n.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: "nights"}
                spec:
                  maintenanceWindows:
                  - {name: night, startTime: 2026-03-02T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                """).get(0), new Problems()).orElseThrow();
        PlanInput input = new PlanInput(ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.0").build())),
                List.of(ManagedCluster.builder("long-1").infrastructure("aws").release("1.0.0").schedule("nights").build()),
                List.of(nights), List.of(ClusterUpgrade.builder("to-1.1").matcher(ClusterMatcher.clusterId("long-1"))
                        .release("1.1.0").expectedDuration(Duration.ofHours(6)).build()), List.of());
        String html = render(Simulator.run(Planner.standard().prepare(input), SimulationSettings.between(FROM, UNTIL)));
        assertThat(html).contains("runs 2h past the window");
    }

    @Test
    @DisplayName("a path of two hops shows as its hops: the path and its next hop in the plan, each hop's window, a bar"
            + " per hop in the timeline")
    void showsHops() throws IOException {
        MaintenanceSchedule nights = MaintenanceSchedule.KIND.read(DocumentLoader.create().load("n.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: "nights"}
                spec:
                  maintenanceWindows:
                  - {name: night, startTime: 2026-03-02T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                """).get(0), new Problems()).orElseThrow();
        PlanInput input = new PlanInput(ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.0").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.0").build(),
                Release.builder("2.0.0").component("kubernetes", "1.30.0").build())),
                List.of(ManagedCluster.builder("two-hops").infrastructure("aws").release("1.0.0").schedule("nights").build()),
                List.of(nights), List.of(ClusterUpgrade.builder("to-2").matcher(ClusterMatcher.clusterId("two-hops"))
                        .release("2.0.0").expectedDuration(Duration.ofHours(3)).build()), List.of());
        String html = render(Simulator.run(Planner.standard().prepare(input), SimulationSettings.between(FROM, UNTIL)));

        assertThat(html).contains("via 1.1.0 · hop 1 of 2")
                .contains("hop 2: 2026-03-03 01:00 → 2026-03-03 02:00, runs 2h past the window")
                .contains(">1.0.0 → 1.1.0 → 2.0.0<")
                .contains(">1.0.0 → 1.1.0 → 2.0.0, hops 1–2 of 2<");
        assertThat(html.split("class=\"bar ok\"", -1)).as("a bar per hop").hasSize(3);
    }

    @Test
    @DisplayName("every label of the timeline has a background of its own, under it, so that it never sits on hatching")
    void labelsOnTheirOwnBackground() throws IOException {
        String html = render(simulation("odd"));
        Matcher label = Pattern.compile("<text class=\"(bl|note) [^\"]*\" x=\"([0-9.]+)\"").matcher(html);
        int labels = 0;
        while (label.find()) {
            labels++;
            String before = html.substring(Math.max(0, label.start() - 120), label.start());
            assertThat(before).as(label.group()).containsPattern("<rect class=\"lbg\" x=\"[-0-9.]+\" y=\"[0-9]+\""
                    + " width=\"[0-9.]+\" height=\"14\" rx=\"2\"/>$");
        }
        assertThat(labels).isGreaterThan(5);
    }

    @Test
    @DisplayName("a blocked cluster's note leads with the field that matters, the document after it")
    void fieldFirst() {
        dev.upshift.spi.Reason conflict = dev.upshift.spi.Reason.of("FIELD_CONFLICT", "VSphereMachineTemplate.infrastructure"
                + ".cluster.x-k8s.io org-logistics/prod-fra-logistics-1-control-plane: spec.template.spec.template:"
                + " conflict: the old release had \"a\", the cluster has \"b\", the new release has \"c\"");
        assertThat(Notes.fieldFirst(conflict)).isEqualTo("spec.template.spec.template: conflict: the old release had"
                + " \"a\", the cluster has \"b\", the new release has \"c\" (VSphereMachineTemplate"
                + " org-logistics/prod-fra-logistics-1-control-plane)");
        dev.upshift.spi.Reason other = dev.upshift.spi.Reason.of("NO_PATH", "kubernetes 1.25 → 1.27: skips a minor");
        assertThat(Notes.fieldFirst(other)).isEqualTo(other.message());
    }

    private static String render(Simulation sim) throws IOException {
        StringWriter out = new StringWriter();
        HtmlReport.titled("fleet " + HOSTILE).write(sim, out);
        return out.toString();
    }

    @Test
    @DisplayName("rendering twice gives the same bytes, and a simulation run again renders the same")
    void deterministic() throws IOException {
        assertThat(render(simulation("odd"))).isEqualTo(render(simulation("odd")));
    }

    @Test
    @DisplayName("text from the input is escaped everywhere: a cluster, a title, a freeze reason, an exclusion name")
    void escapes() throws IOException {
        String html = render(simulation("x" + HOSTILE + "\"'&"));

        assertThat(html.toLowerCase(Locale.ROOT)).doesNotContain("<script").doesNotContain("alert(1)</");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;")
                .contains("fleet &lt;script&gt;").contains("audit &lt;script&gt;")
                .contains("quarter-end &amp; &lt;close&gt;");
    }

    @Test
    @DisplayName("the page needs nothing else: no script, no network address, no link, no font, no image file")
    void selfContained() throws IOException {
        String html = render(simulation("odd")).toLowerCase(Locale.ROOT);

        assertThat(html).startsWith("<!doctype html>").doesNotContain("http://").doesNotContain("https://")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain("@import").doesNotContain("@font-face")
                .doesNotContain(" src=").doesNotContain("href=").doesNotContain("javascript:");
        Matcher urls = Pattern.compile("url\\(([^)]*)\\)").matcher(html);
        while (urls.find()) {
            assertThat(urls.group(1)).as("only references to the page's own patterns").startsWith("#");
        }
    }

    @Test
    @DisplayName("every element is closed in order (the inline SVG included)")
    void balanced() throws IOException {
        String html = render(simulation("odd"));
        Matcher tag = Pattern.compile("<(/?)([!a-zA-Z][a-zA-Z0-9-]*)[^>]*?(/?)>").matcher(
                html.replaceAll("(?s)<style>.*?</style>", "<style></style>"));
        Deque<String> open = new ArrayDeque<>();
        while (tag.find()) {
            String name = tag.group(2).toLowerCase(Locale.ROOT);
            if (VOID.contains(name) || !tag.group(3).isEmpty()) {
                continue;
            }
            if (tag.group(1).isEmpty()) {
                open.push(name);
            } else {
                assertThat(open).as("closing " + name + " at " + tag.start()).isNotEmpty();
                assertThat(open.pop()).as("closing tag at " + tag.start()).isEqualTo(name);
            }
        }
        assertThat(open).isEmpty();
    }

    @Test
    @DisplayName("it shows every cluster in the timeline and in both tables, the groups by upgrade and stage, and the legend")
    void content() throws IOException {
        Simulation sim = simulation("odd");
        String html = render(sim);

        for (String id : List.of("prod-eu-0", "prod-eu-5", "odd", "stuck-1", "idle-1")) {
            assertThat(html.split(">" + id + "<", -1)).as(id).hasSizeGreaterThanOrEqualTo(4);
        }
        assertThat(html).contains(">to-1.1<", "Not selected by any upgrade", "allowed window",
                "maintenance exclusion", "freeze", "Plan at 2026-03-02 00:00 UTC", "Mon 2 Mar");
        assertThat(html).contains("class=\"excl\"").contains("class=\"frz\"").contains("class=\"win\"")
                .contains("class=\"bar ");
        assertThat(html).contains("NO_PATH");
    }
}
