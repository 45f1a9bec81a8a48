package dev.upshift.core.simulate;

import static dev.upshift.core.simulate.Fleets.FROM;
import static dev.upshift.core.simulate.Fleets.UNTIL;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.present.SimulationJson;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A path of several hops runs hop by hop, as the engine publishes it: 1.0.0 → 1.1.0 → 2.0.0 is two
 * upgrades, the second planned again from 1.1.0 once the first has succeeded.
 */
class SimulatorHopsTest {
    private static final Duration TWO_HOURS = Duration.ofHours(2);
    private static final Version V11 = Version.parse("1.1.0");

    private static Simulation simulate(List<ManagedCluster> clusters, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades, SimulationSettings settings) {
        PlanInput input = Fleets.input(clusters, schedules, upgrades, List.of());
        return Simulator.run(Planner.standard().prepare(input), settings);
    }

    private static Simulation simulate(List<ManagedCluster> clusters, ClusterUpgrade u) {
        return simulate(clusters, List.of(), List.of(u), SimulationSettings.between(FROM, UNTIL));
    }

    private static String hop(SimulatedUpgrade u) {
        return u.from() + " → " + u.to() + " " + u.hop() + "/" + u.hops() + " " + u.start() + "–" + u.end() + " "
                + u.outcome().word();
    }

    @Test
    @DisplayName("two hops: the first from the cluster's release, the second from where it landed, each its own upgrade")
    void hopByHop() {
        Simulation sim = simulate(Fleets.team(1), Fleets.intent("to-2", "a", "2.0.0").build());

        SimulatedCluster c = sim.cluster("c000").orElseThrow();
        assertThat(c.upgrades()).extracting(SimulatorHopsTest::hop).containsExactly(
                "1.0.0 → 1.1.0 1/2 2026-03-02T00:00:00Z–2026-03-02T02:00:00Z succeeded",
                "1.1.0 → 2.0.0 2/2 2026-03-02T02:00:00Z–2026-03-02T04:00:00Z succeeded");
        assertThat(c.upgrades()).extracting(SimulatedUpgrade::kind).containsOnly(PlanKind.MINOR);
        assertThat(c.reached()).isEqualTo(Version.parse("2.0.0"));
        assertThat(c.upgraded()).isTrue();
        assertThat(c.midPath()).isFalse();
        assertThat(sim.steps()).extracting(SimulationStep::at)
                .containsExactly(FROM, FROM.plus(TWO_HOURS), FROM.plus(TWO_HOURS.multipliedBy(2)));
        assertThat(sim.steps().get(1).finished()).containsExactly("c000");
        assertThat(sim.steps().get(1).started()).containsExactly("c000");
        Forecast f = Forecast.of(sim, "c000").orElseThrow();
        assertThat(f.end()).contains(FROM.plus(TWO_HOURS.multipliedBy(2)));
        assertThat(f.text()).endsWith("; 2 hops, finished by 04:00");
        assertThat(SimulationJson.render(sim)).contains("\"hop\": 2,\n").contains("\"hops\": 2,\n");
    }

    @Test
    @DisplayName("a cluster moved part-way keeps its resources; its change is judged from their release, so a field"
            + " under onConflict: fail that the path changes does not block its next hop")
    void resourcesJudgedFromTheirRelease() {
        FieldRules failOnTemplate = FieldRules.of(FieldRule.forPath("spec.template").kind("VSphereMachineTemplate")
                .onConflict(OnConflict.FAIL).impact(Impact.REPLACE).build());
        List<Release> releases = new ArrayList<>();
        for (String[] r : List.of(new String[] {"1.0.0", "1.28.0"}, new String[] {"1.1.0", "1.29.0"},
                new String[] {"2.0.0", "1.30.0"})) {
            ObjectNode values = JsonNodeFactory.instance.objectNode();
            values.putObject("spec").put("template", "ubuntu-kube-v" + r[1]);
            releases.add(Release.builder(r[0]).component("kubernetes", r[1])
                    .defaults(DocumentDefaults.of(List.of(DefaultsRule.of(DocumentMatch.any().withKind("VSphereMachineTemplate"),
                            values))))
                    .fieldRules(failOnTemplate).build());
        }
        ObjectNode template = JsonNodeFactory.instance.objectNode();
        template.put("apiVersion", "infrastructure.cluster.x-k8s.io/v1beta1").put("kind", "VSphereMachineTemplate");
        template.putObject("metadata").put("name", "v-1").put("namespace", "fleet");
        template.putObject("spec").put("template", "ubuntu-kube-v1.28.0");
        ManagedCluster v = Fleets.cluster("v-1").label("team", "a").resources(DocumentSet.of(template)).build();
        PlanInput input = new PlanInput(ReleaseCatalog.of(releases), List.of(v), List.of(),
                List.of(Fleets.intent("to-2", "a", "2.0.0").build()), List.of());

        Simulation sim = Simulator.run(Planner.standard().prepare(input), SimulationSettings.between(FROM, UNTIL));
        assertThat(sim.firstPlan().entry("v-1").orElseThrow().reasons()).isEmpty();
        assertThat(sim.cluster("v-1").orElseThrow().upgrades()).extracting(SimulatorHopsTest::hop).containsExactly(
                "1.0.0 → 1.1.0 1/2 2026-03-02T00:00:00Z–2026-03-02T02:00:00Z succeeded",
                "1.1.0 → 2.0.0 2/2 2026-03-02T02:00:00Z–2026-03-02T04:00:00Z succeeded");
    }

    @Test
    @DisplayName("a failed first hop is the upgrade's failure: the second never starts")
    void failedHopStops() {
        Simulation sim = simulate(Fleets.team(1), List.of(), List.of(Fleets.intent("to-2", "a", "2.0.0").build()),
                SimulationSettings.between(FROM, UNTIL).withFailureRate(1));

        SimulatedCluster c = sim.cluster("c000").orElseThrow();
        assertThat(c.upgrades()).extracting(SimulatorHopsTest::hop)
                .containsExactly("1.0.0 → 1.1.0 1/2 2026-03-02T00:00:00Z–2026-03-02T02:00:00Z failed");
        assertThat(c.reached()).isEqualTo(Version.parse("1.0.0"));
        assertThat(c.failed()).isTrue();
        assertThat(c.outcome()).isEqualTo(UpgradeState.FAILED);
    }

    @Test
    @DisplayName("stopped between two hops: not upgraded, still upgrading, its outcome the plan's state for the next hop")
    void stoppedBetweenHops() {
        ClusterUpgrade complete = Fleets.intent("to-2", "a", "2.0.0").expectedDuration(Duration.ofHours(3))
                .windowPolicy(WindowPolicy.COMPLETE_WITHIN).build();
        MaintenanceSchedule nights = Fleets.schedule("nights", """
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: 4h
                    recurrence: FREQ=DAILY
                """);
        Simulation sim = simulate(List.of(Fleets.cluster("n1").label("team", "a").schedule("nights").build()),
                List.of(nights), List.of(complete), SimulationSettings.between(FROM, Instant.parse("2026-03-03T12:00:00Z")));

        SimulatedCluster c = sim.cluster("n1").orElseThrow();
        // 3h of the night's 4h leave no room for the second hop: it waits for the next night
        assertThat(c.upgrades()).extracting(SimulatorHopsTest::hop)
                .containsExactly("1.0.0 → 1.1.0 1/2 2026-03-02T22:00:00Z–2026-03-03T01:00:00Z succeeded");
        assertThat(c.reached()).isEqualTo(V11);
        assertThat(c.midPath()).isTrue();
        assertThat(c.upgraded()).isFalse();
        assertThat(c.outcome()).isEqualTo(UpgradeState.SCHEDULED);
        assertThat(sim.summary().upgraded()).isZero();
        assertThat(sim.summary().inProgress()).isEqualTo(1);
        Forecast f = Forecast.of(sim, "n1").orElseThrow();
        assertThat(f.hopsRun()).isEqualTo(1);
        assertThat(f.hops()).isEqualTo(2);
        assertThat(f.text()).endsWith("; hop 1 of 2 finished by 2026-03-03 01:00, the next not within 1 day");
    }

    @Test
    @DisplayName("a hop succeeds or fails by its own draw: the first hop as an upgrade to 1.1.0 alone would")
    void drawPerHop() {
        for (long seed = 0; seed < 40; seed++) {
            SimulationSettings s = SimulationSettings.between(FROM, UNTIL).withSeed(seed).withFailureRate(0.5);
            UpgradeState twoHops = simulate(Fleets.team(1), List.of(), List.of(Fleets.intent("u", "a", "2.0.0").build()), s)
                    .clusters().get(0).upgrades().get(0).outcome();
            UpgradeState oneHop = simulate(Fleets.team(1), List.of(), List.of(Fleets.intent("u", "a", "1.1.0").build()), s)
                    .clusters().get(0).upgrades().get(0).outcome();
            assertThat(twoHops).as("seed %s", seed).isEqualTo(oneHop);
        }
    }

    @Test
    @DisplayName("with maxConcurrent 1, a cluster between two hops keeps its slot: its second hop goes before another's first")
    void slotKeptBetweenHops() {
        ClusterUpgrade serial = Fleets.intent("to-2", "a", "2.0.0").expectedDuration(Duration.ofHours(3))
                .windowPolicy(WindowPolicy.COMPLETE_WITHIN)
                .stage(Stage.of("all-a", ClusterMatcher.label("team", "a")).withMaxConcurrent(MaxConcurrent.clusters(1)))
                .build();
        MaintenanceSchedule nights = Fleets.schedule("nights", """
                  maintenanceWindows:
                  - name: night
                    startTime: 2026-03-02T22:00:00Z
                    duration: 4h
                    recurrence: FREQ=DAILY
                """);
        // a-1 comes first by id but is frozen through the first night
        List<ManagedCluster> clusters = List.of(
                Fleets.cluster("a-1").label("team", "a").schedule("nights")
                        .freeze(new Freeze(Instant.parse("2026-03-03T12:00:00Z"), "audit")).build(),
                Fleets.cluster("z-1").label("team", "a").schedule("nights").build());
        Simulation sim = simulate(clusters, List.of(nights), List.of(serial), SimulationSettings.between(FROM, UNTIL));

        assertThat(sim.upgrades()).extracting(u -> u.cluster() + " " + u.hop() + " " + u.start()).containsExactly(
                "z-1 1 2026-03-02T22:00:00Z", "z-1 2 2026-03-03T22:00:00Z",
                "a-1 1 2026-03-04T22:00:00Z", "a-1 2 2026-03-05T22:00:00Z");
        for (SimulationStep step : sim.steps()) {
            assertThat(step.inProgress()).hasSizeLessThanOrEqualTo(1);
        }
    }
}
