package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.Publication;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The publisher against C git's own server: a {@code git daemon} on a loopback port, started by the
 * test, with receive-pack on and the repository's hooks run as a hosting service runs them.
 */
class GitDaemonTest {
    @TempDir
    Path dir;
    private Process daemon;
    private String url;
    private Path bare;

    @BeforeEach
    void startDaemon() throws Exception {
        GitCli.require();
        bare = Remotes.bareWithFleet(dir, GitWorld.fleet());
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        daemon = new ProcessBuilder(List.of("git", "daemon", "--listen=127.0.0.1", "--port=" + port,
                "--base-path=" + dir, "--export-all", "--enable=receive-pack", "--reuseaddr", dir.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("daemon.log").toFile()).start();
        url = "git://127.0.0.1:" + port + "/remote.git";
        for (int i = 0; i < 200; i++) {
            if (GitCli.start(dir, "ls-remote", url).exitCode() == 0) {
                return;
            }
            assertThat(daemon.isAlive()).as("git daemon: " + Files.readString(dir.resolve("daemon.log"))).isTrue();
            Thread.sleep(50);
        }
        throw new AssertionError("git daemon never answered on " + url + ": " + Files.readString(dir.resolve("daemon.log")));
    }

    @AfterEach
    void stopDaemon() throws InterruptedException {
        if (daemon != null) {
            Processes.end(daemon);
        }
    }

    @Test
    @DisplayName("over git://, an upgrade is one commit that git fsck accepts")
    void publishesOverTheDaemon() {
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);
            Publication answer = GitPublisher.builder(checkout).fleetPath("fleet").build().publish(u.upgrade(), u.change());
            assertThat(answer).isEqualTo(Publication.published("commit "
                    + GitCli.run(bare, "rev-parse", "main").strip() + " on main"));
            GitCli.run(bare, "fsck", "--strict");
            assertThat(GitCli.run(bare, "diff", "--stat", "main~1", "main")).contains(GitWorld.file(GitWorld.ONE))
                    .contains("1 file changed, 2 insertions(+), 2 deletions(-)");
        }
    }

    @Test
    @DisplayName("a protected branch whose pre-receive hook refuses the push: rejected with the server's words")
    void protectedBranch() throws IOException {
        Path hook = bare.resolve("hooks/pre-receive");
        Files.writeString(hook, "#!/bin/sh\necho 'main is protected: open a pull request' >&2\nexit 1\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);

            Publication answer = GitPublisher.builder(checkout).fleetPath("fleet").build().publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains("refused the push to main")
                    .contains("main is protected: open a pull request");
            assertThat(Integer.parseInt(GitCli.run(bare, "rev-list", "--count", "main").strip())).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("main moved between the remote's check and its ref update (\"cannot lock ref … but expected\"), by a"
            + " commit on another file: fetched, made again on the new head, and pushed")
    void lockRaceOnAnotherFileIsRetried() throws IOException {
        String person = Remotes.personCommitsAside(bare, dir, GitWorld.file(GitWorld.TWO),
                t -> t.replace("replicas: 3", "replicas: 5"), "Scale us-1 to 5", "person");
        moveMainDuringTheNextPush();
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);

            Publication answer = GitPublisher.builder(checkout).fleetPath("fleet").build().publish(u.upgrade(), u.change());

            assertThat(answer).as("the push raced a person's: %s", Files.readString(dir.resolve("daemon.log")))
                    .isInstanceOf(Publication.Published.class);
            assertThat(Files.exists(dir.resolve("moved"))).as("the hook moved main under the first push").isTrue();
            assertThat(GitCli.run(bare, "rev-parse", "main~1").strip()).isEqualTo(person);
            assertThat(GitCli.run(bare, "diff", "--name-only", "main~1", "main").strip())
                    .isEqualTo(GitWorld.file(GitWorld.ONE));
            assertThat(GitCli.run(bare, "show", "main:" + GitWorld.file(GitWorld.TWO))).contains("replicas: 5");
            GitCli.run(bare, "fsck", "--strict");
        }
    }

    @Test
    @DisplayName("the same race by a commit on the upgrade's own file: rejected, naming the commit, its subject and the"
            + " file both change")
    void lockRaceOnTheSameFileNamesTheCommitAndTheFile() throws IOException {
        String person = Remotes.personCommitsAside(bare, dir, GitWorld.file(GitWorld.ONE),
                t -> t.replace("replicas: 3", "replicas: 5"), "Scale eu-1 to 5", "person");
        moveMainDuringTheNextPush();
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);

            Publication answer = GitPublisher.builder(checkout).fleetPath("fleet").build().publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains(person.substring(0, 10))
                    .contains("\"Scale eu-1 to 5\"").contains(GitWorld.file(GitWorld.ONE))
                    .doesNotContain("failed to update ref");
            assertThat(GitCli.run(bare, "rev-parse", "main").strip()).isEqualTo(person);
        }
    }

    /**
     * A pre-receive hook that, once, moves main to the branch {@code person} before the remote updates
     * the ref: a person's push landing between the remote's check of the old value and its ref
     * update, as two pushes race on a hosting service. C git then refuses the update with "cannot
     * lock ref 'refs/heads/main': is at … but expected …" (status "failed to update ref").
     */
    private void moveMainDuringTheNextPush() throws IOException {
        Path hook = bare.resolve("hooks/pre-receive");
        Files.writeString(hook, """
                #!/bin/sh
                cat >/dev/null
                if [ ! -e '%s' ]; then
                  touch '%s'
                  env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES \\
                      git update-ref refs/heads/main refs/heads/person
                fi
                exit 0
                """.formatted(dir.resolve("moved"), dir.resolve("moved")));
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    @DisplayName("the daemon gone: an exception, nothing published, and the next try after it is back succeeds")
    void daemonGone() throws Exception {
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);
            GitPublisher publisher = GitPublisher.builder(checkout).fleetPath("fleet").build();
            Processes.end(daemon);
            daemon = null;

            assertThatThrownBy(() -> publisher.publish(u.upgrade(), u.change()))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining(url)
                    .hasMessageContaining("the connection was refused").hasMessageContaining("nothing was published")
                    .hasMessageNotContaining("java.").hasMessageNotContaining("Exception")
                    .hasMessageNotContaining("the engine tries again");
            assertThat(Integer.parseInt(GitCli.run(bare, "rev-list", "--count", "main").strip())).isEqualTo(1);
        }
    }

    private static GitWorld.Publishable upgrade(GitCheckout checkout) {
        return GitWorld.upgrade(new GitFleetSource(checkout, "fleet", dev.upshift.core.plan.Planner.standard()),
                GitWorld.ONE);
    }
}
