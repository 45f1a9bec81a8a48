package dev.upshift.adapters.postgres;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeStatus;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A small fleet for engines writing the PostgreSQL history: clusters on 19.1.0, an intent to
 * 20.1.0 (two hops, through 20.0.0), and a target that the publisher writes and the probe reads,
 * kept in a table of the database (for engines in several processes) or in memory. The target
 * checks its key: publishing an upgrade id again changes nothing, so a hop reaches it once.
 */
final class EngineWorld {
    static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");
    static final Duration STEP = Duration.ofMinutes(30);
    static final Version TARGET = Version.parse("20.1.0");

    private EngineWorld() {}

    /** Where published hops land. */
    interface Target {
        /** Records a hop under its key; false when the key was there already. */
        boolean publish(String key, String cluster, Version from, Version to, String by);

        boolean has(String key);

        /** The release each cluster runs: the newest it was moved to. */
        Map<String, Version> releases();
    }

    static PreparedFleet fleet(int clusters) {
        List<ManagedCluster> list = new ArrayList<>();
        for (int i = 0; i < clusters; i++) {
            list.add(ManagedCluster.builder(String.format(java.util.Locale.ROOT, "c%02d", i)).infrastructure("aws")
                    .release("19.1.0").label("stage", "dev").build());
        }
        ClusterUpgrade intent = ClusterUpgrade.builder("to-20.1.0").release("20.1.0")
                .matcher(ClusterMatcher.clusterIdRegex(".*")).expectedDuration(Duration.ofHours(1))
                .stage(Stage.of("all", ClusterMatcher.clusterIdRegex(".*"))).build();
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(release("19.0.0", "1.27.4"), release("19.1.0", "1.28.3"),
                release("20.0.0", "1.29.2"), release("20.1.0", "1.30.1")));
        return Planner.standard().prepare(new PlanInput(catalog, list, List.of(), List.of(intent), List.of()));
    }

    private static Release release(String version, String kubernetes) {
        return Release.builder(version).component("kubernetes", kubernetes).build();
    }

    /** An engine of this epoch: publishing writes the target; a hop succeeds once it is there and an hour has passed. */
    static Engine engine(HistoryStore history, long epoch, Target target, PreparedFleet fleet, String by) {
        return Engine.builder()
                .fleet(() -> new FleetReading(fleet, target.releases()))
                .history(history)
                .publisher((u, change) -> Publication.published(
                        (target.publish(u.id(), u.cluster().id(), u.from(), u.to(), by) ? "published " : "already published ")
                                + u.id()))
                .probe((u, now) -> target.has(u.id()) && !now.isBefore(started(history, u.cluster().id(), u.id())
                        .plus(Duration.ofHours(1))) ? UpgradeStatus.succeeded("Upgraded", "", now)
                        : UpgradeStatus.inProgress("Rolling", "", now))
                .epoch(epoch)
                .build();
    }

    private static Instant started(HistoryStore history, String cluster, String key) {
        return history.history(cluster).stream().filter(e -> e.upgradeId().equals(key) && e.step() == Step.STARTING)
                .map(HistoryEntry::at).findFirst().orElse(Instant.MAX);
    }

    /** Whether every cluster finished both hops. */
    static boolean done(List<HistoryEntry> history, int clusters) {
        return history.stream().filter(e -> e.step() == Step.FINISHED).count() == 2L * clusters;
    }

    /** The next instant to reconcile at: a step after the newest entry, so that a second engine goes on in time. */
    static Instant next(List<HistoryEntry> history) {
        return history.stream().map(HistoryEntry::at).max(Instant::compareTo).orElse(T0).plus(STEP);
    }

    /** What a history breaks of the engine's promises, written from the contract: one line each. */
    static List<String> violations(List<HistoryEntry> history, int clusters) {
        List<String> out = new ArrayList<>();
        Map<String, List<Step>> steps = new HashMap<>();
        for (int i = 0; i < history.size(); i++) {
            HistoryEntry e = history.get(i);
            List<Step> before = steps.computeIfAbsent(e.upgradeId(), k -> new ArrayList<>());
            if ((e.step() == Step.STARTING || e.step() == Step.PUBLISHED) && before.contains(e.step())) {
                out.add(e.upgradeId() + ": a second " + e.step());
            }
            if (e.step() == Step.PUBLISHED && !before.contains(Step.STARTING)) {
                out.add(e.upgradeId() + ": published without a start journaled before");
            }
            if (i > 0 && e.epoch() < history.get(i - 1).epoch()) {
                out.add("entry " + i + " of epoch " + e.epoch() + " after one of epoch " + history.get(i - 1).epoch());
            }
            before.add(e.step());
        }
        steps.forEach((key, s) -> {
            if (s.contains(Step.STARTING) && !s.contains(Step.FINISHED)) {
                out.add(key + ": started and never finished");
            }
        });
        long attempts = steps.values().stream().filter(s -> !s.contains(Step.ENROLLED)).count();
        if (attempts != 2 * clusters) {
            out.add(attempts + " attempts for " + clusters + " clusters of two hops each");
        }
        return out;
    }

    /** The target kept in memory. */
    static final class MemoryTarget implements Target {
        final Map<String, String> hops = new ConcurrentHashMap<>();
        final Map<String, Integer> calls = new ConcurrentHashMap<>();
        private final Map<String, Version> releases = new ConcurrentHashMap<>();

        @Override
        public boolean publish(String key, String cluster, Version from, Version to, String by) {
            calls.merge(cluster + " " + from + ">" + to, 1, Integer::sum);
            if (hops.putIfAbsent(key, cluster + " " + from + ">" + to) != null) {
                return false;
            }
            releases.merge(cluster, to, (a, b) -> a.compareTo(b) >= 0 ? a : b);
            return true;
        }

        @Override
        public boolean has(String key) {
            return hops.containsKey(key);
        }

        @Override
        public Map<String, Version> releases() {
            return Map.copyOf(releases);
        }
    }

    /** The target kept in a table of the database, {@code target}, for engines in several processes. */
    static final class TableTarget implements Target {
        static final String CREATE = "CREATE TABLE target (upgrade_id text PRIMARY KEY, cluster text NOT NULL,"
                + " from_release text NOT NULL, to_release text NOT NULL, by_process text NOT NULL);"
                + " CREATE TABLE publish_calls (upgrade_id text NOT NULL, by_process text NOT NULL)";
        private final String url;

        TableTarget(String url) {
            this.url = url;
        }

        @Override
        public boolean publish(String key, String cluster, Version from, Version to, String by) {
            return update("INSERT INTO publish_calls VALUES (?, ?)", key, by) >= 0
                    && update("INSERT INTO target VALUES (?, ?, ?, ?, ?) ON CONFLICT (upgrade_id) DO NOTHING", key, cluster,
                            from.toString(), to.toString(), by) == 1;
        }

        @Override
        public boolean has(String key) {
            return !query("SELECT upgrade_id FROM target WHERE upgrade_id = ?", key).isEmpty();
        }

        @Override
        public Map<String, Version> releases() {
            Map<String, Version> out = new HashMap<>();
            for (String row : query("SELECT cluster || ' ' || to_release FROM target")) {
                String[] parts = row.split(" ");
                out.merge(parts[0], Version.parse(parts[1]), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
            return out;
        }

        /** Each hop that reached the target, with how many keys it reached it under (1 when nothing was published twice). */
        Map<String, Integer> hops() {
            Map<String, Integer> out = new HashMap<>();
            query("SELECT cluster || ' ' || from_release || '>' || to_release FROM target")
                    .forEach(h -> out.merge(h, 1, Integer::sum));
            return out;
        }

        Set<String> publishers() {
            return Set.copyOf(query("SELECT DISTINCT by_process FROM target"));
        }

        private int update(String sql, String... values) {
            try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < values.length; i++) {
                    s.setString(i + 1, values[i]);
                }
                return s.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("the target: " + e.getMessage(), e);
            }
        }

        List<String> query(String sql, String... values) {
            List<String> out = new ArrayList<>();
            try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < values.length; i++) {
                    s.setString(i + 1, values[i]);
                }
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("the target: " + e.getMessage(), e);
            }
            return out;
        }
    }
}
