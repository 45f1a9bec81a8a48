package dev.upshift.core.plan;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.kind.Metadata;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.MaintenanceExclusion;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.MaintenanceWindow;
import dev.upshift.schedule.Origin;
import dev.upshift.schedule.Recurrence;
import dev.upshift.schedule.RecurringSpan;
import dev.upshift.schedule.SpanLength;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Small builders for planner tests: a catalog, clusters, schedules, upgrades and history in a line each. */
final class Fixtures {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** A Tuesday, 10:00 UTC. */
    static final Instant NOW = Instant.parse("2026-03-10T10:00:00Z");

    private Fixtures() {}

    static Instant t(String text) {
        return Instant.parse(text);
    }

    static Release release(String version, String kubernetes) {
        return Release.builder(version).component("kubernetes", kubernetes).component("etcd", "3.5.12").build();
    }

    /**
     * 19.0.0 (k8s 1.27), 19.1.0 (1.28), 19.2.0 (1.28 patch), 20.0.0 (1.29), 20.1.0 (1.30), 21.0.0 (1.31).
     * Under Kubernetes' skew a path moves one minor per hop: 19.1.0 → 20.1.0 goes through 20.0.0.
     */
    static List<Release> releases() {
        return List.of(release("19.0.0", "1.27.4"), release("19.1.0", "1.28.3"), release("19.2.0", "1.28.9"),
                release("20.0.0", "1.29.2"), release("20.1.0", "1.30.1"), release("21.0.0", "1.31.0"));
    }

    static ReleaseCatalog catalog() {
        return ReleaseCatalog.of(releases());
    }

    static ReleaseCatalog catalog(List<Release> releases) {
        return ReleaseCatalog.of(releases);
    }

    static ManagedCluster.Builder cluster(String id, String release) {
        return ManagedCluster.builder(id).infrastructure("aws").release(release);
    }

    static ClusterUpgrade.Builder upgrade(String name, String release, ClusterMatcher... matchers) {
        return ClusterUpgrade.builder(name).release(release).matchers(List.of(matchers));
    }

    /** A schedule with one window a day, {@code hours} long from {@code startHour}:00 UTC, from 2026-01-01. */
    static MaintenanceSchedule daily(String name, int startHour, int hours) {
        return schedule(name, List.of(window("nightly", LocalDateTime.of(2026, 1, 1, startHour, 0), Duration.ofHours(hours),
                "FREQ=DAILY")), List.of());
    }

    static MaintenanceWindow window(String name, LocalDateTime start, Duration length, String rule) {
        return new MaintenanceWindow(name, span(start, length, rule), Origin.of("test", "spec.maintenanceWindows"));
    }

    static MaintenanceExclusion exclusion(String name, LocalDateTime start, Duration length, String rule,
            ExclusionScope scope) {
        return new MaintenanceExclusion(name, span(start, length, rule), scope, Origin.of("test", "spec.maintenanceExclusions"));
    }

    static RecurringSpan span(LocalDateTime start, Duration length, String rule) {
        return RecurringSpan.of(start, ZoneOffset.UTC, SpanLength.elapsed(length),
                rule == null ? Optional.empty() : Optional.of(Recurrence.parse(rule)));
    }

    static MaintenanceSchedule schedule(String name, List<MaintenanceWindow> windows, List<MaintenanceExclusion> exclusions) {
        return new MaintenanceSchedule(Metadata.named(name), ZoneOffset.UTC, windows, exclusions, Origin.of(name + ".yaml", "spec"));
    }

    static MaintenanceSchedule withExclusion(MaintenanceSchedule s, MaintenanceExclusion e) {
        List<MaintenanceExclusion> all = new ArrayList<>(s.exclusions());
        all.add(e);
        return new MaintenanceSchedule(s.metadata(), s.timeZone(), s.windows(), all, s.origin());
    }

    static HistoryEntry history(Instant at, String cluster, String from, String to, UpgradeState state) {
        return new HistoryEntry(at, cluster, cluster + ":" + from + "->" + to, Version.parse(from), Version.parse(to),
                Optional.empty(), state, "", List.of());
    }

    static PlanInput input(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, List<HistoryEntry> history) {
        return new PlanInput(catalog(), clusters, schedules, upgrades, history);
    }

    static Plan plan(List<ManagedCluster> clusters, List<ClusterUpgrade> upgrades) {
        return Planner.standard().plan(input(clusters, List.of(), upgrades, List.of()), NOW);
    }

    static ClusterMatcher all() {
        return ClusterMatcher.clusterIdRegex(".*");
    }

    /** A KubeadmControlPlane document. */
    static ObjectNode controlPlane(String name, String version, int replicas) {
        ObjectNode doc = JSON.objectNode();
        doc.put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1");
        doc.put("kind", "KubeadmControlPlane");
        doc.putObject("metadata").put("name", name).put("namespace", "fleet");
        doc.putObject("spec").put("version", version).put("replicas", replicas);
        return doc;
    }

    static DocumentSet documents(ObjectNode... trees) {
        return DocumentSet.of(trees);
    }

    /** Defaults that set {@code spec} fields of every KubeadmControlPlane. */
    static DocumentDefaults controlPlaneDefaults(ObjectNode spec) {
        ObjectNode values = JSON.objectNode();
        values.set("spec", spec);
        return DocumentDefaults.of(List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)));
    }
}
