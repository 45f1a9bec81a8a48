package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus of hostile fleets (issue 28): each folder under {@code src/test/resources/hostile-fleets/}
 * holds a {@code fleet} (and what lies beside it), is copied to a temporary folder, gets the symbolic
 * links its {@code links.txt} names, and goes through one action; {@code expected.txt} lists each
 * case's outcome. Every case also proves that no outcome shows a value of {@code secrets.txt} and
 * that nothing outside the fleet folder changed.
 *
 * <p>Actions: {@code read} (the fleet's first error), {@code plan CLUSTER} (the cluster's first
 * reason), {@code publish CLUSTER VERSION} (what the file publisher answers, after the links that
 * {@code links.txt} marks {@code later} replace their files, as if made between planning and
 * publishing).
 */
class HostileFleetsTest {
    private static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");

    @TempDir
    Path work;

    private static Path corpus() {
        try {
            return Path.of(HostileFleetsTest.class.getResource("/hostile-fleets/expected.txt").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> corpusCases() throws IOException {
        Path corpus = corpus();
        List<String> secrets = Files.readAllLines(corpus.resolve("secrets.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        List<String> lines = Files.readAllLines(corpus.resolve("expected.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertThat(lines).hasSizeGreaterThanOrEqualTo(8);
        return lines.stream().map(line -> {
            String[] parts = line.split("\t", 3);
            return DynamicTest.dynamicTest(parts[0] + ": " + parts[1], () -> check(corpus.resolve(parts[0]), parts[1],
                    parts[2], secrets));
        });
    }

    private void check(Path source, String action, String expected, List<String> secrets) throws IOException {
        Path root = work.resolve(source.getFileName().toString());
        copy(source, root);
        List<String[]> later = links(root);
        Map<String, String> outside = outsideTheFleet(root);

        String outcome = run(root, action.split(" "), later).replace(root.toString(), "CASE");

        assertThat(outcome).isEqualTo(expected).doesNotContain(secrets);
        assertThat(outsideTheFleet(root)).as("what lies outside the fleet folder").isEqualTo(outside);
    }

    private static String run(Path root, String[] action, List<String[]> later) throws IOException {
        Path fleet = root.resolve("fleet");
        FleetContents contents = FleetFolder.of(fleet).read();
        switch (action[0]) {
            case "read":
                return contents.problems().stream().filter(Problem::isError).findFirst().map(Problem::toString)
                        .orElse("reads");
            case "plan":
                PlanEntry entry = Planner.standard().plan(PlanInput.from(contents, List.of()), NOW).entry(action[1])
                        .orElseThrow();
                return entry.state().word() + ": " + (entry.reasons().isEmpty() ? "no reason"
                        : entry.reasons().get(0).code() + " " + entry.reasons().get(0).message());
            case "publish":
                ManagedCluster cluster = contents.clusters().items().stream().filter(c -> c.id().equals(action[1]))
                        .findFirst().orElseThrow();
                Version to = Version.parse(action[2]);
                PreparedFleet prepared = Planner.standard().prepare(PlanInput.from(contents, List.of()));
                MergeResult change = prepared.change(action[1], to).orElseThrow().merge().orElseThrow();
                for (String[] link : later) {
                    Files.delete(root.resolve(link[0]));
                    Files.createSymbolicLink(root.resolve(link[0]), Path.of(link[1]));
                }
                return FilePublisher.of(fleet).publish(Upgrade.of("u", cluster, to), change).toString();
            default:
                throw new IllegalArgumentException("unknown action " + action[0]);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Makes the links of {@code links.txt} ({@code PATH -> TARGET}); returns those marked {@code later}, not made yet. */
    private static List<String[]> links(Path root) throws IOException {
        List<String[]> later = new ArrayList<>();
        Path file = root.resolve("links.txt");
        if (!Files.exists(file)) {
            return later;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            boolean isLater = line.startsWith("later ");
            String[] link = (isLater ? line.substring("later ".length()) : line).split(" -> ");
            if (isLater) {
                later.add(link);
            } else {
                Files.createDirectories(root.resolve(link[0]).getParent());
                Files.createSymbolicLink(root.resolve(link[0]), Path.of(link[1]));
            }
        }
        return later;
    }

    /** Every regular file beside the fleet folder (links not followed), with its text. */
    private static Map<String, String> outsideTheFleet(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(p -> !p.startsWith(root.resolve("fleet")) && Files.isRegularFile(p,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList()) {
                out.put(root.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
