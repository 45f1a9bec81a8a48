package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathCommandTest {
    private static final String FLEET = DemoFleet.root().resolve("releases").toString();

    @Test
    void printsTheHopsFromTheOldestToTheNewestDemoRelease() {
        Cli r = Cli.run("path", "--catalog", FLEET, "--from", "19.0.0", "--to", "21.0.0");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("19.0.0 → 21.0.0: 5 hops, major upgrade\n");
        assertThat(r.out()).contains("1. 19.0.0   → 19.1.3").contains("5. 20.1.1   → 21.0.0");
        assertThat(r.out()).doesNotContain("20.0.1");
    }

    @Test
    void printsStableJson() throws IOException {
        Cli r = Cli.run("path", "--catalog", FLEET, "--from", "v19.1", "--to", "20.1.1", "--output", "json");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(r.exitCode()).isZero();
        assertThat(json.get("found").asBoolean()).isTrue();
        assertThat(json.get("change").asText()).isEqualTo("major");
        assertThat(json.get("hops")).hasSize(3);
        assertThat(json.at("/hops/0/from").asText()).isEqualTo("19.1.0");
        assertThat(json.at("/hops/0/kubernetes/to").asText()).isEqualTo("1.28.9");
        assertThat(json.at("/hops/2/workersMove").asBoolean()).isTrue();
    }

    @Test
    void explainsAMissingPathAndExitsOne() {
        Cli r = Cli.run("path", "--catalog", FLEET, "--from", "19.0.0", "--to", "20.0.1");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("no upgrade path from 19.0.0 to 20.0.1: 20.0.1 is withdrawn");
    }

    @Test
    void aNegativeWorkerSkewIsWrongUsage() {
        Cli r = Cli.run("path", "--catalog", FLEET, "--from", "19.0.0", "--to", "21.0.0", "--worker-skew", "-1");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("upshift: --worker-skew must be 0 or more (minor versions the workers may lag), got -1");
    }

    @Test
    void aMalformedVersionIsWrongUsage() {
        Cli r = Cli.run("path", "--catalog", FLEET, "--from", "19..0", "--to", "20.0.0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Invalid value for option '--from': invalid version \"19..0\"");
    }

    @Test
    void aBrokenCatalogIsReportedByFileLineAndColumn(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("r.yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: Release\nmetadata: {name: 1.0.0}\n"
                + "spec:\n  components: {kubernetes: 1.29.x}\n");
        Cli r = Cli.run("path", "--catalog", dir.toString(), "--from", "1.0.0", "--to", "1.0.0");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith(dir.resolve("r.yaml") + ":5:28: spec.components.kubernetes: invalid version \"1.29.x\"");
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
