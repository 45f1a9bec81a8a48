package dev.upshift.adapters.git;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.testkit.contract.Capabilities;
import dev.upshift.testkit.contract.ChangePublisherContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The git publisher holds to the publisher contract. Its target is the remote: every ref and every
 * commit's id and message. A rejection: a person changed the cluster's file after the fleet was
 * read; unreachable: the remote repository moved away.
 */
class GitPublisherContractTest extends ChangePublisherContract {
    @TempDir
    Path dir;
    private GitWorld world;
    private Path remote;
    private int restarts;

    @BeforeEach
    void makeWorld() {
        GitCli.require();
        world = new GitWorld(dir);
        remote = world.bare;
    }

    @AfterEach
    void close() {
        world.close();
    }

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ChangePublisher newPublisher() {
        return GitPublisher.builder(world.checkout).fleetPath("fleet").build();
    }

    @Override
    protected Change change() {
        GitWorld.Publishable u = world.upgrade(GitWorld.ONE);
        return new Change(u.upgrade(), u.change());
    }

    @Override
    protected Object target() {
        return GitCli.run(remote, "for-each-ref") + GitCli.run(remote, "log", "--all", "--format=%H%n%B");
    }

    @Override
    protected ChangePublisher restart(ChangePublisher publisher) {
        GitCheckout again = GitCheckout.open(Remotes.url(world.bare), "main", dir.resolve("restart-" + ++restarts));
        return GitPublisher.builder(again).fleetPath("fleet").build();
    }

    @Override
    protected void arrangeRejection(ChangePublisher publisher) {
        Remotes.personCommits(world.bare, dir, GitWorld.file(GitWorld.ONE), t -> "# kept by hand\n" + t,
                "Keep eu-1 by hand");
    }

    @Override
    protected void arrangeUnreachable(ChangePublisher publisher) {
        try {
            remote = Files.move(world.bare, dir.resolve("gone.git"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
