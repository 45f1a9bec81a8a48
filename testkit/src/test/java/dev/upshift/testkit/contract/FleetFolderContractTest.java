package dev.upshift.testkit.contract;

import dev.upshift.core.file.FleetFolder;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core's fleet folder holds to the contract of each of the four sources it is: a bad document of
 * each kind becomes a problem at its file, and a folder that is gone is an exception.
 */
class FleetFolderContractTest {
    @TempDir
    Path dir;
    Path fleet;

    @BeforeEach
    void writeFleet() {
        fleet = ContractFleets.fleet().writeTo(dir.resolve("fleet"));
    }

    private FleetFolder folder() {
        return FleetFolder.of(fleet);
    }

    private void write(String path, String yaml) {
        try {
            Files.writeString(fleet.resolve(path), "apiVersion: upshift.dev/v1alpha1\n" + yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void remove() {
        try (Stream<Path> files = Files.walk(fleet)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Nested
    class Inventory extends ClusterInventoryContract {
        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ClusterInventory inventory() {
            return folder();
        }

        @Override
        protected void arrangeBadDocument() {
            write("clusters/bad.yaml", "kind: ManagedCluster\nmetadata: {name: bad}\nspec: {infrastructure: aws}\n");
        }

        @Override
        protected void arrangeUnreachable() {
            remove();
        }
    }

    @Nested
    class Releases extends ReleaseSourceContract {
        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ReleaseSource releaseSource() {
            return folder();
        }

        @Override
        protected void arrangeBadDocument() {
            write("releases/bad.yaml", "kind: Release\nmetadata: {name: not-a-version}\nspec: {components: {}}\n");
        }

        @Override
        protected void arrangeUnreachable() {
            remove();
        }
    }

    @Nested
    class Schedules extends ScheduleSourceContract {
        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ScheduleSource scheduleSource() {
            return folder();
        }

        @Override
        protected void arrangeBadDocument() {
            write("schedules/bad.yaml", "kind: MaintenanceSchedule\nmetadata: {name: bad}\nspec:\n  maintenanceWindows:\n"
                    + "    - {name: w, startTime: 2026-01-01T00:00:00Z, duration: 1h, recurrence: FREQ=SOMETIMES}\n");
        }

        @Override
        protected void arrangeUnreachable() {
            remove();
        }
    }

    @Nested
    class Upgrades extends UpgradeSourceContract {
        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected UpgradeSource upgradeSource() {
            return folder();
        }

        @Override
        protected void arrangeBadDocument() {
            write("upgrades/bad.yaml", "kind: ClusterUpgrade\nmetadata: {name: bad}\nspec: {release: 1.1.0}\n");
        }

        @Override
        protected void arrangeUnreachable() {
            remove();
        }
    }
}
