package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.Publication;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The publisher against a real bare repository over {@code file://}; the git command line checks
 * what JGit wrote.
 */
class GitPublisherTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsGit() {
        GitCli.require();
    }

    @Test
    @DisplayName("an upgrade becomes one commit on main: fsck-clean, its trailer, only the change's lines")
    void publishesOneCommit() throws Exception {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet")
                    .author("Platform Bot", "bot@example.com").committer("Upshift CI", "ci@example.com").build();

            Publication answer = publisher.publish(u.upgrade(), u.change());

            String head = GitCli.run(world.bare, "rev-parse", "main").strip();
            assertThat(answer).isEqualTo(Publication.published("commit " + head + " on main"));
            assertThat(world.commits("main")).isEqualTo(2);
            GitCli.run(world.bare, "fsck", "--strict");
            String message = GitCli.run(world.bare, "log", "-1", "--format=%B", "main");
            assertThat(message).startsWith("Upgrade eu-1 from 1.0.0 to 1.1.0\n")
                    .contains("as the ClusterUpgrade to-1.1 asks")
                    .contains("\n\nUpshift-Upgrade-Id: eu-1:1.0.0..1.1.0#1\n");
            assertThat(GitCli.run(world.bare, "log", "-1", "--format=%(trailers:key=Upshift-Upgrade-Id,valueonly)",
                    "main").strip()).isEqualTo("eu-1:1.0.0..1.1.0#1");
            assertThat(GitCli.run(world.bare, "log", "-1", "--format=%an <%ae> / %cn <%ce>", "main").strip())
                    .isEqualTo("Platform Bot <bot@example.com> / Upshift CI <ci@example.com>");
            assertThat(GitCli.run(world.bare, "diff", "--numstat", "main~1", "main").strip())
                    .isEqualTo("2\t2\t" + GitWorld.file(GitWorld.ONE));
            List<String> lines = Arrays.stream(GitCli.run(world.bare, "diff", "-U0", "main~1", "main").split("\n"))
                    .filter(l -> (l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++")
                            && !l.startsWith("---"))
                    .toList();
            assertThat(lines).hasSize(4).anyMatch(l -> l.startsWith("-") && l.contains("release: 1.0.0"))
                    .anyMatch(l -> l.startsWith("+") && l.contains("release: 1.1.0"))
                    .anyMatch(l -> l.startsWith("-") && l.contains("v1.29.4"))
                    .anyMatch(l -> l.startsWith("+") && l.contains("v1.30.2"));
        }
    }

    @Test
    @DisplayName("publishing again, or from a new checkout after a crash, answers the same commit and adds none")
    void exactlyOnce() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet").build();
            Publication first = publisher.publish(u.upgrade(), u.change());
            Publication again = publisher.publish(u.upgrade(), u.change());
            try (GitCheckout restarted = GitCheckout.open(Remotes.url(world.bare), "main", dir.resolve("other"))) {
                Publication afterRestart = GitPublisher.builder(restarted).fleetPath("fleet").build()
                        .publish(u.upgrade(), u.change());
                assertThat(afterRestart).isEqualTo(first);
            }
            assertThat(again).isEqualTo(first);
            assertThat(world.commits("main")).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("a person's commit on another cluster's file during the publish: the change is made again on it and pushed")
    void reappliesOverAnotherFile() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            String[] person = new String[1];
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet")
                    .beforePush(() -> {
                        if (person[0] == null) {
                            person[0] = Remotes.personCommits(world.bare, dir, GitWorld.file(GitWorld.TWO),
                                    t -> t.replace("replicas: 3", "replicas: 5"), "Scale us-1 to 5");
                        }
                    }).build();

            Publication answer = publisher.publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Published.class);
            assertThat(GitCli.run(world.bare, "rev-parse", "main~1").strip()).isEqualTo(person[0]);
            assertThat(GitCli.run(world.bare, "diff", "--name-only", "main~1", "main").strip())
                    .isEqualTo(GitWorld.file(GitWorld.ONE));
            assertThat(GitCli.run(world.bare, "show", "main:" + GitWorld.file(GitWorld.TWO))).contains("replicas: 5");
            GitCli.run(world.bare, "fsck", "--strict");
        }
    }

    @Test
    @DisplayName("a person's commit on the same file during the publish: rejected, naming the file and the commit")
    void rejectsOverTheSameFile() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            String[] person = new String[1];
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet")
                    .beforePush(() -> person[0] = Remotes.personCommits(world.bare, dir, GitWorld.file(GitWorld.ONE),
                            t -> t.replace("replicas: 3", "replicas: 5"), "Scale eu-1 to 5"))
                    .build();

            Publication answer = publisher.publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains(GitWorld.file(GitWorld.ONE))
                    .contains(person[0].substring(0, 10)).contains("Scale eu-1 to 5");
            assertThat(GitCli.run(world.bare, "rev-parse", "main").strip()).isEqualTo(person[0]);
            assertThat(world.commits("main")).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("a person's commit on the file between the reading and the publish: rejected before any commit")
    void rejectsWhenMovedSinceRead() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            String person = Remotes.personCommits(world.bare, dir, GitWorld.file(GitWorld.ONE),
                    t -> "# owned by team eu\n" + t, "Say who owns eu-1");

            Publication answer = GitPublisher.builder(world.checkout).fleetPath("fleet").build()
                    .publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains(GitWorld.file(GitWorld.ONE))
                    .contains(person.substring(0, 10));
            assertThat(world.commits("main")).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("an unreachable remote is an exception in a person's words (no JGit wording, no Java class), and"
            + " nothing is written")
    void unreachable() throws Exception {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet").build();
            Path moved = dir.resolve("moved.git");
            Files.move(world.bare, moved);

            assertThatThrownBy(() -> publisher.publish(u.upgrade(), u.change()))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessage("could not fetch from " + world.checkout.url() + ": there is no git repository at"
                            + " that address (or it cannot be read); nothing was published");
            assertThat(Integer.parseInt(GitCli.run(moved, "rev-list", "--count", "main").strip())).isEqualTo(1);

            Files.move(moved, world.bare);
            assertThat(publisher.publish(u.upgrade(), u.change())).isInstanceOf(Publication.Published.class);
        }
    }

    @Test
    @DisplayName("a push that finds main's lock held (JGit's \"failed to lock\") is made again, and goes through once"
            + " the lock is gone")
    void lockHeldIsRetried() throws Exception {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            Path lock = world.bare.resolve("refs/heads/main.lock");
            int[] pushes = new int[1];
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet").beforePush(() -> {
                try {
                    if (pushes[0]++ == 0) {
                        Files.writeString(lock, "another push holds main\n"); // as a concurrent push does
                    } else {
                        Files.deleteIfExists(lock);
                    }
                } catch (java.io.IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).build();

            Publication answer = publisher.publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Published.class);
            assertThat(pushes[0]).isEqualTo(2);
            assertThat(world.commits("main")).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("a remote without the branch: an exception naming the branches it has, no Java class name")
    void noSuchBranch() {
        try (GitWorld world = new GitWorld(dir);
                GitCheckout other = GitCheckout.open(Remotes.url(world.bare), "release", dir.resolve("other"))) {
            assertThatThrownBy(other::sync).isInstanceOf(UncheckedIOException.class)
                    .hasMessage("the remote " + Remotes.url(world.bare) + " has no branch 'release' (its branches:"
                            + " main)");
        }
    }

    @Test
    @DisplayName("a branch per upgrade: upshift/<cluster>/<to> built on main, main untouched; a repeat finds it")
    void branchPerUpgrade() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.TWO);
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet").branchPerUpgrade(true)
                    .build();

            Publication first = publisher.publish(u.upgrade(), u.change());
            Publication again = publisher.publish(u.upgrade(), u.change());

            String branch = "upshift/us-1/1.1.0";
            assertThat(first).isEqualTo(Publication.published("commit "
                    + GitCli.run(world.bare, "rev-parse", branch).strip() + " on " + branch));
            assertThat(again).isEqualTo(first);
            assertThat(world.commits("main")).isEqualTo(1);
            assertThat(GitCli.run(world.bare, "rev-parse", branch + "~1").strip())
                    .isEqualTo(GitCli.run(world.bare, "rev-parse", "main").strip());
        }
    }

    @Test
    @DisplayName("the upgrade's branch merged into main by a pull request (its commit on main) still counts as published")
    void mergedBranchIsPublished() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.TWO);
            Publication first = GitPublisher.builder(world.checkout).fleetPath("fleet").branchPerUpgrade(true).build()
                    .publish(u.upgrade(), u.change());
            GitCli.run(world.bare, "update-ref", "refs/heads/main", "refs/heads/upshift/us-1/1.1.0");
            GitCli.run(world.bare, "update-ref", "-d", "refs/heads/upshift/us-1/1.1.0");

            try (GitCheckout restarted = GitCheckout.open(Remotes.url(world.bare), "main", dir.resolve("other"))) {
                Publication afterMerge = GitPublisher.builder(restarted).fleetPath("fleet").branchPerUpgrade(true)
                        .build().publish(u.upgrade(), u.change());
                assertThat(afterMerge).isInstanceOf(Publication.Published.class);
                assertThat(((Publication.Published) afterMerge).reference())
                        .isEqualTo(((Publication.Published) first).reference().replace("upshift/us-1/1.1.0", "main"));
            }
            assertThat(world.commits("main")).isEqualTo(2);
        }
    }
}
