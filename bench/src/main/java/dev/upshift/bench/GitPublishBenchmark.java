package dev.upshift.bench;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.adapters.git.GitFleetSource;
import dev.upshift.adapters.git.GitPublisher;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.file.FilePublisher;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fleet.FleetBuilder;
import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 20: publishing 200 upgrades as commits into a local bare repository with the
 * {@link GitPublisher} (fetch, the exactly-once look for the trailer, the minimal edit, commit, push
 * with a lease, one upgrade after another), against the baseline in the same run: the same edits
 * written, committed and pushed one by one with the {@code git} command line
 * ({@code git commit -am}, {@code git push}). One invocation publishes all of them into a new bare
 * repository; the time is per invocation, so a ratio of the two is a ratio per commit.
 *
 * <p>Needs {@code git} on the path. The repositories go below {@code bench/target/git-bench} unless
 * {@code -p dir=FOLDER} says otherwise.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class GitPublishBenchmark {

    /** A new bare repository holding the fleet, per invocation, and the upgrades and their edits. */
    @State(Scope.Benchmark)
    public static class Repositories {
        @Param({"200"})
        int upgrades;

        @Param({"target/git-bench"})
        String dir;

        Path root;
        TestFleet fleet;
        int round;
        Path bare;
        GitCheckout checkout;
        List<Upgrade> todo;
        List<MergeResult> changes;
        List<Edit> edits;

        /** One edit as the command line makes it: a file's new content. */
        record Edit(String file, String text, String subject) {}

        @Setup(Level.Trial)
        public void fleet() throws IOException {
            root = Files.createDirectories(Path.of(dir)).toAbsolutePath();
            FleetBuilder b = TestFleet.builder()
                    .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("KubeadmControlPlane",
                            "{spec: {version: v1.29.4}}"))
                    .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                            .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                            .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling"));
            for (int i = 0; i < upgrades; i++) {
                String id = String.format(Locale.ROOT, "c-%04d", i);
                b.cluster(id, c -> c.release("1.0.0").resources("""
                        apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                        kind: KubeadmControlPlane
                        metadata: {name: %s, namespace: fleet}
                        spec: {version: v1.29.4, replicas: 3}
                        """.formatted(id)));
            }
            fleet = b.build();
        }

        @Setup(Level.Invocation)
        public void repository() throws Exception {
            Path here = root.resolve("round-" + round++);
            bare = here.resolve("remote.git");
            git(here, "init", "-q", "--bare", "-b", "main", bare.toString());
            Path seed = here.resolve("seed");
            git(here, "clone", "-q", bare.toString(), seed.toString());
            fleet.writeTo(seed.resolve("fleet"));
            git(seed, "add", "-A");
            git(seed, "commit", "-q", "-m", "The fleet");
            git(seed, "push", "-q", "origin", "HEAD:main");
            checkout = GitCheckout.open(bare.toUri().toString(), "main", here.resolve("checkout"));
            FleetReading reading = new GitFleetSource(checkout, "fleet", Planner.standard()).read();
            todo = new ArrayList<>();
            changes = new ArrayList<>();
            for (ManagedCluster c : reading.fleet().input().clusters()) {
                todo.add(new Upgrade(c.id() + ":1.0.0..1.1.0#1", c, c.release(), Version.parse("1.1.0"),
                        Optional.of("bench")));
                changes.add(reading.fleet().change(c.id(), Version.parse("1.1.0")).flatMap(x -> x.merge()).orElseThrow());
            }
            edits = edits(here.resolve("edits"), seed);
        }

        /** The edits the file publisher makes, on a copy: what the command line then commits one by one. */
        private List<Edit> edits(Path copy, Path seed) throws IOException {
            copyTree(seed.resolve("fleet"), copy);
            FleetReading reading = new dev.upshift.core.engine.FleetReading(
                    Planner.standard().prepare(TestFleet.of(copy).input()), java.util.Map.of());
            FilePublisher files = FilePublisher.of(copy);
            List<Edit> out = new ArrayList<>();
            for (ManagedCluster c : reading.fleet().input().clusters()) {
                Upgrade u = new Upgrade(c.id() + ":1.0.0..1.1.0#1", c, c.release(), Version.parse("1.1.0"),
                        Optional.of("bench"));
                files.publish(u, reading.fleet().change(c.id(), Version.parse("1.1.0")).flatMap(x -> x.merge())
                        .orElseThrow());
                Path file = Path.of(c.location().source());
                out.add(new Edit("fleet/" + copy.relativize(file).toString().replace('\\', '/'),
                        Files.readString(file, StandardCharsets.UTF_8), "Upgrade " + c.id() + " from 1.0.0 to 1.1.0"));
            }
            return out;
        }

        @TearDown(Level.Invocation)
        public void close() {
            checkout.close();
        }

        @TearDown(Level.Trial)
        public void remove() throws IOException {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The git publisher: each upgrade one commit, pushed. */
    @Benchmark
    public int gitPublisher(Repositories r) {
        GitPublisher publisher = GitPublisher.builder(r.checkout).fleetPath("fleet").build();
        int published = 0;
        for (int i = 0; i < r.todo.size(); i++) {
            if (publisher.publish(r.todo.get(i), r.changes.get(i)) instanceof Publication.Published) {
                published++;
            }
        }
        if (published != r.todo.size()) {
            throw new IllegalStateException("published " + published + " of " + r.todo.size());
        }
        return published;
    }

    /** The baseline: the same edits, written, committed and pushed one by one with the git command line. */
    @Benchmark
    public int gitCommandLine(Repositories r) throws Exception {
        Path clone = r.bare.resolveSibling("cli");
        git(r.bare.getParent(), "clone", "-q", r.bare.toString(), clone.toString());
        for (Repositories.Edit e : r.edits) {
            Files.writeString(clone.resolve(e.file()), e.text(), StandardCharsets.UTF_8);
            git(clone, "commit", "-q", "-am", e.subject());
            git(clone, "push", "-q", "origin", "HEAD:main");
        }
        return r.edits.size();
    }

    static void git(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com",
                "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Files.createDirectories(dir);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException("git " + String.join(" ", args) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
