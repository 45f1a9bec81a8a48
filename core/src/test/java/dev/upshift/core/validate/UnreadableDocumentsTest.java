package dev.upshift.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A document that cannot be read never makes the plan say less than the truth: the clusters whose
 * fate depends on it say so, and the plan reports it as {@code upshift validate} does, once.
 */
class UnreadableDocumentsTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text);
    }

    private void fleet(String schedule) throws IOException {
        write("releases.yaml", HEADER + "kind: Release\nmetadata: {name: \"1.4.3\"}\nspec:\n  components: {kubernetes: 1.29.4}\n"
                + "---\n" + HEADER + "kind: Release\nmetadata: {name: \"1.5.0\"}\nspec:\n  components: {kubernetes: 1.30.1}\n");
        StringBuilder clusters = new StringBuilder();
        for (String[] c : List.of(new String[] {"dev-1", "dev"}, new String[] {"dev-2", "dev"}, new String[] {"prod-1", "prod"},
                new String[] {"staging-1", "staging"})) {
            clusters.append(HEADER).append("kind: ManagedCluster\nmetadata: {name: ").append(c[0]).append(", labels: {stage: ")
                    .append(c[1]).append("}}\nspec:\n  release: 1.4.3\n  infrastructure: aws\n")
                    .append(schedule == null ? "" : "  schedule: " + schedule + "\n").append("---\n");
        }
        write("clusters.yaml", clusters.toString());
    }

    private Plan plan() {
        return Planner.standard().plan(PlanInput.from(FleetFolder.of(dir).read(), List.of()),
                Instant.parse("2026-12-01T00:00:00Z"));
    }

    private List<String> validated() {
        return FleetValidator.create().validate(FleetFiles.load(dir)).problems().stream().map(Problem::toString)
                .map(s -> s.replace(dir + "/", "")).toList();
    }

    private List<String> planned(Plan plan) {
        return plan.problems().stream().map(Problem::toString).map(s -> s.replace(dir + "/", "")).toList();
    }

    private static Reason only(PlanEntry e) {
        assertThat(e.reasons()).as("%s", e).hasSize(1);
        return e.reasons().get(0);
    }

    @Test
    @DisplayName("an upgrade that cannot be read blocks every cluster its matchers select: the plan is incomplete, not upToDate")
    void unreadableUpgradeBlocksWhatItSelects() throws IOException {
        fleet(null);
        write("upgrade.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: to-1.5}
                spec:
                  matchers: [{key: stage, value: dev}]
                  release: 1.5.0
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}], maxParallel: 2}
                """);
        Plan plan = plan();
        for (String id : List.of("dev-1", "dev-2")) {
            PlanEntry e = plan.entry(id).orElseThrow();
            assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(only(e).code()).isEqualTo(ReasonCodes.UNREADABLE_UPGRADE);
            assertThat(only(e).message()).contains("to-1.5").contains("could not be read").contains("maxParallel")
                    .contains("incomplete");
        }
        assertThat(plan.entry("prod-1").orElseThrow().state()).as("its matchers do not select prod-1")
                .isEqualTo(UpgradeState.UP_TO_DATE);
        assertThat(plan.counts()).containsEntry(UpgradeState.BLOCKED, 2).containsEntry(UpgradeState.UP_TO_DATE, 2);
        assertThat(planned(plan)).isEqualTo(validated());
    }

    @Test
    @DisplayName("an upgrade whose matchers cannot be read either blocks the whole fleet")
    void unreadableMatchersBlockEveryCluster() throws IOException {
        fleet(null);
        write("upgrade.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: to-1.5}
                spec:
                  matchers: [{key: stage, valeu: dev}]
                  release: 1.5.0
                """);
        Plan plan = plan();
        assertThat(plan.entries()).hasSize(4).allSatisfy(e -> {
            assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(only(e).code()).isEqualTo(ReasonCodes.UNREADABLE_UPGRADE);
        });
    }

    @Test
    @DisplayName("a schedule that cannot be read is reported once, as validate does, and blocks its clusters with its error")
    void unreadableSchedule() throws IOException {
        fleet("berlin-weeknights");
        write("schedule.yaml", HEADER + """
                kind: MaintenanceSchedule
                metadata: {name: berlin-weeknights}
                spec:
                  maintenanceWindows:
                    - {startTime: 2026-01-05T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                  maintenanceExclusions:
                    - {name: year-end, startTime: 2026-12-18T00:00:00Z, endTime: 2027-01-04T00:00:00Z, scope: noUpgrade}
                """);
        write("upgrade.yaml", HEADER + "kind: ClusterUpgrade\nmetadata: {name: to-1.5}\n"
                + "spec: {matchers: [{key: stage, value: dev}], release: 1.5.0}\n");
        Plan plan = plan();
        List<String> validated = validated();
        assertThat(validated).singleElement().asString().contains("scope").contains("noUpgrade");
        assertThat(planned(plan)).isEqualTo(validated);
        for (String id : List.of("dev-1", "dev-2")) {
            PlanEntry e = plan.entry(id).orElseThrow();
            assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(only(e).code()).isEqualTo(ReasonCodes.INVALID_SCHEDULE);
            assertThat(only(e).message()).contains("berlin-weeknights").contains("noUpgrade").doesNotContain("does not exist");
        }
    }

    @Test
    @DisplayName("a stage that selects none of its upgrade's clusters while some are in no stage is an error suggesting the label's values")
    void emptyStageIsAnError() throws IOException {
        fleet(null);
        write("upgrade.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: to-1.5}
                spec:
                  matchers: [{key: stage, value: ".*", isRegex: true}]
                  release: 1.5.0
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}]}
                    - {name: staging, matchers: [{key: stage, value: staging}]}
                    - {name: production, matchers: [{key: stage, value: production}]}
                """);
        assertThat(FleetValidator.create().validate(FleetFiles.load(dir)).hasErrors()).isTrue();
        assertThat(validated()).anySatisfy(p -> assertThat(p).matches("upgrade.yaml:\\d+:\\d+: spec.stages\\[2\\].matchers: "
                + "stage production selects none of the upgrade's clusters: no cluster has stage=production; did you mean"
                + " 'prod'\\? \\(values: dev, staging, prod\\)"));
        assertThat(planned(plan())).isEqualTo(validated());
    }

    @Test
    @DisplayName("a stage that selects nothing while every cluster has a stage stays a warning")
    void emptyStageWithEveryClusterStagedIsAWarning() throws IOException {
        fleet(null);
        write("upgrade.yaml", HEADER + """
                kind: ClusterUpgrade
                metadata: {name: to-1.5}
                spec:
                  matchers: [{key: stage, value: ".*", isRegex: true}]
                  release: 1.5.0
                  stages:
                    - {name: canary, matchers: [{value: lab-1}]}
                    - {name: all, matchers: [{key: stage, value: ".*", isRegex: true}]}
                """);
        assertThat(FleetValidator.create().validate(FleetFiles.load(dir)).hasErrors()).isFalse();
        assertThat(validated()).singleElement().asString().contains("warning: spec.stages[0].matchers: stage canary"
                + " selects none of the upgrade's clusters");
    }
}
