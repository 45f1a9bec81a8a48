package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift apply}: seed 000's single command. */
class ApplyCommandTest {
    @TempDir
    Path dir;

    private Path fleet() {
        return TestFleet.write(dir.resolve("fleet"));
    }

    @Test
    @DisplayName("shows the change, then starts the hop now and records the reason; a second apply says it is under way")
    void appliesOnce() throws IOException {
        Path fleet = fleet();
        Cli apply = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", TestFleet.NOW, "--reason",
                "CVE-2026-1234");

        assertThat(apply.exitCode()).as(apply.err()).isZero();
        assertThat(apply.out()).contains("The change of dev-1 from 1.0.0 to 1.1.0", "instanceType",
                "starting 1.0.0 → 1.1.0", "applied by a person", "CVE-2026-1234");
        assertThat(Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8)).contains("release: 1.1.0");

        Cli again = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", TestFleet.NOW);
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("dev-1:1.0.0..1.1.0#1", "under way");
        assertThat(JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries()).hasSize(2);
    }

    @Test
    @DisplayName("what needs a person is refused with the reason, exit 1, nothing written")
    void refuses() throws IOException {
        Path fleet = fleet();
        String frozen = Files.readString(fleet.resolve("clusters/prod-2.yaml"), StandardCharsets.UTF_8);
        Cli freeze = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "prod-2", "--now", TestFleet.NOW);
        assertThat(freeze.exitCode()).isEqualTo(1);
        assertThat(freeze.out()).contains("FROZEN", "year-end change freeze");
        assertThat(Files.readString(fleet.resolve("clusters/prod-2.yaml"), StandardCharsets.UTF_8)).isEqualTo(frozen);

        Cli conflict = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "prod-1", "--now", TestFleet.NOW);
        assertThat(conflict.exitCode()).isEqualTo(1);
        assertThat(conflict.out()).contains("FIELD_CONFLICT");

        Cli noPath = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "legacy-1", "--to", "1.1.0", "--now",
                TestFleet.NOW);
        assertThat(noPath.exitCode()).isEqualTo(1);
        assertThat(noPath.out()).contains("NO_PATH");
    }

    @Test
    @DisplayName("a hop whose Kubernetes no longer serves an API the cluster's manifests use is refused, REMOVED_API")
    void refusesARemovedApi() throws IOException {
        Path source = Path.of("..").toAbsolutePath().normalize().resolve("readiness");
        Path fleet = dir.resolve("readiness");
        try (java.util.stream.Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = fleet.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        String before = Files.readString(fleet.resolve("clusters/store-prod-2.yaml"), StandardCharsets.UTF_8);
        Cli r = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "store-prod-2", "--now", TestFleet.NOW);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("REMOVED_API", "batch/v1beta1 CronJob", "spec.readiness.accept");
        assertThat(Files.readString(fleet.resolve("clusters/store-prod-2.yaml"), StandardCharsets.UTF_8)).isEqualTo(before);
    }

    @Test
    @DisplayName("a cluster at the release asked for has nothing to do; an unknown one gets a hint")
    void nothingToDo() {
        Path fleet = fleet();
        Cli lab = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "lab-1", "--to", "1.1.0", "--now",
                TestFleet.NOW);
        assertThat(lab.exitCode()).isZero();
        assertThat(lab.out()).contains("already runs 1.1.0");
        Cli unknown = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-2", "--now", TestFleet.NOW);
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("did you mean 'dev-1'");
    }

    @Test
    @DisplayName("a dry run shows the change and what would start, and writes nothing")
    void dryRun() throws IOException {
        Path fleet = fleet();
        Cli apply = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--now", TestFleet.NOW,
                "--dry-run");
        assertThat(apply.exitCode()).as(apply.err()).isZero();
        assertThat(apply.out()).contains("dry run, nothing written", "starting 1.0.0 → 1.1.0");
        assertThat(Files.readString(fleet.resolve("clusters/dev-1.yaml"), StandardCharsets.UTF_8)).contains("release: 1.0.0");
        assertThat(JsonLinesJournal.stateFolder(fleet)).doesNotExist();
    }
}
