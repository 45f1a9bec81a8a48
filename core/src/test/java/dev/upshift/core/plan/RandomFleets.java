package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.controlPlane;
import static dev.upshift.core.plan.Fixtures.controlPlaneDefaults;
import static dev.upshift.core.plan.Fixtures.exclusion;
import static dev.upshift.core.plan.Fixtures.window;

import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random fleets from a seed, for property tests: releases with defaults, schedules with exclusions,
 * staged upgrades that report or repair drift, clusters whose control plane drifted, history.
 */
final class RandomFleets {
    static final String[] STAGES = {"dev", "staging", "prod"};
    private static final String[] KUBERNETES = {"1.27.4", "1.28.3", "1.28.9", "1.29.2", "1.30.1", "1.31.0"};
    private static final String[] VERSIONS = {"19.0.0", "19.1.0", "19.2.0", "20.0.0", "20.1.0", "21.0.0"};

    private RandomFleets() {}

    /** A generated fleet and the instant to plan it at. */
    record Generated(PlanInput input, Instant now) {}

    static ReleaseCatalog catalog() {
        FieldRules rules = FieldRules.of(
                FieldRule.forPath("spec.version").kind("KubeadmControlPlane").onConflict(OnConflict.OVERWRITE)
                        .impact(Impact.ROLLING).build(),
                FieldRule.forPath("spec.replicas").kind("KubeadmControlPlane").impact(Impact.IN_PLACE).build());
        List<Release> out = new ArrayList<>();
        for (int i = 0; i < VERSIONS.length; i++) {
            var spec = JSON.objectNode().put("version", "v" + KUBERNETES[i]).put("replicas", i < 3 ? 3 : 5);
            out.add(Release.builder(VERSIONS[i]).component("kubernetes", KUBERNETES[i]).channel("stable")
                    .defaults(controlPlaneDefaults(spec)).fieldRules(rules).build());
        }
        return ReleaseCatalog.of(out);
    }

    static List<MaintenanceSchedule> schedules() {
        MaintenanceSchedule nights = Fixtures.daily("nights", 22, 4);
        MaintenanceSchedule weekdays = Fixtures.schedule("weekdays", List.of(window("day", LocalDateTime.of(2026, 1, 5, 8, 0),
                Duration.ofHours(9), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;WKST=MO")), List.of(exclusion("month-start",
                LocalDateTime.of(2026, 1, 1, 0, 0), Duration.ofDays(5), "FREQ=MONTHLY", ExclusionScope.NO_MINOR_UPGRADES)));
        MaintenanceSchedule quiet = Fixtures.schedule("quiet", List.of(window("evening", LocalDateTime.of(2026, 1, 1, 18, 0),
                Duration.ofHours(3), "FREQ=DAILY")), List.of(
                exclusion("weekend", LocalDateTime.of(2026, 1, 3, 0, 0), Duration.ofDays(2), "FREQ=WEEKLY;WKST=MO",
                        ExclusionScope.NO_UPGRADES),
                exclusion("no-nodes", LocalDateTime.of(2026, 3, 12, 0, 0), Duration.ofDays(9), null,
                        ExclusionScope.NO_MINOR_OR_NODE_UPGRADES)));
        return List.of(nights, weekdays, quiet);
    }

    static Generated generate(long seed) {
        Random r = new Random(seed);
        // drift draws from a stream of its own, so that every other part of a seed's fleet stays as it was
        Random drift = new Random(~seed);
        Instant now = Fixtures.NOW.plus(Duration.ofMinutes(r.nextInt(60 * 24 * 20)));
        int n = 1 + r.nextInt(24);
        List<ManagedCluster> clusters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            clusters.add(drifted(cluster(r, "c" + i, now), drift));
        }
        List<ClusterUpgrade> upgrades = new ArrayList<>();
        int u = r.nextInt(3);
        for (int i = 0; i < u; i++) {
            ClusterUpgrade next = upgrade(r, "u" + i, now);
            if (i > 0 && r.nextBoolean()) {
                next = next.toBuilder().target(upgrades.get(0).target()).build();
            }
            upgrades.add(next.toBuilder().drift(drift.nextBoolean() ? DriftPolicy.REPAIR : DriftPolicy.REPORT).build());
        }
        List<HistoryEntry> history = new ArrayList<>();
        for (ManagedCluster c : clusters) {
            if (r.nextInt(3) == 0) {
                String to = !upgrades.isEmpty() && r.nextInt(4) > 0
                        ? upgrades.get(r.nextInt(upgrades.size())).target().toString() : VERSIONS[2 + r.nextInt(4)];
                if (!dev.upshift.release.Version.parse(to).isOlderThan(c.release())) {
                    UpgradeState s = List.of(UpgradeState.SUCCEEDED, UpgradeState.SUCCEEDED, UpgradeState.FAILED,
                            UpgradeState.IN_PROGRESS).get(r.nextInt(4));
                    history.add(Fixtures.history(now.minus(Duration.ofHours(1 + r.nextInt(72))), c.id(),
                            c.release().toString(), to, s));
                }
            }
        }
        return new Generated(new PlanInput(catalog(), clusters, schedules(), upgrades, history), now);
    }

    /**
     * The seed's fleet made for drift repairs: at least one upgrade; every upgrade repairs drift,
     * has stages and goes to 19.2.0 or 20.0.0, so that many clusters are at or past their target;
     * three clusters with resources in four drifted, half of them a minor away; planned twenty days
     * later than the seed's fleet, around a month's start.
     */
    static Generated repairing(long seed) {
        Generated g = generate(seed);
        Random r = new Random(seed * 31 + 7);
        List<ManagedCluster> clusters = g.input().clusters().stream()
                .map(c -> c.resources().isEmpty() || r.nextInt(4) == 0 ? c : drift(c, r)).toList();
        List<ClusterUpgrade> upgrades = new ArrayList<>(g.input().upgrades());
        if (upgrades.isEmpty()) {
            upgrades.add(upgrade(r, "u0", g.now()));
        }
        upgrades.replaceAll(u -> staged(u.toBuilder().drift(DriftPolicy.REPAIR).release(VERSIONS[2 + r.nextInt(2)]), r));
        PlanInput in = g.input();
        // planned from 2026-03-30 to 2026-04-19, so that weekdays' month-start exclusion (of minor upgrades) often holds
        return new Generated(new PlanInput(in.catalog(), clusters, in.schedules(), upgrades, in.history()),
                g.now().plus(Duration.ofDays(20)));
    }

    /** The upgrade built, with the three stages when it names none (no soak, a random concurrency). */
    private static ClusterUpgrade staged(ClusterUpgrade.Builder b, Random r) {
        if (b.build().stages().isEmpty()) {
            for (String s : STAGES) {
                b.stage(Stage.of(s, ClusterMatcher.label("stage", s)).withMaxConcurrent(MaxConcurrent.clusters(1 + r.nextInt(3))));
            }
        }
        return b.build();
    }

    static ManagedCluster cluster(Random r, String id, Instant now) {
        int release = r.nextInt(4);
        ManagedCluster.Builder b = Fixtures.cluster(id, VERSIONS[release]).label("stage", STAGES[r.nextInt(3)]);
        switch (r.nextInt(4)) {
            case 0 -> b.schedule("nights");
            case 1 -> b.schedule("weekdays");
            case 2 -> b.schedule("quiet");
            default -> { }
        }
        if (r.nextInt(4) == 0) {
            b.freeze(new Freeze(now.plus(Duration.ofHours(r.nextInt(24 * 10) - 24)), "freeze " + id));
        }
        if (r.nextBoolean()) {
            int replicas = r.nextInt(5) == 0 ? 4 : release < 3 ? 3 : 5;
            b.resources(Fixtures.documents(controlPlane(id, "v" + KUBERNETES[release], replicas)));
            if (r.nextInt(4) == 0) {
                b.values(controlPlaneDefaults(JSON.objectNode().put("replicas", 4 + r.nextInt(2))));
            }
        }
        return b.build();
    }

    /**
     * The cluster, its control plane's {@code spec.version} (which its release owns) edited by hand
     * one time in four: a patch or a minor away from the release's Kubernetes, up or down.
     */
    static ManagedCluster drifted(ManagedCluster c, Random r) {
        if (c.resources().isEmpty() || r.nextInt(4) != 0) {
            return c;
        }
        return drift(c, r);
    }

    /** The cluster with resources, its control plane's {@code spec.version} a patch or a minor away from its release's. */
    private static ManagedCluster drift(ManagedCluster c, Random r) {
        int release = List.of(VERSIONS).indexOf(c.release().toString());
        dev.upshift.release.Version k = dev.upshift.release.Version.parse(KUBERNETES[release]);
        String version = switch (r.nextInt(4)) {
            case 0 -> k.major() + "." + k.minor() + "." + (k.patch() + 1 + r.nextInt(5));
            case 1 -> k.major() + "." + (k.minor() + 1) + ".0";
            case 2 -> k.major() + "." + (k.minor() - 1) + "." + r.nextInt(9);
            default -> k.major() + "." + k.minor() + "." + (k.patch() == 0 ? 1 : k.patch() - 1);
        };
        var doc = c.resources().documents().get(0).tree().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.get("spec")).put("version", "v" + version);
        return c.toBuilder().resources(Fixtures.documents(doc)).build();
    }

    static ClusterUpgrade upgrade(Random r, String name, Instant now) {
        List<String> stages = new ArrayList<>(List.of(STAGES));
        Collections.shuffle(stages, r);
        int selected = 1 + r.nextInt(3);
        String regex = String.join("|", stages.subList(0, selected));
        ClusterUpgrade.Builder b = ClusterUpgrade.builder(name).matcher(ClusterMatcher.labelRegex("stage", regex))
                .release(VERSIONS[2 + r.nextInt(4)]).expectedDuration(Duration.ofMinutes(30 + r.nextInt(6 * 60)))
                .windowPolicy(WindowPolicy.values()[r.nextInt(3)]);
        if (r.nextBoolean()) {
            b.startTime(now.plus(Duration.ofHours(r.nextInt(96) - 24)));
        }
        if (r.nextBoolean()) {
            for (String s : List.of(STAGES)) {
                Stage stage = Stage.of(s, ClusterMatcher.label("stage", s))
                        .withSoak(Duration.ofHours(r.nextInt(3) * 12)).withMaxFailures(r.nextInt(2));
                stage = switch (r.nextInt(3)) {
                    case 0 -> stage.withMaxConcurrent(MaxConcurrent.clusters(1 + r.nextInt(3)));
                    case 1 -> stage.withMaxConcurrent(MaxConcurrent.percent(1 + r.nextInt(100)));
                    default -> stage;
                };
                b.stage(stage);
            }
        }
        return b.build();
    }

    /** The same input with every list shuffled. */
    static PlanInput shuffled(PlanInput in, long seed) {
        Random r = new Random(seed);
        List<ManagedCluster> c = new ArrayList<>(in.clusters());
        List<MaintenanceSchedule> s = new ArrayList<>(in.schedules());
        List<ClusterUpgrade> u = new ArrayList<>(in.upgrades());
        List<HistoryEntry> h = new ArrayList<>(in.history());
        Collections.shuffle(h, r);
        Collections.shuffle(c, r);
        Collections.shuffle(s, r);
        Collections.shuffle(u, r);
        return new PlanInput(in.catalog(), c, s, u, h, in.problems());
    }
}
