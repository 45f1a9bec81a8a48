package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 36, item 3: typos never read as a plan. */
class TyposTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    @DisplayName("a matcher's label key that no cluster has is an error with the key meant, exit 1, not clusters silently up to date")
    void labelKeyTypo() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path upgrade;
        try (var files = Files.walk(fleet)) {
            upgrade = files.filter(f -> f.toString().endsWith(".yaml")).filter(f -> read(f).contains("kind: ClusterUpgrade"))
                    .findFirst().orElseThrow();
        }
        Files.writeString(upgrade, Files.readString(upgrade, StandardCharsets.UTF_8).replace("key: stage", "key: stgae"),
                StandardCharsets.UTF_8);
        Cli plan = Cli.run("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW);
        assertThat(plan.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(plan.err()).contains("no cluster has the label 'stgae', so the matcher selects nothing; did you mean"
                + " 'stage'?");
        assertThat(Cli.run("validate", fleet.toString()).exitCode()).isEqualTo(Main.PROBLEM);
    }

    @Test
    @DisplayName("a cluster whose document cannot be read keeps a row and its place in the count, in the table and the JSON")
    void unreadableCluster() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path file = fleet.resolve("clusters/prod-2.yaml");
        Files.writeString(file, Files.readString(file, StandardCharsets.UTF_8).replace("release: 1.0.0", "release: [1.0.0]"),
                StandardCharsets.UTF_8);
        Cli table = Cli.run("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW);
        assertThat(table.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(table.out()).containsPattern("\\nprod-2 +- +- +- +- +unreadable +- +UNREADABLE_CLUSTER\\n")
                .contains("5 clusters at " + TestFleet.NOW + ": ").contains(", 1 unreadable\n")
                .contains("1 cluster could not be read and is not planned until fixed (UNREADABLE_CLUSTER");
        JsonNode json = JSON.readTree(Cli.run("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW, "--output",
                "json").out());
        assertThat(json.get("unreadable")).singleElement().satisfies(u -> {
            assertThat(u.get("cluster").asText()).isEqualTo("prod-2");
            assertThat(u.get("file").asText()).contains("prod-2.yaml");
            assertThat(u.get("problem").asText()).isNotBlank();
        });
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
