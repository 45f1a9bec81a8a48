package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.Publication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A repository whose {@code .gitattributes} converts line endings: the checkout holds CRLF where the
 * commits hold LF, and an upgrade's commit still changes only its lines, as the git command line
 * reads the commit.
 */
class LineEndingsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsGit() {
        GitCli.require();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"* text=auto eol=crlf", "*.yaml text eol=crlf", "* text eol=crlf"})
    @DisplayName("with line endings converted on checkout, the commit changes only the change's lines, LF kept")
    void onlyTheChangedLines(String attributes) throws Exception {
        try (GitWorld world = GitWorld.withFiles(dir, Map.of(".gitattributes", attributes + "\n"))) {
            Path file = world.checkout.workTree().resolve(GitWorld.file(GitWorld.ONE));
            world.checkout.sync();
            assertThat(Files.readString(file)).as("the checkout converts as the attributes ask").contains("\r\n");
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);

            Publication answer = GitPublisher.builder(world.checkout).fleetPath("fleet").build()
                    .publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Published.class);
            assertThat(GitCli.run(world.bare, "diff", "--numstat", "main~1", "main").strip())
                    .isEqualTo("2\t2\t" + GitWorld.file(GitWorld.ONE));
            assertThat(GitCli.run(world.bare, "diff", "--stat", "main~1", "main"))
                    .contains("1 file changed, 2 insertions(+), 2 deletions(-)");
            assertThat(GitCli.run(world.bare, "show", "main:" + GitWorld.file(GitWorld.ONE)))
                    .contains("release: 1.1.0").doesNotContain("\r");
            GitCli.run(world.bare, "fsck", "--strict");
        }
    }

    @org.junit.jupiter.api.Test
    @DisplayName("a file committed with CRLF under text=auto keeps its CRLF: the commit changes only its lines, as git"
            + " add would")
    void committedCrlfIsKept() throws Exception {
        try (GitWorld world = GitWorld.withFiles(dir, Map.of(".gitattributes", "* -text\n"))) {
            String file = GitWorld.file(GitWorld.ONE);
            Remotes.personCommits(world.bare, dir, file, t -> t.replace("\n", "\r\n"), "Write eu-1 with CRLF");
            Remotes.personCommits(world.bare, dir, ".gitattributes", t -> "* text=auto eol=crlf\n",
                    "Convert line endings");
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);

            Publication answer = GitPublisher.builder(world.checkout).fleetPath("fleet").build()
                    .publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Published.class);
            assertThat(GitCli.run(world.bare, "diff", "--numstat", "main~1", "main").strip())
                    .isEqualTo("2\t2\t" + file);
            assertThat(GitCli.run(world.bare, "show", "main:" + file)).contains("release: 1.1.0\r\n");
        }
    }
}
