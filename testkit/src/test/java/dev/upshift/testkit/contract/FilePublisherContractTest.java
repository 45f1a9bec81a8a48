package dev.upshift.testkit.contract;

import dev.upshift.core.file.FilePublisher;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core's file publisher holds to the publisher contract: its target is the fleet folder's files.
 * A repeat answers "already published" (it keeps no state to give the first reference back).
 */
class FilePublisherContractTest extends ChangePublisherContract {
    @TempDir
    Path dir;
    private Path fleet;

    @BeforeEach
    void writeFleet() {
        fleet = dir.resolve("fleet");
        ContractFleets.fleet().writeTo(fleet);
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ChangePublisher newPublisher() {
        return FilePublisher.of(fleet);
    }

    @Override
    protected Change change() {
        TestFleet read = TestFleet.of(fleet);
        return new Change(ContractFleets.upgrade(ContractFleets.cluster(read), 1), ContractFleets.merge(read));
    }

    @Override
    protected Object target() {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(fleet)) {
            return files;
        }
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(fleet.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    @Override
    protected ChangePublisher restart(ChangePublisher publisher) {
        return FilePublisher.of(fleet);
    }

    @Override
    protected void arrangeRejection(ChangePublisher publisher) {
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                Files.setPosixFilePermissions(p, Set.of(PosixFilePermission.OWNER_READ));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void arrangeUnreachable(ChangePublisher publisher) {
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
