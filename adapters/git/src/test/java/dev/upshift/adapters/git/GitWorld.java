package dev.upshift.adapters.git;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fleet.TestFleet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A bare repository over {@code file://} holding a fleet of two clusters on 1.0.0 (one file each,
 * {@code fleet/clusters/<id>.yaml}, resources inline) and a release 1.1.0 that moves their control
 * plane's version; a checkout of it, and the fleet read from it.
 */
final class GitWorld implements AutoCloseable {
    static final String ONE = "eu-1";
    static final String TWO = "us-1";

    final Path dir;
    final Path bare;
    final GitCheckout checkout;
    final GitFleetSource source;

    GitWorld(Path dir) {
        this(dir, Remotes.bareWithFleet(dir, fleet()));
    }

    /** The same world, its first commit holding more files (a {@code .gitattributes}). */
    static GitWorld withFiles(Path dir, java.util.Map<String, String> files) {
        return new GitWorld(dir, Remotes.bareWithFleet(dir, fleet(), files));
    }

    private GitWorld(Path dir, Path bare) {
        this.dir = dir;
        this.bare = bare;
        this.checkout = GitCheckout.open(Remotes.url(bare), "main", dir.resolve("checkout"));
        this.source = new GitFleetSource(checkout, "fleet", Planner.standard());
    }

    static TestFleet fleet() {
        return TestFleet.builder()
                .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}"))
                .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                        .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                        .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling"))
                .cluster(ONE, c -> c.release("1.0.0").label("stage", "test").resources(controlPlane(ONE)))
                .cluster(TWO, c -> c.release("1.0.0").label("stage", "prod").resources(controlPlane(TWO)))
                .upgrade("to-1.1", u -> u.release("1.1.0").matchCluster(ONE).matchCluster(TWO)
                        .expectedDuration(Duration.ofHours(1)))
                .build();
    }

    private static String controlPlane(String id) {
        return """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                kind: KubeadmControlPlane
                metadata: {name: %s, namespace: fleet}
                spec: {version: v1.29.4, replicas: 3}
                """.formatted(id);
    }

    /** The file of a cluster, relative to the repository's root. */
    static String file(String cluster) {
        return "fleet/clusters/" + cluster + ".yaml";
    }

    /** The upgrade of a cluster to 1.1.0 and its change, planned from the fleet read now. */
    Publishable upgrade(String cluster) {
        return upgrade(source, cluster);
    }

    /** The upgrade of a cluster to 1.1.0 and its change, planned from the fleet the source reads now. */
    static Publishable upgrade(GitFleetSource source, String cluster) {
        FleetReading reading = source.read();
        ManagedCluster c = reading.fleet().input().clusters().stream().filter(x -> x.id().equals(cluster))
                .findFirst().orElseThrow();
        MergeResult change = reading.fleet().change(cluster, Version.parse("1.1.0")).flatMap(x -> x.merge())
                .orElseThrow();
        return new Publishable(new Upgrade(cluster + ":1.0.0..1.1.0#1", c, c.release(), Version.parse("1.1.0"),
                Optional.of("to-1.1")), change);
    }

    record Publishable(Upgrade upgrade, MergeResult change) {}

    /** {@code git log} of the remote's main, one line a commit, newest first. */
    String log() {
        return GitCli.run(bare, "log", "--format=%H %s", "main");
    }

    int commits(String ref) {
        return Integer.parseInt(GitCli.run(bare, "rev-list", "--count", ref).strip());
    }

    @Override
    public void close() {
        checkout.close();
    }
}
