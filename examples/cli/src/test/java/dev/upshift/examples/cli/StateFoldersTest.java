package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a command keeps or reads its state: {@code --state}, a fleet's own folder, or a git remote's. */
class StateFoldersTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("--state wins; a fleet folder keeps DIR/.upshift")
    void givenAndFleet() {
        assertThat(StateFolders.forEngine(Path.of("s"), Path.of("fleet"), "https://h/x.git", dir)).isEqualTo(Path.of("s"));
        assertThat(StateFolders.forEngine(null, Path.of("fleet"), null, dir)).isEqualTo(Path.of("fleet/.upshift"));
    }

    @Test
    @DisplayName("each remote gets a folder of its own under .upshift/git, named by its host and path and a hash")
    void perRemote() {
        Path a = StateFolders.forEngine(null, null, "https://git.example.com/platform/fleet.git", dir);
        Path b = StateFolders.forEngine(null, null, "https://git.example.com/other/fleet.git", dir);

        assertThat(a.getParent()).isEqualTo(dir.resolve(".upshift/git"));
        assertThat(a.getFileName().toString()).matches("git\\.example\\.com-platform-fleet-[0-9a-f]{8}");
        assertThat(b).isNotEqualTo(a);
        assertThat(StateFolders.forEngine(null, null, "https://git.example.com/platform/fleet.git", dir)).isEqualTo(a);
    }

    @Test
    @DisplayName("credentials in the URL name nothing: the same folder with or without them, and never in its name")
    void credentials() {
        String name = StateFolders.folderName("https://bot:s3cret-token@git.example.com/platform/fleet.git");

        assertThat(name).isEqualTo(StateFolders.folderName("https://git.example.com/platform/fleet.git"))
                .doesNotContain("s3cret").doesNotContain("bot");
    }

    @Test
    @DisplayName("paths, file URLs and odd characters make file names; long ones keep their end")
    void names() {
        assertThat(StateFolders.folderName("/srv/git/fleet.git")).matches("srv-git-fleet-[0-9a-f]{8}");
        assertThat(StateFolders.folderName("file:///srv/git/fleet.git")).matches("srv-git-fleet-[0-9a-f]{8}");
        assertThat(StateFolders.folderName("git://127.0.0.1:9418/remote.git")).matches("127\\.0\\.0\\.1-9418-remote-[0-9a-f]{8}");
        assertThat(StateFolders.folderName("https://h/" + "a".repeat(300) + "/fleet.git")).hasSize(48 + 9)
                .matches("a+-fleet-[0-9a-f]{8}");
        assertThat(StateFolders.folderName("..")).matches("remote-[0-9a-f]{8}");
    }
}
