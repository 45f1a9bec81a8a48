package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.present.HtmlReport;
import dev.upshift.core.select.ConflictingUpgrades;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.core.select.ResolvedTarget;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.release.Cut;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.ScheduleIndex;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The demo fleet (examples/fleet, packaged as the CLI's demo) holds what its README promises at
 * {@link DemoFleet#INSTANT}, checked with the parts the planner is built from: selection, targets,
 * paths, the three-way merge, schedules and freezes.
 */
class DemoFleetTest {
    private static final FleetContents FLEET = FleetFolder.of(DemoFleet.root()).read();
    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(FLEET.releases().items());
    private static final FleetSelection SELECTION =
            FleetSelection.of(FLEET.clusters().items(), FLEET.upgrades().items(), CATALOG);
    private static final Instant NOW = DemoFleet.INSTANT;

    private static ManagedCluster cluster(String id) {
        return FLEET.clusters().items().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static Release release(ManagedCluster c) {
        return CATALOG.get(c.release()).orElseThrow();
    }

    /** The release each selected cluster is taken to, by every upgrade that selects it. */
    private static Map<String, List<Release>> targets() {
        Map<String, List<Release>> out = new TreeMap<>();
        for (UpgradeSelection u : SELECTION.upgrades()) {
            Release to = ((ResolvedTarget.Found) u.target()).release();
            u.clusters().forEach(c -> out.computeIfAbsent(c.id(), k -> new java.util.ArrayList<>()).add(to));
        }
        return out;
    }

    private static MergeResult merge(ManagedCluster c, Release to) {
        return ThreeWayMerge.withRules(to.fieldRules()).merge(release(c).defaults().applyTo(c.resources()), c.resources(),
                to.defaults().applyTo(c.resources()));
    }

    @Test
    @DisplayName("22 clusters on three infrastructures across dev, staging and prod, kept as clusters/<stage>/<name>.yaml")
    void aBelievableFleet() throws Exception {
        assertThat(FLEET.problems()).isEmpty();
        List<ManagedCluster> clusters = FLEET.clusters().items();
        assertThat(clusters).hasSize(22);
        Map<String, Long> perInfrastructure = clusters.stream()
                .collect(Collectors.groupingBy(ManagedCluster::infrastructure, TreeMap::new, Collectors.counting()));
        assertThat(perInfrastructure).isEqualTo(Map.of("aws", 12L, "azure", 6L, "vsphere", 4L));
        assertThat(clusters).extracting(c -> c.labels().get("stage")).containsOnly("dev", "staging", "prod");
        for (ManagedCluster c : clusters) {
            assertThat(c.location().source()).as(c.id())
                    .endsWith("clusters/" + c.labels().get("stage") + "/" + c.id() + ".yaml");
        }
        assertThat(clusters.stream().filter(c -> !c.resources().documents().isEmpty())).hasSize(20);
        try (Stream<Path> folders = Files.list(DemoFleet.root().resolve("clusters/prod"))) {
            assertThat(folders.filter(Files::isDirectory).count()).as("resourcesFrom folders of prod").isEqualTo(10);
        }
        assertThat(FLEET.schedules().items()).hasSize(3);
        assertThat(FLEET.upgrades().items()).extracting(ClusterUpgrade::name)
                .containsExactlyInAnyOrder("fleet-to-20.1", "data-follows-stable");
        assertThat(SELECTION.upgrades()).allSatisfy(u -> {
            assertThat(u.unstaged()).as(u.name()).isEmpty();
            assertThat(u.overlaps()).as(u.name()).isEmpty();
            assertThat(u.stages()).as(u.name()).hasSizeGreaterThan(1);
        });
        assertThat(targets()).as("every cluster is selected").hasSize(22);
    }

    @Test
    @DisplayName("one cluster is selected by both upgrades, which take it to different releases")
    void conflictingUpgrades() {
        assertThat(SELECTION.conflicts()).extracting(ConflictingUpgrades::message).containsExactly(
                "upgrades data-follows-stable (to 20.1.1) and fleet-to-20.1 (to 20.1.0) select prod-eu-payments-2"
                        + " with different targets");
    }

    @Test
    @DisplayName("two clusters are at their target already; one is ahead of it, with no path back")
    void upToDateAndNoPath() {
        Map<String, List<Release>> targets = targets();
        assertThat(targets.entrySet().stream().filter(e -> e.getValue().size() == 1
                && e.getValue().get(0).version().equals(cluster(e.getKey()).release())).map(Map.Entry::getKey))
                .containsExactly("dev-eu-platform-1", "prod-us-data-3");
        UpgradeGraph graph = UpgradeGraph.build(CATALOG);
        Map<String, PathResult> paths = new TreeMap<>();
        targets.forEach((id, to) -> paths.put(id, graph.path(cluster(id).release(), to.get(0).version())));
        assertThat(paths.entrySet().stream().filter(e -> e.getValue() instanceof NoPath).map(Map.Entry::getKey))
                .containsExactly("prod-eu-billing-1", "prod-eu-edge-1");
        assertThat(((NoPath) paths.get("prod-eu-edge-1")).rule()).contains(Cut.Rule.NOT_NEWER);
        assertThat(((UpgradePath) paths.get("staging-fra-logistics-1")).hops()).hasSize(2);
    }

    @Test
    @DisplayName("one cluster at its release has drifted: its control plane's version, which its release sets, was"
            + " edited by hand; the plan reports it (drift: report, the default) and nothing else drifted")
    void oneClusterDrifted() {
        ManagedCluster c = cluster("prod-us-data-3");
        JsonNode defaults = release(c).defaults().applyTo(c.resources()).documents().stream()
                .filter(d -> d.id().kind().equals("KubeadmControlPlane")).findFirst().orElseThrow().tree();
        JsonNode own = c.resources().documents().stream()
                .filter(d -> d.id().kind().equals("KubeadmControlPlane")).findFirst().orElseThrow().tree();
        assertThat(defaults.at("/spec/version").textValue()).isEqualTo("v1.30.4");
        assertThat(own.at("/spec/version").textValue()).isEqualTo("v1.30.5");
        assertThat(SELECTION.upgrades()).allSatisfy(u -> assertThat(u.upgrade().drift()).isEqualTo(DriftPolicy.REPORT));

        Plan plan = Planner.standard().plan(PlanInput.from(FLEET, List.of()), NOW);
        assertThat(plan.entries().stream().filter(e -> e.reasons().stream()
                .anyMatch(r -> r.code().equals(ReasonCodes.DRIFTED))).map(PlanEntry::cluster))
                .containsExactly("prod-us-data-3");
        PlanEntry e = plan.entry("prod-us-data-3").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(e.reasons().get(0).message()).contains("org-data/prod-us-data-3-control-plane", "spec.version",
                "\"v1.30.4\"", "\"v1.30.5\"");
    }

    @Test
    @DisplayName("two clusters run a release past its end of life")
    void endOfLife() {
        assertThat(FLEET.clusters().items().stream()
                .filter(c -> release(c).endOfLife().map(d -> d.atStartOfDay(ZoneOffset.UTC).toInstant().isBefore(NOW)).orElse(false))
                .map(ManagedCluster::id)).containsExactlyInAnyOrder("staging-fra-logistics-1", "prod-eu-checkout-1", "prod-eu-billing-1");
    }

    @Test
    @DisplayName("its plan at the instant and during the simulated rollout shows every state and the main reason codes")
    void everyStateAndTheMainReasons() {
        PreparedFleet prepared = Planner.standard().prepare(PlanInput.from(FLEET, List.of()));
        Plan plan = prepared.plan(NOW);
        Set<UpgradeState> states = EnumSet.noneOf(UpgradeState.class);
        plan.entries().forEach(e -> states.add(e.state()));
        Simulation sim = Simulator.run(prepared, SimulationSettings.between(NOW, NOW.plus(Duration.ofDays(63)))
                .withFailureRate(DemoCommand.FAILURE_RATE));
        sim.steps().forEach(step -> step.counts().forEach((state, n) -> {
            if (n > 0) {
                states.add(state);
            }
        }));
        assertThat(states).containsExactlyInAnyOrder(UpgradeState.values());
        Set<String> codes = new TreeSet<>();
        plan.entries().forEach(e -> e.reasons().forEach(r -> codes.add(r.code())));
        assertThat(codes).contains(ReasonCodes.NO_PATH, ReasonCodes.FROZEN, ReasonCodes.EXCLUDED,
                ReasonCodes.WAITING_STAGE, ReasonCodes.WAITING_START_TIME, ReasonCodes.FIELD_CONFLICT,
                ReasonCodes.CONFLICTING_UPGRADES);
        assertThat(plan.entry("dev-eu-platform-1").orElseThrow().kind()).contains(PlanKind.CONFIG);
    }

    @Test
    @DisplayName("every upgrade changes the cluster's documents; one is blocked by its own VM template")
    void mergesChangeDocumentsAndOneConflicts() {
        Map<String, List<FieldChange>> blocked = new TreeMap<>();
        targets().forEach((id, to) -> {
            ManagedCluster c = cluster(id);
            if (c.resources().documents().isEmpty() || !to.get(0).version().isNewerThan(c.release())) {
                return;
            }
            MergeResult m = merge(c, to.get(0));
            assertThat(m.clusterChanges()).as(id).isNotEmpty();
            if (m.isBlocked()) {
                blocked.put(id, m.blocked());
            }
        });
        assertThat(blocked).containsOnlyKeys("prod-fra-logistics-1");
        assertThat(blocked.get("prod-fra-logistics-1")).hasSize(2).allSatisfy(f -> {
            assertThat(f.path()).hasToString("spec.template.spec.template");
            assertThat(f.current().orElseThrow().asText()).isEqualTo("rhel-9-kube-v1.29.6-cis");
            assertThat(f.target().orElseThrow().asText()).isEqualTo("ubuntu-2204-kube-v1.30.2");
        });
    }

    @Test
    @DisplayName("at the demo instant: two first-stage clusters inside a window, one frozen, later windows shaped by an exclusion")
    void windowsAtTheDemoInstant() {
        ScheduleIndex index = ScheduleIndex.build(FLEET.schedules().items(), NOW);
        Duration two = Duration.ofHours(2);
        assertThat(allowed(index, "dev-eu-platform-2").permits(NOW, UpgradeKind.MINOR)).isTrue();
        assertThat(allowed(index, "dev-fra-logistics-1").permits(NOW, UpgradeKind.MINOR)).isTrue();
        assertThat(start(allowed(index, "dev-eu-payments-1").next(NOW, UpgradeKind.MINOR, two))).isEqualTo("2026-12-14T21:00:00Z");

        ManagedCluster frozen = cluster("dev-eu-ml-1");
        assertThat(frozen.freeze().orElseThrow().blocks(NOW)).isTrue();
        // its freeze ends in Thursday's window, an hour and a half before the year-end exclusion: too late for 2h
        Interval thursday = allowed(index, "dev-eu-ml-1").next(NOW, UpgradeKind.MINOR, Duration.ZERO).orElseThrow();
        assertThat(thursday).isEqualTo(new Interval(Instant.parse("2026-12-17T21:30:00Z"),
                Optional.of(Instant.parse("2026-12-17T23:00:00Z"))));
        assertThat(start(allowed(index, "dev-eu-ml-1").next(thursday.end().orElseThrow(), UpgradeKind.MINOR, two)))
                .as("the first minor window after the year-end exclusion").isEqualTo("2027-01-04T21:00:00Z");

        Instant dataStart = FLEET.upgrades().items().stream().filter(u -> u.name().equals("data-follows-stable"))
                .findFirst().orElseThrow().startTime().orElseThrow();
        Duration three = Duration.ofHours(3);
        assertThat(start(allowed(index, "dev-us-data-2").next(dataStart, UpgradeKind.PATCH, three)))
                .as("a patch upgrade, which the year-end exclusion allows").isEqualTo("2026-12-19T06:00:00Z");
        assertThat(start(allowed(index, "staging-us-data-1").next(dataStart, UpgradeKind.MINOR, three)))
                .as("a minor upgrade waits for January").isEqualTo("2027-01-09T06:00:00Z");
        assertThat(start(allowed(index, "prod-eu-platform-1").next(Instant.parse("2026-12-18T00:00:00Z"), UpgradeKind.MINOR, two)))
                .as("production's first minor window after the dev stage").isEqualTo("2027-01-04T21:00:00Z");
    }

    @Test
    @DisplayName("its plan moves a frozen cluster's upgrade past the year-end exclusion it would run into, and plans"
            + " each hop of a two-hop path in a window of its own; the simulation runs them hop by hop")
    void freezeAndHops() {
        PreparedFleet prepared = Planner.standard().prepare(PlanInput.from(FLEET, List.of()));
        Plan plan = prepared.plan(NOW);
        PlanEntry ml = plan.entry("dev-eu-ml-1").orElseThrow();
        assertThat(ml.state()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(ml.reasons()).extracting(r -> r.code()).containsExactly(ReasonCodes.FROZEN, ReasonCodes.EXCLUDED,
                ReasonCodes.OUTSIDE_WINDOW);
        assertThat(ml.reason(ReasonCodes.EXCLUDED).orElseThrow().message()).contains("'year-end'")
                .contains("a 2h upgrade started in the window at 2026-12-17T21:30:00Z would run into it");
        assertThat(ml.window().orElseThrow().start()).isEqualTo(Instant.parse("2027-01-04T21:00:00Z"));

        for (String id : List.of("staging-fra-logistics-1", "prod-eu-checkout-1")) {
            PlanEntry e = plan.entry(id).orElseThrow();
            assertThat(e.hops()).as(id).extracting(h -> h.from() + " → " + h.to())
                    .containsExactly("19.2.4 → 20.0.2", "20.0.2 → 20.1.0");
        }
        Simulation sim = Simulator.run(prepared, SimulationSettings.between(NOW, NOW.plus(Duration.ofDays(63)))
                .withFailureRate(DemoCommand.FAILURE_RATE));
        List<SimulatedUpgrade> checkout = sim.cluster("prod-eu-checkout-1").orElseThrow().upgrades();
        assertThat(checkout).extracting(u -> u.from() + " → " + u.to() + " " + u.hop() + "/" + u.hops() + " " + u.outcome())
                .containsExactly("19.2.4 → 20.0.2 1/2 succeeded", "20.0.2 → 20.1.0 2/2 succeeded");
        assertThat(checkout.get(1).start()).isAfterOrEqualTo(checkout.get(0).end());
        assertThat(sim.cluster("dev-eu-ml-1").orElseThrow().upgrades().get(0).start())
                .isEqualTo(Instant.parse("2027-01-04T21:00:00Z"));
        // without failures, the vSphere cluster whose VM template its path changes (onConflict: fail) takes both hops
        Simulation calm = Simulator.run(prepared, SimulationSettings.between(NOW, NOW.plus(Duration.ofDays(63))));
        assertThat(calm.cluster("staging-fra-logistics-1").orElseThrow().upgrades())
                .extracting(u -> u.from() + " → " + u.to() + " " + u.outcome())
                .containsExactly("19.2.4 → 20.0.2 succeeded", "20.0.2 → 20.1.0 succeeded");
    }

    @Test
    @DisplayName("its report shows the hops and leads the blocked cluster's note with the field in conflict")
    void report() {
        PreparedFleet prepared = Planner.standard().prepare(PlanInput.from(FLEET, List.of()));
        Simulation sim = Simulator.run(prepared, SimulationSettings.between(NOW, NOW.plus(Duration.ofDays(63)))
                .withFailureRate(DemoCommand.FAILURE_RATE));
        String html = HtmlReport.titled("demo").render(sim, sim.firstPlan());
        assertThat(html).contains(">blocked · FIELD_CONFLICT — spec.template.spec.template: conflict: the old release had ")
                .contains(">19.2.4 → 20.0.2 → 20.1.0, hops 1–2 of 2<")
                .contains("via 20.0.2 · hop 1 of 2");
    }

    private static AllowedIntervals allowed(ScheduleIndex index, String id) {
        ManagedCluster c = cluster(id);
        AllowedIntervals a = c.schedule().map(s -> index.get(s).orElseThrow()).orElse(AllowedIntervals.always());
        return c.freeze().map(a::withFreeze).orElse(a);
    }

    private static String start(Optional<Interval> interval) {
        return interval.orElseThrow().start().toString();
    }
}
