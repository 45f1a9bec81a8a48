package dev.upshift.core.engine;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.fake.FakeHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * An in-memory world for engine tests: a catalog (19.0.0 on Kubernetes 1.27 up to 20.1.0 on 1.30,
 * so 19.1.0 → 20.1.0 takes two hops), clusters with no schedule, one upgrade intent, and the fakes.
 */
final class World {
    static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");

    final List<ManagedCluster> clusters = new ArrayList<>();
    final List<MaintenanceSchedule> schedules = new ArrayList<>();
    final FakeHistory history = new FakeHistory();
    final MemoryPublisher publisher = new MemoryPublisher();
    final List<UpgradeEvent> events = new ArrayList<>();
    final Map<String, Integer> probes = new HashMap<>();
    ClusterUpgrade intent;
    BiFunction<Upgrade, Instant, UpgradeStatus> answers = (u, now) -> UpgradeStatus.inProgress("Rolling", "", now);
    /** The catalog the fleet is planned with; {@link #catalog()} unless a test sets another. */
    ReleaseCatalog releases = catalog();
    private PreparedFleet prepared;

    static Release release(String version, String kubernetes) {
        return Release.builder(version).component("kubernetes", kubernetes).build();
    }

    static ReleaseCatalog catalog() {
        return ReleaseCatalog.of(List.of(release("19.0.0", "1.27.4"), release("19.1.0", "1.28.3"),
                release("20.0.0", "1.29.2"), release("20.1.0", "1.30.1")));
    }

    World cluster(String id, String release) {
        clusters.add(ManagedCluster.builder(id).infrastructure("aws").release(release).label("stage", "dev").build());
        prepared = null;
        return this;
    }

    /** A cluster whose upgrades wait for a schedule's windows. */
    World cluster(String id, String release, MaintenanceSchedule schedule) {
        clusters.add(ManagedCluster.builder(id).infrastructure("aws").release(release).label("stage", "dev")
                .schedule(schedule.name()).build());
        if (schedules.stream().noneMatch(s -> s.name().equals(schedule.name()))) {
            schedules.add(schedule);
        }
        prepared = null;
        return this;
    }

    /** A schedule of one daily window, {@code hours} long from {@code start} (HH:mm), in UTC. */
    static MaintenanceSchedule daily(String name, String start, int hours) {
        String yaml = "apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\nmetadata: {name: " + name
                + "}\nspec:\n  timeZone: UTC\n  maintenanceWindows:\n    - name: w\n      startTime: 2026-01-01T" + start
                + ":00\n      duration: " + hours + "h\n      recurrence: FREQ=DAILY\n";
        Problems problems = new Problems();
        MaintenanceSchedule s = MaintenanceSchedule.KIND.read(DocumentLoader.create().load(name + ".yaml", yaml).get(0),
                problems).orElse(null);
        if (s == null || problems.hasErrors()) {
            throw new AssertionError("invalid test schedule: " + problems.all());
        }
        return s;
    }

    /** A cluster with labels, read from {@code key=value} pairs. */
    World cluster(String id, String release, String... labels) {
        ManagedCluster.Builder b = ManagedCluster.builder(id).infrastructure("aws").release(release);
        for (String l : labels) {
            b.label(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
        }
        clusters.add(b.build());
        prepared = null;
        return this;
    }

    /** The fleet without a cluster, from the next fleet read on. */
    World remove(String id) {
        clusters.removeIf(c -> c.id().equals(id));
        prepared = null;
        return this;
    }

    /** A cluster's label set to another value, from the next fleet read on. */
    World relabel(String id, String key, String value) {
        clusters.replaceAll(c -> c.id().equals(id) ? c.toBuilder().label(key, value).build() : c);
        prepared = null;
        return this;
    }

    World intent(ClusterUpgrade.Builder b) {
        intent = b.build();
        prepared = null;
        return this;
    }

    static ClusterUpgrade.Builder upgradeTo(String release) {
        return ClusterUpgrade.builder("to-" + release).release(release).matcher(ClusterMatcher.clusterIdRegex(".*"))
                .expectedDuration(Duration.ofHours(1));
    }

    /** Every probe succeeds once the upgrade has run for {@code after}. */
    World succeedAfter(Duration after) {
        answers = (u, now) -> {
            Instant start = startOf(u.id());
            return now.isBefore(start.plus(after)) ? UpgradeStatus.inProgress("Rolling", "", now)
                    : UpgradeStatus.succeeded("Upgraded", "", now);
        };
        return this;
    }

    Instant startOf(String upgradeId) {
        return history.all().stream().filter(e -> e.upgradeId().equals(upgradeId)
                && e.step() == HistoryEntry.Step.STARTING).map(HistoryEntry::at).findFirst().orElseThrow();
    }

    PreparedFleet fleet() {
        if (prepared == null) {
            PlanInput input = new PlanInput(releases, clusters, schedules, intent == null ? List.of() : List.of(intent),
                    List.of());
            prepared = Planner.standard().prepare(input);
        }
        return prepared;
    }

    StatusProbe probe() {
        return (u, now) -> {
            probes.merge(u.id(), 1, Integer::sum);
            return answers.apply(u, now);
        };
    }

    Engine.Builder engine() {
        return Engine.builder()
                .fleet(() -> new FleetReading(fleet(), publisher.releases))
                .history(history)
                .publisher(publisher)
                .probe(probe())
                .events(events::add);
    }

    Version release(String cluster) {
        return publisher.releases.getOrDefault(cluster,
                clusters.stream().filter(c -> c.id().equals(cluster)).findFirst().orElseThrow().release());
    }

    List<String> steps(String cluster) {
        return history.history(cluster).stream().map(e -> e.step().word() + " " + e.from() + ">" + e.to()).toList();
    }
}
