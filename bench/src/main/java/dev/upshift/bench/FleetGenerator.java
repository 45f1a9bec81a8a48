package dev.upshift.bench;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generates a fleet for the planner's benchmarks, deterministic for a given {@link Shape}: the
 * releases ({@link FleetReleases}), maintenance schedules ({@link FleetSchedules}), upgrade
 * intents ({@link FleetUpgrades}) and clusters ({@link FleetClusters}) as YAML files of a fleet
 * folder, and the upgrade history beside them (the fleet folder has no history documents).
 *
 * <p>Layout: {@code releases/<version>.yaml}, {@code schedules/<name>.yaml},
 * {@code upgrades/<name>.yaml}, and {@code clusters/<region>/<team>.yaml}, each holding the
 * clusters of one team in one region as documents separated by {@code ---}.
 *
 * <p>History: one cluster in five has an old successful upgrade to the release it runs; of the
 * clusters an intent with an explicit target selects, about 8 % have succeeded (within the last
 * three days) and 1 % are in progress; in every sixth intent (the 4th, 10th, …) the first two dev
 * clusters have failed, which halts its first stage where that allows no more than one failure.
 *
 * <p>Releases, schedules and intents do not depend on the number of clusters (except the clusters
 * intents name by id): each part draws from its own generator.
 */
public final class FleetGenerator {
    /** The instant the generated fleet is planned at. */
    public static final Instant NOW = Instant.parse("2026-06-15T08:00:00Z");

    /**
     * What to generate.
     *
     * @param clusters how many clusters
     * @param releases how many releases, a multiple of 20 (one release line)
     * @param schedules how many maintenance schedules
     * @param upgrades how many upgrade intents
     * @param seed the seed everything is drawn from
     */
    public record Shape(int clusters, int releases, int schedules, int upgrades, long seed) {
        /** The benchmark's shape: {@code clusters}, 1,000 releases, 50 schedules and 20 intents. */
        public static Shape of(int clusters) {
            return new Shape(clusters, 1000, 50, 20, 42);
        }
    }

    /**
     * What was written.
     *
     * @param history the upgrade journal, oldest first
     * @param files how many files
     * @param bytes how many bytes of YAML
     */
    public record Written(List<HistoryEntry> history, int files, long bytes) {}

    private FleetGenerator() {}

    /** Writes the fleet into {@code root} (an empty or missing folder) and returns its history. */
    public static Written write(Shape shape, Path root) {
        long seed = shape.seed();
        FleetReleases releases = new FleetReleases(shape.releases(), LocalDate.ofInstant(NOW, ZoneOffset.UTC),
                new Random(seed));
        List<FleetClusters.Cluster> clusters = FleetClusters.generate(shape.clusters(), FleetUpgrades.teams(shape.upgrades()),
                shape.schedules(), releases, NOW, new Random(seed + 1));
        List<String> ids = clusters.stream().map(FleetClusters.Cluster::id).toList();
        List<FleetUpgrades.Intent> intents = FleetUpgrades.generate(shape.upgrades(), releases, ids, NOW, new Random(seed + 2));
        Random random = new Random(seed + 3);
        Output out = new Output(root);
        for (FleetReleases.Rel r : releases.all()) {
            out.write("releases/" + r.version() + ".yaml", releases.yaml(r));
        }
        for (int i = 0; i < shape.schedules(); i++) {
            out.write("schedules/" + FleetSchedules.name(i) + ".yaml", FleetSchedules.yaml(i, random));
        }
        for (FleetUpgrades.Intent intent : intents) {
            out.write("upgrades/" + intent.name() + ".yaml", intent.yaml());
        }
        Map<String, StringBuilder> files = new TreeMap<>();
        for (FleetClusters.Cluster c : clusters) {
            String file = "clusters/" + FleetClusters.REGIONS.get(c.region()) + "/" + FleetUpgrades.team(c.team()) + ".yaml";
            StringBuilder text = files.computeIfAbsent(file, f -> new StringBuilder());
            text.append(text.length() == 0 ? "" : "---\n").append(FleetClusters.yaml(c));
        }
        files.forEach((file, text) -> out.write(file, text.toString()));
        return new Written(history(clusters, intents, new Random(seed + 4)), out.files, out.bytes);
    }

    private static List<HistoryEntry> history(List<FleetClusters.Cluster> clusters, List<FleetUpgrades.Intent> intents,
            Random r) {
        Map<Integer, FleetUpgrades.Intent> byTeam = new TreeMap<>();
        for (FleetUpgrades.Intent intent : intents) {
            intent.teams().forEach(t -> byTeam.put(t, intent));
        }
        List<HistoryEntry> out = new ArrayList<>();
        Map<String, Integer> failed = new TreeMap<>();
        for (FleetClusters.Cluster c : clusters) {
            Version running = Version.parse(c.release().version());
            if (r.nextInt(5) == 0 && c.release().patch() > 0) {
                Version before = Version.parse(FleetReleases.major(c.release().line()) + "."
                        + FleetReleases.minor(c.release().line()) + ".0");
                out.add(entry(NOW.minus(Duration.ofDays(30 + r.nextInt(300))), c, before, running, Optional.empty(),
                        UpgradeState.SUCCEEDED));
            }
            FleetUpgrades.Intent intent = byTeam.get(c.team());
            if (intent == null || intent.explicit().isEmpty()) {
                continue;
            }
            Version target = Version.parse(intent.explicit().get().version());
            if (!target.isNewerThan(running)) {
                continue;
            }
            int p = r.nextInt(100);
            if (c.stage() == 0 && intent.index() % 6 == 3 && failed.merge(intent.name(), 1, Integer::sum) <= 2) {
                out.add(entry(NOW.minus(Duration.ofHours(2 + r.nextInt(48))), c, running, target, Optional.of(intent.name()),
                        UpgradeState.FAILED));
            } else if (p < 9) {
                out.add(entry(NOW.minus(Duration.ofMinutes(30 + r.nextInt(72 * 60))), c, running, target,
                        Optional.of(intent.name()), p < 8 ? UpgradeState.SUCCEEDED : UpgradeState.IN_PROGRESS));
            }
        }
        out.sort((a, b) -> a.at().compareTo(b.at()));
        return List.copyOf(out);
    }

    private static HistoryEntry entry(Instant at, FleetClusters.Cluster c, Version from, Version to, Optional<String> intent,
            UpgradeState state) {
        String message = state == UpgradeState.FAILED ? "machine deployment md-0 did not become ready" : "";
        return new HistoryEntry(at, c.id(), c.id() + "/" + to, from, to, intent, state, message, List.of());
    }

    private static final class Output {
        private final Path root;
        int files;
        long bytes;

        Output(Path root) {
            this.root = root;
        }

        void write(String relative, String text) {
            Path file = root.resolve(relative);
            byte[] content = text.getBytes(StandardCharsets.UTF_8);
            try {
                Files.createDirectories(file.getParent());
                Files.write(file, content);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            files++;
            bytes += content.length;
        }
    }
}
