package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What tells a caller that a fleet folder's files changed since its last reading. */
class FleetFolderFingerprintTest {
    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Test
    @DisplayName("the same files give equal fingerprints; a changed, added or removed file another")
    void changesWithTheFiles() throws IOException {
        FleetFolder folder = FleetFolder.of(dir);
        write("clusters/a.yaml", "a: 1\n");
        Object first = folder.fingerprint();

        assertThat(folder.fingerprint()).isEqualTo(first);
        write("clusters/a.yaml", "a: 2\n");
        Object edited = folder.fingerprint();
        assertThat(edited).isNotEqualTo(first);
        write("releases/r.yaml", "r: 1\n");
        Object added = folder.fingerprint();
        assertThat(added).isNotEqualTo(edited);
        Files.delete(dir.resolve("releases/r.yaml"));
        assertThat(folder.fingerprint()).isEqualTo(edited);
    }

    @Test
    @DisplayName("hidden files and folders, such as the state folder's journal, leave it as it is")
    void hiddenFilesDoNotCount() throws IOException {
        FleetFolder folder = FleetFolder.of(dir);
        write("a.yaml", "a: 1\n");
        Object before = folder.fingerprint();

        write(".upshift/history.jsonl", "{}\n");
        write(".hidden.yaml", "b: 1\n");

        assertThat(folder.fingerprint()).isEqualTo(before);
    }

    @Test
    @DisplayName("a folder that cannot be walked has a fingerprint equal to no other, so it is read again")
    void anUnreadableFolderEqualsNothing() {
        FleetFolder missing = FleetFolder.of(dir.resolve("nowhere"));

        Object first = missing.fingerprint();

        assertThat(first).isNotEqualTo(missing.fingerprint()).isEqualTo(first);
    }
}
