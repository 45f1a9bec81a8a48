package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 1, through the engine: {@code db-1} changed a Secret's password that release 1.1.0
 * changes too (a blocking conflict), {@code db-2} kept the old one, which 1.1.0 replaces. Every
 * output of {@code apply}, {@code run} (its lines, a dry run, a time-lapse), {@code history} (text
 * and JSON) and every file of the state folder (the journal, {@code events.jsonl}) is searched for
 * every secret, in clear and in base64, and so are the calendars of {@code plan} and
 * {@code simulate}; only the fleet file the publisher wrote carries the new value, as it must.
 */
class SecretsThroughTheEngineTest {
    private static final String NOW = "2026-12-14T09:00:00Z";
    private static final List<String> SECRETS = List.of("hunter2", "correct-horse", "new-default", "aHVudGVyMg==",
            "Y29ycmVjdC1ob3JzZQ==", "bmV3LWRlZmF1bHQ=");

    @TempDir
    Path dir;

    private static String cluster(String name, String password) {
        return """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata:
                  name: %s
                  labels: {stage: prod}
                spec:
                  release: 1.0.0
                  infrastructure: aws
                  resources:
                    - apiVersion: v1
                      kind: Secret
                      metadata: {name: db, namespace: shop}
                      stringData: {password: %s}
                """.formatted(name, password);
    }

    private Path fleet() throws IOException {
        Path fleet = dir.resolve("fleet");
        Map<String, String> files = Map.of(
                "clusters/db-1.yaml", cluster("db-1", "correct-horse"),
                "clusters/db-2.yaml", cluster("db-2", "hunter2"),
                "releases/1.0.0.yaml", """
                        apiVersion: upshift.dev/v1alpha1
                        kind: Release
                        metadata: {name: "1.0.0"}
                        spec:
                          components: {kubernetes: 1.29.4}
                          defaults:
                            - match: {kind: Secret}
                              values: {stringData: {password: hunter2}}
                        """,
                "releases/1.1.0.yaml", """
                        apiVersion: upshift.dev/v1alpha1
                        kind: Release
                        metadata: {name: "1.1.0"}
                        spec:
                          components: {kubernetes: 1.30.2}
                          upgradesFrom: ">=1.0.0 <1.1.0"
                          defaults:
                            - match: {kind: Secret}
                              values: {stringData: {password: new-default}}
                        """,
                "upgrades/to-1.1.yaml", """
                        apiVersion: upshift.dev/v1alpha1
                        kind: ClusterUpgrade
                        metadata: {name: to-1.1}
                        spec:
                          matchers: [{name: all, key: stage, value: prod}]
                          release: 1.1.0
                          expectedDuration: 2h
                        """);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path file = fleet.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
        }
        return fleet;
    }

    private static String printed(Cli r) {
        return r.out() + r.err();
    }

    @Test
    @DisplayName("the calendars of the plan and of the simulation hold no value")
    void calendars() throws IOException {
        Path fleet = fleet();
        Cli plan = Cli.run("plan", "--fleet", fleet.toString(), "--now", NOW, "--output", "ics", "--forecast");
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(printed(plan)).doesNotContain(SECRETS).contains("BEGIN:VCALENDAR", "db-2");
        Path ics = dir.resolve("rollout.ics");
        Cli simulate = Cli.run("simulate", "--fleet", fleet.toString(), "--from", NOW, "--until", "2026-12-21T00:00:00Z",
                "--ics", ics.toString());
        assertThat(printed(simulate)).doesNotContain(SECRETS);
        assertThat(Files.readString(ics, StandardCharsets.UTF_8)).doesNotContain(SECRETS).contains("db-2");
    }

    @Test
    @DisplayName("apply, run, history and the state folder's files name the conflict and the change, never a value")
    void engineOutputs() throws IOException {
        Path fleet = fleet();
        String f = fleet.toString();

        Cli refused = Cli.run("apply", "--fleet", f, "--cluster", "db-1", "--now", NOW);
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(printed(refused)).doesNotContain(SECRETS).contains("FIELD_CONFLICT", "stringData.password",
                "<secret sha256:9dca666e>");

        Cli dryApply = Cli.run("apply", "--fleet", f, "--cluster", "db-2", "--now", NOW, "--dry-run");
        assertThat(dryApply.exitCode()).as(dryApply.err()).isZero();
        assertThat(printed(dryApply)).doesNotContain(SECRETS).contains("~ stringData.password:",
                "<secret sha256:31965c2c>");

        Cli dryRun = Cli.run("run", "--fleet", f, "--dry-run", "--now", NOW);
        assertThat(printed(dryRun)).doesNotContain(SECRETS).contains("db-2  published");

        Cli once = Cli.run("run", "--fleet", f, "--once", "--now", NOW, "--probe", "simulated");
        assertThat(once.exitCode()).as(once.err()).isZero();
        assertThat(printed(once)).doesNotContain(SECRETS).contains("db-2  published", "wrote clusters/db-2.yaml");

        Cli lapse = Cli.run("run", "--fleet", f, "--virtual-clock", "--from", NOW, "--until", "2026-12-16T00:00:00Z",
                "--probe", "simulated");
        assertThat(lapse.exitCode()).as(lapse.err()).isZero();
        assertThat(printed(lapse)).doesNotContain(SECRETS).contains("db-2  finished");

        for (String output : List.of("text", "json")) {
            Cli history = Cli.run("history", "--fleet", f, "--output", output);
            assertThat(history.exitCode()).as(history.err()).isZero();
            assertThat(printed(history)).as(output).doesNotContain(SECRETS).contains("db-2", "published");
        }

        Path state = fleet.resolve(".upshift");
        assertThat(state.resolve("events.jsonl")).exists();
        try (Stream<Path> files = Files.walk(state)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as(file.toString()).doesNotContain(SECRETS);
            }
        }
        assertThat(Files.readString(fleet.resolve("clusters/db-2.yaml"), StandardCharsets.UTF_8))
                .as("the publisher writes the real value").contains("stringData: {password: new-default}", "release: 1.1.0");
        assertThat(Files.readString(fleet.resolve("clusters/db-1.yaml"), StandardCharsets.UTF_8))
                .contains("password: correct-horse", "release: 1.0.0");
    }
}
