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
    @DisplayName("the daemon gone: an exception, nothing published, and the next try after it is back succeeds")
    void daemonGone() throws Exception {
        try (GitCheckout checkout = GitCheckout.open(url, "main", dir.resolve("checkout"))) {
            GitWorld.Publishable u = upgrade(checkout);
            GitPublisher publisher = GitPublisher.builder(checkout).fleetPath("fleet").build();
            Processes.end(daemon);
            daemon = null;

            assertThatThrownBy(() -> publisher.publish(u.upgrade(), u.change()))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining(url);
            assertThat(Integer.parseInt(GitCli.run(bare, "rev-list", "--count", "main").strip())).isEqualTo(1);
        }
    }

    private static GitWorld.Publishable upgrade(GitCheckout checkout) {
        return GitWorld.upgrade(new GitFleetSource(checkout, "fleet", dev.upshift.core.plan.Planner.standard()),
                GitWorld.ONE);
    }
}
