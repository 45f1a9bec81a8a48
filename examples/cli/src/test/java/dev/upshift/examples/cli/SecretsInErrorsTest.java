package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 1, in error messages: the loader quotes a value it refuses (a number out of range,
 * infinity, a JSON token) and repeats what its parsers quote; in a Secret's {@code data} or
 * {@code stringData} (wherever the Secret is: a file of its own, a cluster's resources, a resource
 * folder, a release's defaults) it shows the mask instead. Each path is driven through the CLI and
 * stdout and stderr are searched for the value.
 */
class SecretsInErrorsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String cluster(String name, String resources) {
        return """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: %s}
                spec:
                  release: 1.0.0
                  infrastructure: aws
                %s""".formatted(name, resources.indent(2));
    }

    @Test
    @DisplayName("validate: a refused number, infinity and an escape in Secrets show as masks, in a ConfigMap as written")
    void validate() throws IOException {
        write("fleet/clusters/db-1.yaml", cluster("db-1", """
                resources:
                  - apiVersion: v1
                    kind: Secret
                    metadata: {name: db}
                    stringData: {pin: 1e100000053}
                """));
        write("fleet/clusters/db-2.yaml", cluster("db-2", "resourcesFrom: db-2\n"));
        write("fleet/clusters/db-2/secret.yaml", """
                apiVersion: v1
                metadata: {name: db}
                data:
                  token: .inf
                kind: Secret
                """);
        write("fleet/clusters/db-3.yaml", cluster("db-3", """
                resources:
                  - apiVersion: v1
                    kind: Secret
                    metadata: {name: db}
                    stringData: {password: "hunt\\qer2"}
                """));
        write("fleet/clusters/web-1.yaml", cluster("web-1", """
                resources:
                  - apiVersion: v1
                    kind: ConfigMap
                    metadata: {name: settings}
                    data: {ratio: .inf}
                """));
        write("fleet/releases/1.0.0.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: Release
                metadata: {name: "1.0.0"}
                spec:
                  components: {kubernetes: 1.29.4}
                  defaults:
                    - match: {kind: Secret}
                      values: {stringData: {pin: .NaN}}
                """);

        Cli r = Cli.run("validate", dir.resolve("fleet").toString());

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out() + r.err()).doesNotContain("1e100000053", ".NaN", "hunt", "qer2", "(113)")
                .contains("spec.resources[0].stringData.pin: <secret sha256:d873a191> is out of range",
                        "data.token: <secret sha256:9e36e532> is not a number Upshift accepts",
                        "spec.defaults[0].values.stringData.pin: <secret sha256:",
                        "found unknown escape character <secret sha256:",
                        "spec.resources[0].data.ratio: '.inf' is not a number Upshift accepts");
        assertThat(r.err().lines().filter(l -> l.contains("db-2/secret.yaml")).toList()).as("no other value of it")
                .singleElement().asString().doesNotContain(".inf");
    }

    @Test
    @DisplayName("diff: a JSON token the parser does not know, in a Secret, is masked in the syntax error")
    void jsonToken() throws IOException {
        String secret = """
                {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "db", "namespace": "shop"},
                 "stringData": {"password": %s}}
                """;
        Path base = write("base.json", secret.formatted("\"old\""));
        Path current = write("current.json", secret.formatted("hunter2"));
        Path target = write("target.json", secret.formatted("\"new\""));

        Cli r = Cli.run("diff", "--base", base.toString(), "--current", current.toString(), "--target", target.toString());

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out() + r.err()).doesNotContain("hunter2").contains("current.json:2:", "<secret sha256:f52fbd32>");
    }

    @Test
    @DisplayName("the same errors outside a Secret's data still quote the value, so the rule is where it is")
    void outsideSecrets() throws IOException {
        Path base = write("base.json", """
                {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "db", "namespace": "shop"},
                 "data": {"password": hunter2}}
                """);
        Cli r = Cli.run("validate", base.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("'hunter2'");
    }
}
