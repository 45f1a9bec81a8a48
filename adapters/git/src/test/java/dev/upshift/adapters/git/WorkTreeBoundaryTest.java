package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.core.plan.Planner;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes stay inside the work tree (docs/security.md): crafted names, links and case collisions are refused. */
class WorkTreeBoundaryTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsGit() {
        GitCli.require();
    }

    @Test
    @DisplayName("a fleet path that is absolute, climbs out or enters .git is refused at once")
    void fleetPath() {
        try (GitWorld world = new GitWorld(dir)) {
            for (String bad : new String[] {"../x", "fleet/../../x", "/etc", ".git", "fleet/.GIT/hooks"}) {
                assertThatThrownBy(() -> GitPublisher.builder(world.checkout).fleetPath(bad))
                        .as(bad).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad);
                assertThatThrownBy(() -> new GitFleetSource(world.checkout, bad, Planner.standard()))
                        .as(bad).isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    @DisplayName("a cluster document named outside the work tree, through a link out, or inside .git is refused")
    void craftedSources() throws Exception {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            Path tree = world.checkout.workTree();
            Path outside = Files.writeString(dir.resolve("outside.yaml"), "kind: ManagedCluster\n");
            Path link = Files.createSymbolicLink(tree.resolve("fleet/link.yaml"), outside);
            GitPublisher publisher = GitPublisher.builder(world.checkout).fleetPath("fleet").build();
            String[][] cases = {
                {tree.resolve("fleet/../../outside.yaml").toString(), "lies outside the git work tree"},
                {outside.toString(), "lies outside the git work tree"},
                {link.toString(), "through a symbolic link"},
                {tree.resolve(".git/config").toString(), "inside .git"},
            };
            for (String[] c : cases) {
                Publication answer = publisher.publish(at(u.upgrade(), c[0]), u.change());
                assertThat(answer).as(c[0]).isInstanceOf(Publication.Rejected.class);
                assertThat(((Publication.Rejected) answer).reason()).as(c[0]).contains(c[1]);
            }
            assertThat(Files.readString(outside)).isEqualTo("kind: ManagedCluster\n");
            assertThat(world.commits("main")).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("a cluster named ../x cannot name an upgrade branch: refused")
    void craftedClusterName() {
        try (GitWorld world = new GitWorld(dir)) {
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
            ManagedCluster crafted = u.upgrade().cluster().toBuilder().build();
            crafted = new ManagedCluster("../x", crafted.labels(), crafted.infrastructure(), crafted.release(),
                    crafted.schedule(), crafted.freeze(), crafted.values(), crafted.resources(), crafted.location());
            Upgrade upgrade = new Upgrade("../x:1.0.0..1.1.0#1", crafted, u.upgrade().from(), u.upgrade().to(),
                    u.upgrade().intent());

            Publication answer = GitPublisher.builder(world.checkout).fleetPath("fleet").branchPerUpgrade(true).build()
                    .publish(upgrade, u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains("cannot name a git branch");
            assertThat(GitCli.run(world.bare, "for-each-ref", "--format=%(refname)").strip()).isEqualTo("refs/heads/main");
        }
    }

    @Test
    @DisplayName("a file that differs from the cluster's only in case: refused, naming both")
    void caseCollision() {
        try (GitWorld world = new GitWorld(dir)) {
            Path scratch = dir.resolve("person-case");
            GitCli.run(dir, "clone", "-q", world.bare.toString(), scratch.toString());
            Remotes.write(scratch.resolve("fleet/clusters/EU-1.yaml"), "# notes about eu-1\n");
            GitCli.run(scratch, "add", "-A");
            GitCli.run(scratch, "commit", "-q", "-m", "Notes about eu-1");
            GitCli.run(scratch, "push", "-q", "origin", "HEAD:main");
            GitWorld.Publishable u = world.upgrade(GitWorld.ONE);

            Publication answer = GitPublisher.builder(world.checkout).fleetPath("fleet").build()
                    .publish(u.upgrade(), u.change());

            assertThat(answer).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) answer).reason()).contains("fleet/clusters/eu-1.yaml")
                    .contains("fleet/clusters/EU-1.yaml").contains("differ only in case");
        }
    }

    private static Upgrade at(Upgrade u, String source) {
        ManagedCluster moved = u.cluster().toBuilder().location(new SourceLocation(source, 1, 1)).build();
        return new Upgrade(u.id(), moved, u.from(), u.to(), u.intent());
    }
}
