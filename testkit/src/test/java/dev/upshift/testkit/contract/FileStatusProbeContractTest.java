package dev.upshift.testkit.contract;

import dev.upshift.core.file.FileStatusProbe;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core's files probe holds to the probe contract: its system is the {@code status} written back
 * into the cluster's own {@code ManagedCluster} document (docs/formats.md).
 */
class FileStatusProbeContractTest extends StatusProbeContract {
    @TempDir
    Path dir;
    private Path file;
    private String document;

    @BeforeEach
    void writeFleet() {
        ContractFleets.fleet().writeTo(dir);
        file = dir.resolve("clusters/" + ContractFleets.CLUSTER + ".yaml");
        document = read();
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected Upgrade upgrade() {
        return ContractFleets.upgrade(TestFleet.of(dir).cluster(ContractFleets.CLUSTER).orElseThrow(), 1);
    }

    @Override
    protected StatusProbe newProbe() {
        return new FileStatusProbe();
    }

    private void status(String yaml) {
        try {
            Files.writeString(file, document + "status:\n" + yaml.indent(2), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void arrangeInProgress(Upgrade upgrade) {
        status("release: 1.0.0\nupgrade: " + upgrade.id() + "\nprogress: {required: 3, upgraded: 1, ready: false}\n");
    }

    @Override
    protected void arrangeSucceeded(Upgrade upgrade) {
        status("release: 1.1.0\nupgrade: " + upgrade.id() + "\nconditions:\n  - {type: UpgradeSucceeded, status: \"True\","
                + " reason: Upgraded, lastTransitionTime: 2026-03-10T09:40:00Z}\n");
    }

    @Override
    protected void arrangeFailed(Upgrade upgrade) {
        status("release: 1.0.0\nupgrade: " + upgrade.id() + "\nconditions:\n  - {type: UpgradeFailed, status: \"True\","
                + " reason: DrainTimeout, message: \"node cp-2 did not drain in 15m\","
                + " lastTransitionTime: 2026-03-10T09:50:00Z}\n");
    }

    @Override
    protected void arrangeUnreachable(Upgrade upgrade) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Object system() {
        return read();
    }

    private String read() {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
