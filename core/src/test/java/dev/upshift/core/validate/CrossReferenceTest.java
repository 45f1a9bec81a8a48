package dev.upshift.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.select.CrossReferences;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift validate} checks references across documents, each problem at its position. */
class CrossReferenceTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private void catalog() throws IOException {
        write("releases.yaml", release("19.3.1", "[stable]") + "---\n" + release("20.1.0", "[stable, rapid]")
                + "---\n" + release("20.0.1", "[]") + "  state: withdrawn\n");
        write("schedules.yaml", HEADER + """
                kind: MaintenanceSchedule
                metadata: {name: weekday-nights}
                spec:
                  maintenanceWindows:
                    - {startTime: 2026-01-05T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                """);
    }

    private static String release(String version, String channels) {
        return HEADER + "kind: Release\nmetadata: {name: \"" + version + "\"}\nspec:\n  components: {kubernetes: 1.29.4}\n"
                + "  channels: " + channels + "\n";
    }

    private static String cluster(String name, String stage, String release, String schedule) {
        return HEADER + "kind: ManagedCluster\nmetadata: {name: " + name + ", labels: {stage: " + stage + "}}\n"
                + "spec:\n  release: " + release + "\n  infrastructure: aws\n"
                + (schedule == null ? "" : "  schedule: " + schedule + "\n");
    }

    private List<String> lines() {
        return FleetValidator.create().validate(FleetFiles.load(dir)).problems().stream().map(Problem::toString)
                .map(s -> s.replace(dir + "/", "")).toList();
    }

    @Test
    @DisplayName("a fleet whose references all resolve validates clean, every kind counted")
    void aConsistentFleet() throws IOException {
        catalog();
        write("clusters/dev-1.yaml", cluster("dev-1", "dev", "19.3.1", "weekday-nights"));
        write("clusters/prod-1.yaml", cluster("prod-1", "prod", "19.3.1", null));
        write("upgrades/u.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: to-stable}
                spec:
                  matchers: [{key: stage, value: "dev|prod", isRegex: true}]
                  target: {channel: stable, constraint: "~20.1"}
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}], soak: 24h}
                    - {name: prod, matchers: [{key: stage, value: prod}], maxConcurrent: "50%"}
                """);
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.problems()).isEmpty();
        assertThat(report.documentsPerKind()).containsExactly(Map.entry("ClusterUpgrade", 1),
                Map.entry("MaintenanceSchedule", 1), Map.entry("ManagedCluster", 2), Map.entry("Release", 3));
    }

    @Test
    @DisplayName("a cluster's unknown release or schedule is an error at the field, with the closest name suggested")
    void clusterReferences() throws IOException {
        catalog();
        write("c.yaml", cluster("a", "dev", "19.3.2", "weekday-night") + "---\n"
                + cluster("b", "dev", "7.0.0", "sundays"));
        assertThat(lines()).containsExactly(
                "c.yaml:5:12: spec.release: unknown release '19.3.2'; did you mean '19.3.1'?",
                "c.yaml:7:13: spec.schedule: unknown MaintenanceSchedule 'weekday-night'; did you mean 'weekday-nights'?",
                "c.yaml:13:12: spec.release: unknown release '7.0.0'; the fleet has no release of that version",
                "c.yaml:15:13: spec.schedule: unknown MaintenanceSchedule 'sundays'; known schedules: weekday-nights");
    }

    @Test
    @DisplayName("an upgrade's unknown or withdrawn release, or unknown channel, is an error; an empty channel a warning")
    void upgradeTargets() throws IOException {
        catalog();
        write("c.yaml", cluster("a", "dev", "19.3.1", null));
        String upgrade = HEADER + "kind: ClusterUpgrade\nmetadata: {name: %s}\nspec:\n  matchers: [{value: a}]\n  %s\n";
        write("u.yaml", upgrade.formatted("u1", "release: 20.1.9") + "---\n"
                + upgrade.formatted("u2", "release: 20.0.1") + "---\n"
                + upgrade.formatted("u3", "target: {channel: stabel}") + "---\n"
                + upgrade.formatted("u4", "target: {channel: rapid, constraint: \"~21.0\"}"));
        assertThat(lines()).containsExactly(
                "u.yaml:6:12: spec.release: unknown release '20.1.9'; did you mean '20.1.0'?",
                "u.yaml:13:12: spec.release: release 20.0.1 is withdrawn and is never a target",
                "u.yaml:20:21: spec.target.channel: no release is published in channel 'stabel'; did you mean 'stable'?",
                "u.yaml:27:40: warning: spec.target.constraint: no release of channel 'rapid' that is not withdrawn"
                        + " satisfies \"~21.0.x\" yet: the upgrade selects its clusters but moves none until a release"
                        + " qualifies");
    }

    @Test
    @DisplayName("a cluster in two stages of one upgrade is an error at the later stage; one in no stage a warning")
    void stages() throws IOException {
        catalog();
        write("c.yaml", cluster("dev-1", "dev", "19.3.1", null) + "---\n" + cluster("lab-1", "lab", "19.3.1", null)
                + "---\n" + cluster("prod-1", "prod", "19.3.1", null));
        write("u.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: u}
                spec:
                  matchers: [{value: ".*", isRegex: true}]
                  release: 20.1.0
                  stages:
                    - {name: canary, matchers: [{value: prod-1}]}
                    - {name: dev, matchers: [{key: stage, value: dev}]}
                    - {name: prod, matchers: [{key: stage, value: prod}]}
                """);
        assertThat(lines()).containsExactly(
                "u.yaml:8:5: warning: spec.stages: cluster lab-1 is selected by the upgrade's matchers but by no stage,"
                        + " and will not be upgraded",
                "u.yaml:10:30: spec.stages[2].matchers: cluster prod-1 is in stages 'canary' and 'prod' of upgrade u;"
                        + " a cluster belongs to at most one stage");
    }

    @Test
    @DisplayName("matchers that select no cluster are a warning; conflicting upgrades are a warning naming both")
    void selectionWarnings() throws IOException {
        catalog();
        write("c.yaml", cluster("dev-1", "dev", "19.3.1", null) + "---\n" + cluster("dev-2", "dev", "19.3.1", null));
        write("u.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: nothing}
                spec: {matchers: [{key: stage, value: staging}], release: 20.1.0}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: all-to-20.1}
                spec: {matchers: [{key: stage, value: dev}], release: 20.1.0}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: stay}
                spec: {matchers: [{key: stage, value: dev}], release: 19.3.1}
                """);
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.hasErrors()).isFalse();
        assertThat(lines()).containsExactly(
                "u.yaml:4:18: warning: spec.matchers: the matchers select no cluster: the upgrade does nothing",
                "u.yaml:13:18: warning: metadata.name: upgrades all-to-20.1 (to 20.1.0) and stay (to 19.3.1) select"
                        + " dev-1, dev-2 with different targets; the plan blocks them (CONFLICTING_UPGRADES)");
    }

    @Test
    @DisplayName("a matcher whose label key no cluster has (a typo) is an error at the key, with the key meant; of an upgrade or of a stage")
    void unknownLabelKeys() throws IOException {
        catalog();
        write("c.yaml", cluster("dev-1", "dev", "19.3.1", null) + "---\n" + cluster("prod-1", "prod", "19.3.1", null));
        write("u.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: typo}
                spec: {matchers: [{key: stgae, value: dev}], release: 20.1.0}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: staged}
                spec:
                  matchers: [{key: stage, value: "dev|prod", isRegex: true}]
                  release: 20.1.0
                  stages:
                    - {name: first, matchers: [{key: region, value: eu}]}
                """);
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.hasErrors()).isTrue();
        assertThat(lines()).contains(
                "u.yaml:4:25: spec.matchers[0].key: no cluster has the label 'stgae', so the matcher selects"
                        + " nothing; did you mean 'stage'?",
                "u.yaml:13:38: spec.stages[0].matchers[0].key: no cluster has the label 'region', so the matcher"
                        + " selects nothing; the labels are: stage");
    }

    @Test
    @DisplayName("a reference to a document with errors of its own is not reported twice")
    void brokenTargetsAreNotReportedAgain() throws IOException {
        catalog();
        write("broken.yaml", release("21.0.0", "[lts]") + "  state: retired\n");
        write("c.yaml", cluster("a", "dev", "21.0.0", null));
        write("u.yaml", HEADER + "kind: ClusterUpgrade\nmetadata: {name: u}\nspec: {matchers: [{value: a}],"
                + " target: {channel: lts}}\n---\n" + HEADER + "kind: ClusterUpgrade\nmetadata: {name: v}\n"
                + "spec: {matchers: [{value: a}], release: 21.0.0}\n");
        assertThat(lines()).containsExactly("broken.yaml:7:10: spec.state: unknown value 'retired'; expected one of:"
                + " active, deprecated, withdrawn");
    }

    @Test
    @DisplayName("the Kubernetes documents of a resource folder are the cluster's, not the fleet's")
    void resourceFoldersAreNotFleetDocuments() throws IOException {
        catalog();
        write("clusters/a.yaml", cluster("a", "dev", "19.3.1", null) + "  resourcesFrom: a\n");
        write("clusters/a/kcp.yaml", "apiVersion: controlplane.cluster.x-k8s.io/v1beta1\nkind: KubeadmControlPlane\n"
                + "metadata: {name: a}\nspec: {version: v1.29.4}\n");
        write("clusters/b.yaml", cluster("b", "dev", "19.3.1", null) + "  resourcesFrom: b\n");
        write("clusters/b/bad.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: [x]}\n");
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(lines()).containsExactly(
                "clusters/b/bad.yaml:3:18: metadata.name: expected text, got a list");
        assertThat(report.documentsPerKind()).containsEntry("ManagedCluster", 2);
        assertThat(report.documents()).as("releases, schedule and clusters; not the resources").isEqualTo(6);
    }

    /** A fleet with six problems across documents, every kind of reference check among them. */
    private void badReferences() throws IOException {
        catalog();
        write("c.yaml", cluster("a", "dev", "19.3.2", "weekday-night") + "---\n" + cluster("b", "lab", "19.3.1", null)
                + "---\n" + cluster("c", "prod", "19.3.1", null));
        write("u.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: u}
                spec:
                  matchers: [{value: ".*", isRegex: true}]
                  release: 20.1.9
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}]}
                    - {name: qa, matchers: [{key: stage, value: qa}]}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: v}
                spec: {matchers: [{value: c}], target: {channel: stable, constraint: "~19.3"}}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: w}
                spec: {matchers: [{value: c}], release: 20.1.0}
                """);
    }

    private Plan plan(boolean withFields) {
        FleetContents folder = FleetFolder.of(dir).read();
        PlanInput input = withFields ? PlanInput.from(folder, List.of())
                : PlanInput.from(folder, folder, folder, folder, List.of());
        return Planner.standard().plan(input,
                Instant.parse("2026-12-01T00:00:00Z"));
    }

    @Test
    @DisplayName("a plan of the folder reports the same reference problems as validate, at the documents")
    void planReportsWhatValidateReports() throws IOException {
        badReferences();
        List<String> validated = FleetValidator.create().validate(FleetFiles.load(dir)).problems().stream().map(CrossReferenceTest::unplaced)
                .toList();
        List<String> planned = plan(false).problems().stream().map(CrossReferenceTest::unplaced).toList();

        assertThat(validated).hasSize(6).containsExactlyInAnyOrderElementsOf(planned);
    }

    @Test
    @DisplayName("given the folder's field locator, a plan places each of those problems where validate does")
    void planWithFieldsPlacesLikeValidate() throws IOException {
        badReferences();
        List<String> validated = FleetValidator.create().validate(FleetFiles.load(dir)).problems().stream().map(Problem::toString).toList();
        List<String> planned = plan(true).problems().stream().map(Problem::toString).toList();

        assertThat(validated).hasSize(6).containsExactlyInAnyOrderElementsOf(planned);
        assertThat(planned).anySatisfy(p -> assertThat(p).endsWith("u.yaml:6:12: spec.release: unknown release"
                + " '20.1.9'; did you mean '20.1.0'?"));
    }

    /** A problem without its line and column: the plan knows where each document is, validate where each field is. */
    private static String unplaced(Problem p) {
        return p.location().source() + ": " + p.severity() + ": " + p.field() + ": " + p.message();
    }

    @Test
    @DisplayName("the schedules an unknown name is checked against are listed in name order, the same on every run")
    void knownSchedulesInNameOrder() {
        List<String> names = List.of("zulu", "echo", "alpha", "mike", "golf", "kilo", "bravo");
        ManagedCluster c = ManagedCluster.builder("a").release("19.3.1").infrastructure("aws").schedule("nightly").build();
        List<Problem> problems = CrossReferences.of(ReleaseCatalog.of(List.of()), names)
                .check(List.of(c), FleetSelection.of(List.of(c), List.of(), ReleaseCatalog.of(List.of())));
        assertThat(problems).extracting(Problem::message).contains(
                "unknown MaintenanceSchedule 'nightly'; known schedules: alpha, bravo, echo, golf, kilo, mike, zulu");
    }
}
