package dev.upshift.examples.cli;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.adapters.git.GitPublisher;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.Planner;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * {@code upshift demo --git}: the demo fleet in a fresh local GitOps repository (a bare repository in
 * the temporary folder), and its first wave published by the engine as one commit per upgrade, then
 * what {@code git log --oneline} and {@code git show --stat} say of them. Commits are dated at the
 * demo's instant, so that the commit ids are the same on every run.
 */
final class DemoGit {
    private DemoGit() {}

    static int run(Path demoFleet, Instant at, PrintWriter out) {
        Path root = DemoFolder.create();
        Path bare = root.resolve("fleet.git");
        Clock clock = Clock.fixed(at, ZoneOffset.UTC);
        try {
            delete(root);
            seed(demoFleet, root, bare, at);
        } catch (IOException | GitAPIException e) {
            throw new UncheckedIOException("cannot make the demo's git repository in " + root + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
        Path state = root.resolve("state");
        GitCheckout checkout = GitCheckout.open(bare.toUri().toString(), "main", state.resolve("checkout"));
        checkout.sync();
        GitPublisher publisher = GitPublisher.builder(checkout).fleetPath("fleet")
                .author("Upshift demo", "demo@upshift.invalid").clock(clock).build();
        out.println("The demo fleet committed into a fresh GitOps repository, " + bare + " (main at "
                + checkout.syncedCommit().orElseThrow().substring(0, 10) + ").");
        out.println("The engine's first reconcile at " + at + " publishes its first wave, one commit per upgrade:");
        List<HistoryEntry> published;
        try (EngineSetup setup = EngineSetup.open(checkout.workTree().resolve("fleet"), state, Planner.standard(), true, 0,
                0.0, false, "upshift demo --git", Optional.empty(), Optional.of(() -> new EngineSetup.Git(checkout, publisher)))) {
            Reconciliation r = setup.engine.reconcile(at);
            published = r.recorded().stream().filter(e -> e.step() == HistoryEntry.Step.PUBLISHED).toList();
            published.forEach(e -> out.println("  " + RunCommand.line(e)));
            r.faults().forEach(f -> out.println("  fault: " + f));
        }
        out.println();
        out.println("$ git -C " + bare + " log --oneline");
        out.print(git(bare, "log", "--oneline", "main"));
        out.println();
        out.println("$ git -C " + bare + " show --stat HEAD");
        out.print(git(bare, "show", "--stat", "main"));
        out.println();
        out.println("Clone it to look around: git clone " + bare);
        out.flush();
        return published.isEmpty() ? Main.PROBLEM : Main.OK;
    }

    private static void seed(Path demoFleet, Path root, Path bare, Instant at) throws IOException, GitAPIException {
        Files.createDirectories(root);
        Git.init().setBare(true).setInitialBranch("main").setDirectory(bare.toFile()).call().close();
        Path seed = root.resolve("seed");
        try (Git git = Git.cloneRepository().setURI(bare.toUri().toString()).setDirectory(seed.toFile()).call()) {
            copy(demoFleet, seed.resolve("fleet"));
            git.add().addFilepattern("fleet").call();
            PersonIdent who = new PersonIdent("Platform team", "platform@example.com", at, ZoneOffset.UTC);
            git.commit().setMessage("The demo fleet\n").setAuthor(who).setCommitter(who).setSign(false).call();
            git.push().setRemote("origin").add("HEAD:refs/heads/main").call();
        }
        delete(seed);
    }

    /** What the git command line says, or why it could not be asked. */
    private static String git(Path repository, String... args) {
        try {
            Process p = new ProcessBuilder(Stream.concat(Stream.of("git", "-C", repository.toString(), "--no-pager"),
                    Stream.of(args)).toList()).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return output;
        } catch (IOException e) {
            return "(the git command line is not installed here: " + e.getMessage() + ")\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)\n";
        }
    }

    private static void copy(Path source, Path target) throws IOException {
        try (Stream<Path> all = Files.walk(source)) {
            for (Path p : all.toList()) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
    }

    private static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> old = Files.walk(folder)) {
            for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
