package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 28, item 1, end to end: a fleet whose cluster changed a Secret's password that the new
 * release changes too (a blocking conflict), holds base64 {@code data} that the release changes
 * (the cluster kept the old value), and a custom resource
 * whose password field 1.1.0 marks {@code sensitive: true}. Every output for people is searched
 * for every secret value, in clear and in base64; the outputs meant to be applied carry them and
 * say so on stderr.
 */
class SecretsInOutputsTest {
    private static final String NOW = "2026-12-14T09:00:00Z";
    /** Every secret of the fleet as the documents hold it, and the base64 ones decoded too. */
    private static final List<String> SECRETS = List.of("hunter2", "correct-horse", "new-default",
            "aHVudGVyMg==", "Y29ycmVjdC1ob3JzZQ==", "bmV3LWRlZmF1bHQ=", "old-db-pw", "cluster-db-pw", "new-db-pw");

    @TempDir
    static Path dir;
    static Path fleet;

    private static final Map<String, String> FILES = Map.of(
        "clusters/db-1.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: db-1
              labels: {stage: prod}
            spec:
              release: 1.0.0
              infrastructure: aws
              resources:
                - apiVersion: v1
                  kind: Secret
                  metadata: {name: db, namespace: shop}
                  stringData: {password: correct-horse}
                  data: {token: aHVudGVyMg==}
                - apiVersion: db.example.com/v1
                  kind: DatabaseUser
                  metadata: {name: app, namespace: shop}
                  spec: {credentials: {password: cluster-db-pw}}
            """,
        "releases/1.0.0.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "1.0.0"}
            spec:
              components: {kubernetes: 1.29.4}
              defaults:
                - match: {kind: Secret}
                  values: {stringData: {password: hunter2}, data: {token: aHVudGVyMg==}}
                - match: {kind: DatabaseUser}
                  values: {spec: {credentials: {password: old-db-pw}}}
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
                  values: {stringData: {password: new-default}, data: {token: bmV3LWRlZmF1bHQ=}}
                - match: {kind: DatabaseUser}
                  values: {spec: {credentials: {password: new-db-pw}}}
              fieldRules:
                - match: {kind: DatabaseUser}
                  path: spec.credentials.password
                  sensitive: true
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

    @BeforeAll
    static void writeFleet() throws IOException {
        fleet = dir.resolve("fleet");
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            Path file = fleet.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
    }

    private static Cli diff(String... more) {
        List<String> args = new ArrayList<>(List.of("diff", "--fleet", fleet.toString(), "--cluster", "db-1", "--to",
                "1.1.0"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    @DisplayName("the review report and stderr name both conflicts with fingerprints, never a value")
    void report() {
        Cli r = diff();
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out() + r.err()).doesNotContain(SECRETS);
        assertThat(r.out()).contains("! stringData.password: BLOCKED  conflict: the old release had"
                + " \"<secret sha256:f52fbd32>\", the cluster has \"<secret sha256:9dca666e>\", the new release has"
                + " \"<secret sha256:31965c2c>\"; onConflict: fail blocks the upgrade")
                .contains("! spec.credentials.password: BLOCKED  conflict:");
        assertThat(r.err()).contains(": stringData.password: conflict: the old release had \"<secret sha256:f52fbd32>\"")
                .contains("upshift: note: sensitive values show as <secret sha256:...>");
    }

    @Test
    @DisplayName("the unified diff shows that the token changes, by its fingerprints")
    void unified() {
        Cli r = diff("--output", "unified");
        assertThat(r.out() + r.err()).doesNotContain(SECRETS);
        assertThat(r.out()).contains("-  token: <secret sha256:b073aefd>", "+  token: <secret sha256:77648835>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"yaml", "json", "json-patch", "merge-patch"})
    @DisplayName("the outputs meant to be applied carry the values and say so on stderr")
    void appliedOutputs(String output) {
        Cli r = diff("--output", output);
        assertThat(r.out()).contains("bmV3LWRlZmF1bHQ=");
        assertThat(r.err()).contains("upshift: note: --output " + output + " carries sensitive values in clear")
                .doesNotContain(SECRETS);
    }

    @Test
    @DisplayName("--show-secrets shows them in the report and on stderr, and says so")
    void showSecrets() {
        Cli r = diff("--show-secrets");
        assertThat(r.out()).contains("[in clear: old release \"hunter2\", cluster \"correct-horse\", new release"
                + " \"new-default\", result \"correct-horse\"]", "~ data.token: \"aHVudGVyMg==\" -> \"bmV3LWRlZmF1bHQ=\"");
        assertThat(r.err()).contains("[in clear: old release \"old-db-pw\"", "upshift: note: --show-secrets:");
        assertThat(diff("--show-secrets", "--output", "unified").out()).contains("+  token: bmV3LWRlZmF1bHQ=");
    }

    @ParameterizedTest
    @ValueSource(strings = {"table", "json", "yaml"})
    @DisplayName("the plan's FIELD_CONFLICT reasons are masked")
    void plan(String output) {
        Cli r = Cli.run("plan", "--fleet", fleet.toString(), "--now", NOW, "--output", output);
        assertThat(r.out() + r.err()).doesNotContain(SECRETS);
        if (!output.equals("table")) {
            assertThat(r.out()).contains("FIELD_CONFLICT", "<secret sha256:9dca666e>");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "json"})
    @DisplayName("explain gives the conflicts without the values")
    void explain(String output) {
        Cli r = Cli.run("explain", "--fleet", fleet.toString(), "--cluster", "db-1", "--now", NOW, "--output", output);
        assertThat(r.out() + r.err()).doesNotContain(SECRETS).contains("stringData.password", "<secret sha256:9dca666e>");
    }

    @Test
    @DisplayName("the simulation's HTML report and JSON carry no value")
    void simulation() throws IOException {
        Path html = dir.resolve("report.html");
        Cli r = Cli.run("simulate", "--fleet", fleet.toString(), "--from", NOW, "--until", "2026-12-21T00:00:00Z",
                "--html", html.toString(), "--output", "json");
        String page = Files.readString(html);
        assertThat(r.out() + r.err() + page).doesNotContain(SECRETS);
        assertThat(page).contains("stringData.password");
    }

    @Test
    @DisplayName("the three-file form masks the same way, a rules file's sensitive fields included")
    void files() throws IOException {
        Path base = dir.resolve("base.yaml");
        Path current = dir.resolve("current.yaml");
        Path target = dir.resolve("target.yaml");
        Path rules = dir.resolve("rules.yaml");
        String user = "apiVersion: db.example.com/v1\nkind: DatabaseUser\nmetadata: {name: app, namespace: shop}\n"
                + "spec: {credentials: {password: %s}}\n";
        Files.writeString(base, user.formatted("old-db-pw"));
        Files.writeString(current, user.formatted("cluster-db-pw"));
        Files.writeString(target, user.formatted("new-db-pw"));
        Files.writeString(rules, """
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: credentials}
                spec:
                  fieldRules:
                    - {path: spec.credentials, sensitive: true}
                """);
        for (String output : List.of("report", "unified")) {
            Cli r = Cli.run("diff", "--base", base.toString(), "--current", current.toString(), "--target",
                    target.toString(), "--rules", rules.toString(), "--output", output);
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.out() + r.err()).as(output).doesNotContain(SECRETS);
        }
        Cli plain = Cli.run("diff", "--base", base.toString(), "--current", current.toString(), "--target",
                target.toString());
        assertThat(plain.out()).as("without the rule the values show: the rule is what masks them").contains("new-db-pw");
    }
}
