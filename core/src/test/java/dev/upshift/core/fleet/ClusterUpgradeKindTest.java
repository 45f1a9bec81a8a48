package dev.upshift.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.release.VersionConstraint;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.UpgradeTarget;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The ClusterUpgrade document: every field, and every problem with its position. */
class ClusterUpgradeKindTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\nkind: ClusterUpgrade\nmetadata: {name: u}\n";

    private static List<ClusterUpgrade> read(String text, Problems problems) {
        return FleetKinds.CLUSTER_UPGRADE.readAll(DocumentLoader.create().load("u.yaml", text), problems);
    }

    private static ClusterUpgrade good(String spec) {
        Problems problems = new Problems();
        List<ClusterUpgrade> read = read(HEADER + spec, problems);
        assertThat(problems.all()).isEmpty();
        return read.get(0);
    }

    private static List<String> problems(String spec) {
        Problems problems = new Problems();
        List<ClusterUpgrade> read = read(HEADER + spec, problems);
        if (problems.hasErrors()) {
            assertThat(read).as("an upgrade with errors is left out").isEmpty();
        }
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("reads every field of an upgrade")
    void readsEveryField() {
        ClusterUpgrade u = good("""
                spec:
                  matchers:
                    - {name: by-id, value: mgab6}
                    - {name: dev, key: stage, value: "dev|test", isRegex: true}
                  release: 20.1.0
                  startTime: 2021-03-10T07:00:00Z
                  expectedDuration: 2h
                  windowPolicy: completeWithin
                  strategy: inPlace
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}], soak: 24h, maxConcurrent: 5, maxFailures: 1}
                    - {name: test, matchers: [{key: stage, value: test}], maxConcurrent: "25%"}
                """);
        assertThat(u.name()).isEqualTo("u");
        assertThat(u.matchers()).containsExactly(ClusterMatcher.clusterId("mgab6").withName("by-id"),
                ClusterMatcher.labelRegex("stage", "dev|test").withName("dev"));
        assertThat(u.target()).isEqualTo(UpgradeTarget.release("20.1.0"));
        assertThat(u.startTime()).contains(Instant.parse("2021-03-10T07:00:00Z"));
        assertThat(u.expectedDuration()).isEqualTo(Duration.ofHours(2));
        assertThat(u.windowPolicy()).isEqualTo(WindowPolicy.COMPLETE_WITHIN);
        assertThat(u.strategy()).isEqualTo(StrategyPreference.IN_PLACE);
        assertThat(u.stages()).containsExactly(
                Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24))
                        .withMaxConcurrent(MaxConcurrent.clusters(5)).withMaxFailures(1),
                Stage.of("test", ClusterMatcher.label("stage", "test")).withMaxConcurrent(MaxConcurrent.percent(25)));
        assertThat(u.location()).hasToString("u.yaml:1:1");
    }

    @Test
    @DisplayName("without the optional fields: no start time, 1h, startWithin, rolling, one implicit stage")
    void defaults() {
        ClusterUpgrade u = good("spec: {matchers: [{value: a}], release: 1.0.0}\n");
        assertThat(u.startTime()).isEmpty();
        assertThat(u.expectedDuration()).isEqualTo(ClusterUpgrade.DEFAULT_EXPECTED_DURATION);
        assertThat(u.windowPolicy()).isEqualTo(WindowPolicy.START_WITHIN);
        assertThat(u.strategy()).isEqualTo(StrategyPreference.ROLLING);
        assertThat(u.stages()).isEmpty();
        assertThat(u.matchers().get(0)).isEqualTo(new ClusterMatcher(Optional.empty(), Optional.empty(), "a", false));
    }

    @Test
    @DisplayName("a target by channel, with or without a constraint; ISO-8601 durations")
    void channelTargets() {
        assertThat(good("spec: {matchers: [{value: a}], target: {channel: stable, constraint: \"~20.1\"},"
                + " expectedDuration: PT90M}\n"))
                .satisfies(u -> assertThat(u.target()).isEqualTo(UpgradeTarget.channel("stable",
                        VersionConstraint.parse("~20.1"))))
                .satisfies(u -> assertThat(u.expectedDuration()).isEqualTo(Duration.ofMinutes(90)));
        assertThat(good("spec: {matchers: [{value: a}], target: {channel: rapid}}\n").target())
                .isEqualTo(UpgradeTarget.channel("rapid"));
    }

    @Test
    @DisplayName("exactly one of release and target")
    void releaseOrTarget() {
        assertThat(problems("spec: {matchers: [{value: a}]}\n"))
                .containsExactly("u.yaml:4:7: spec.release: missing required field (or target: {channel: NAME,"
                        + " constraint: \"~20.1\"})");
        assertThat(problems("spec: {matchers: [{value: a}], release: 1.0.0, target: {channel: stable}}\n"))
                .containsExactly("u.yaml:4:56: spec.target: give either release or target, not both");
        assertThat(problems("spec:\n  matchers: [{value: a}]\n  target: {chanel: stable, constraint: \">2 <1\"}\n"))
                .containsExactly("u.yaml:6:11: spec.target.channel: missing required field",
                        "u.yaml:6:40: spec.target.constraint: constraint \">2.x <1.0.0\" accepts no version at all",
                        "u.yaml:6:12: spec.target.chanel: unknown field; did you mean 'channel'?");
        assertThat(problems("spec:\n  matchers: [{value: a}]\n  release: twenty\n")).singleElement().asString()
                .startsWith("u.yaml:6:12: spec.release: invalid version \"twenty\"");
    }

    @Test
    @DisplayName("a regular expression is compiled as it is read: a bad one is an error at its value")
    void badRegexes() {
        assertThat(problems("spec:\n  release: 1.0.0\n  matchers:\n    - {key: stage, value: \"(dev\", isRegex: true}\n"
                + "    - {key: stage, value: \"a**\", isRegex: true}\n    - {value: \"(a\"}\n"))
                .containsExactly(
                        "u.yaml:7:27: spec.matchers[0].value: invalid regular expression: missing closing ) (RE2 syntax)",
                        "u.yaml:8:27: spec.matchers[1].value: invalid regular expression: invalid nested repetition"
                                + " operator at '**' (RE2 syntax)");
        assertThat(problems("spec:\n  release: 1.0.0\n  matchers: [{value: \"((a{1000}){1000}){1000}\", isRegex: true}]\n"))
                .containsExactly("u.yaml:6:22: spec.matchers[0].value: regular expression too large once its"
                        + " repetitions are expanded (more than 10000 steps); use fewer or smaller {n} counts");
        assertThat(problems("spec:\n  release: 1.0.0\n  matchers: [{value: \"(a+)+$\", isRegex: yes}]\n"))
                .as("a pattern that hangs backtracking engines is fine for RE2").isEmpty();
    }

    @Test
    @DisplayName("matchers: at least one; each a value, with optional name and key; no other field")
    void badMatchers() {
        assertThat(problems("spec: {release: 1.0.0}\n")).containsExactly("u.yaml:4:7: spec.matchers: missing required field");
        assertThat(problems("spec: {release: 1.0.0, matchers: []}\n")).containsExactly(
                "u.yaml:4:34: spec.matchers: needs at least one matcher; a cluster is selected when any matcher selects it");
        assertThat(problems("spec:\n  release: 1.0.0\n  matchers:\n    - {key: \"\", name: \" \", valu: x, isRegex: 1}\n"
                + "    - stage\n")).containsExactly(
                        "u.yaml:8:7: spec.matchers[1]: expected a mapping, got the text 'stage'",
                        "u.yaml:7:23: spec.matchers[0].name: must not be empty; leave it out or name the matcher",
                        "u.yaml:7:13: spec.matchers[0].key: must not be empty; leave it out to match the cluster id",
                        "u.yaml:7:7: spec.matchers[0].value: missing required field",
                        "u.yaml:7:46: spec.matchers[0].isRegex: expected true or false, got the number 1",
                        "u.yaml:7:28: spec.matchers[0].valu: unknown field; did you mean 'value'?");
    }

    @Test
    @DisplayName("times, durations and words are checked at their positions")
    void badScalars() {
        assertThat(problems("""
                spec:
                  matchers: [{value: a}]
                  release: 1.0.0
                  startTime: 2021-03-10 07:00
                  expectedDuration: 0s
                  windowPolicy: startWithn
                  strategy: blueGreen
                """)).containsExactly(
                "u.yaml:7:14: spec.startTime: invalid time \"2021-03-10 07:00\": expected RFC 3339 with Z or an offset,"
                        + " e.g. 2026-03-10T07:00:00Z",
                "u.yaml:8:21: spec.expectedDuration: invalid duration \"0s\": must be longer than zero: how long one cluster's upgrade takes",
                "u.yaml:9:17: spec.windowPolicy: unknown value 'startWithn'; expected one of: startWithin,"
                        + " completeWithin, pauseAndResume",
                "u.yaml:10:13: spec.strategy: unknown value 'blueGreen'; expected one of: rolling, inPlace, external");
    }

    @Test
    @DisplayName("spec.drift: report by default, repair when asked, anything else an error at its position")
    void driftPolicy() {
        assertThat(good("spec: {matchers: [{value: a}], release: 1.0.0}\n").drift()).isEqualTo(DriftPolicy.REPORT);
        assertThat(good("spec: {matchers: [{value: a}], release: 1.0.0, drift: repair}\n").drift())
                .isEqualTo(DriftPolicy.REPAIR);
        assertThat(good("spec: {matchers: [{value: a}], release: 1.0.0, drift: report}\n").drift())
                .isEqualTo(DriftPolicy.REPORT);
        assertThat(problems("spec: {matchers: [{value: a}], release: 1.0.0, drift: fix}\n")).containsExactly(
                "u.yaml:4:55: spec.drift: unknown value 'fix'; expected one of: report, repair");
    }

    @Test
    @DisplayName("stages: a unique name, matchers, soak, maxConcurrent as a number or a percentage, maxFailures")
    void badStages() {
        assertThat(problems("""
                spec:
                  matchers: [{value: a}]
                  release: 1.0.0
                  stages:
                    - {name: dev, matchers: [{value: a}], soak: -1h, maxConcurrent: 0}
                    - {name: dev, matchers: [{value: a}], maxConcurrent: "150%", maxFailures: -1}
                    - {name: prod, maxConcurrent: "5", sok: 1h}
                    - {matchers: [{value: a}], maxConcurrent: [1]}
                """)).containsExactly(
                "u.yaml:8:49: spec.stages[0].soak: invalid duration \"-1h\": expected a number at character 1; expected"
                        + " e.g. 90m, 1h30m or PT1H30M",
                "u.yaml:8:69: spec.stages[0].maxConcurrent: must be between 1 and 2147483647, got 0",
                "u.yaml:9:14: spec.stages[1].name: another stage of this upgrade is named 'dev'",
                "u.yaml:9:58: spec.stages[1].maxConcurrent: a percentage must be from 1% to 100%, got 150%",
                "u.yaml:9:79: spec.stages[1].maxFailures: must be between 0 and 2147483647, got -1",
                "u.yaml:10:7: spec.stages[2].matchers: missing required field",
                "u.yaml:10:35: spec.stages[2].maxConcurrent: expected a whole number of clusters (such as 5) or a"
                        + " percentage of the stage (such as \"25%\"), got the text '5'",
                "u.yaml:10:40: spec.stages[2].sok: unknown field; did you mean 'soak'?",
                "u.yaml:11:7: spec.stages[3].name: missing required field",
                "u.yaml:11:47: spec.stages[3].maxConcurrent: expected a whole number of clusters (such as 5) or a"
                        + " percentage of the stage (such as \"25%\"), got a list");
    }

    @Test
    @DisplayName("two upgrades of one name are an error; the first is kept")
    void duplicateNames() {
        String one = HEADER + "spec: {matchers: [{value: a}], release: 1.0.0}\n";
        Problems problems = new Problems();
        assertThat(read(one + "---\n" + one, problems)).hasSize(1);
        assertThat(problems.all()).extracting(Problem::toString)
                .containsExactly("u.yaml:8:18: metadata.name: another ClusterUpgrade is named 'u' (u.yaml:3:18)");
    }
}
