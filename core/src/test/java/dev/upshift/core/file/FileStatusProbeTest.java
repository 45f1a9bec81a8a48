package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files probe reads the status written back into the cluster's own document, at every call. */
class FileStatusProbeTest {
    private static final Instant NOW = Instant.parse("2026-03-10T23:30:00Z");

    @TempDir
    Path dir;

    private Upgrade attempt(Path file) {
        ManagedCluster c = ManagedCluster.builder("prod-eu-1").infrastructure("aws").release("19.3.1")
                .location(SourceLocation.of(file.toString())).build();
        return new Upgrade("prod-eu-1:19.3.1..20.1.0#1", c, Version.parse("19.3.1"), Version.parse("20.1.0"),
                Optional.empty());
    }

    private Path write(String status) throws IOException {
        Path file = dir.resolve("prod-eu-1.yaml");
        Files.writeString(file, """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: other}
                spec: {release: 19.3.1, infrastructure: aws}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: prod-eu-1}
                spec: {release: 20.1.0, infrastructure: aws}
                """ + status, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    @DisplayName("the status written back after the probe's last look is what it reports")
    void readsEachTime() throws IOException {
        Path file = write("");
        FileStatusProbe probe = new FileStatusProbe();
        assertThat(probe.probe(attempt(file), NOW)).isInstanceOf(UpgradeStatus.InProgress.class);

        write("status: {release: 20.1.0}\n");

        assertThat(probe.probe(attempt(file), NOW)).isInstanceOf(UpgradeStatus.Succeeded.class);
    }

    @Test
    @DisplayName("a file that no longer holds the cluster, or a broken status, is a fault, not an answer")
    void cannotTell() throws IOException {
        Path file = write("status: {release: twenty}\n");
        FileStatusProbe probe = new FileStatusProbe();
        assertThatThrownBy(() -> probe.probe(attempt(file), NOW)).hasMessageContaining("status of prod-eu-1")
                .hasMessageContaining("status.release");
        Files.writeString(file, "apiVersion: upshift.dev/v1alpha1\nkind: Release\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> probe.probe(attempt(file), NOW)).hasMessageContaining("no longer holds ManagedCluster");
    }
}
