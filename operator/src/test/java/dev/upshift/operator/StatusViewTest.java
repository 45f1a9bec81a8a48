package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.operator.resource.Condition;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fleet.FleetBuilder;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The status of a ClusterUpgrade, from the engine's plan and history (the engine runs on the testkit's fakes). */
class StatusViewTest {
    static final Instant START = Instant.parse("2026-03-10T10:00:00Z");

    final TestWorld world = TestWorld.of(fleet("dev-1", "dev-2"), START);

    /** The dev clusters named and prod-1, on 19.3.1, upgraded to 20.1.0 in stages dev then prod. */
    private static TestFleet fleet(String... dev) {
        FleetBuilder b = TestFleet.builder()
                .release("19.3.1", r -> r.kubernetes("1.29.4"))
                .release("20.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=19.3.0"));
        for (String id : dev) {
            b.cluster(id, c -> c.release("19.3.1").label("stage", "dev"));
        }
        return b.cluster("prod-1", c -> c.release("19.3.1").label("stage", "prod"))
                .upgrade("to-20.1", u -> u.release("20.1.0").matchLabelRegex("stage", "dev|prod")
                        .stage("dev", s -> s.matchLabel("stage", "dev"))
                        .stage("prod", s -> s.matchLabel("stage", "prod")))
                .build();
    }

    private ClusterUpgradeStatus status(ClusterUpgradeStatus previous, List<Problem> problems) {
        return StatusView.of("to-20.1", 3, List.of("dev", "prod"), previous, Optional.of(world.plan()),
                world.history().all(), problems, world.clock().instant());
    }

    @Test
    @DisplayName("before anything starts: pending, from and to releases from the plan, every stage counted")
    void pending() {
        ClusterUpgradeStatus s = status(null, List.of());

        assertThat(s.state()).isEqualTo("pending");
        assertThat(s.triggeredAt()).isNull();
        assertThat(s.outcome()).isNull();
        assertThat(s.fromRelease()).isEqualTo("19.3.1");
        assertThat(s.toRelease()).isEqualTo("20.1.0");
        assertThat(s.clusters()).isEqualTo(3);
        assertThat(s.stages()).extracting(st -> st.name() + "=" + st.clusters()).containsExactly("dev=2", "prod=1");
        assertThat(s.observedGeneration()).isEqualTo(3);
        assertThat(s.conditions()).extracting(Condition::type).containsExactly(StatusView.ACCEPTED,
                StatusView.IN_PROGRESS, StatusView.SUCCEEDED, StatusView.FAILED);
        assertThat(s.conditions()).allSatisfy(c -> assertThat(c.lastTransitionTime()).isEqualTo(START.toString()));
    }

    @Test
    @DisplayName("every cluster upgraded: finished with success, triggered at the first start and finished at the last record")
    void finished() {
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofMinutes(30)));
        world.reconcile();
        ClusterUpgradeStatus running = status(null, List.of());
        assertThat(running.state()).isEqualTo("inProgress");
        assertThat(running.stages().get(0).inProgress()).isEqualTo(2);
        assertThat(running.stages().get(1).waiting() + running.stages().get(1).scheduled()).isEqualTo(1);

        world.runUntil(START.plus(Duration.ofHours(4)));
        ClusterUpgradeStatus done = status(running, List.of());

        assertThat(done.state()).isEqualTo("finished");
        assertThat(done.outcome()).isEqualTo("success");
        assertThat(done.triggeredAt()).isEqualTo(START.toString());
        Instant last = world.history().all().stream().map(e -> e.at()).max(Instant::compareTo).orElseThrow();
        assertThat(done.finishedAt()).isEqualTo(last.toString());
        assertThat(done.fromRelease()).isEqualTo("19.3.1");
        Condition accepted = ClusterUpgradeFlowTest.condition(done, StatusView.ACCEPTED);
        assertThat(accepted.lastTransitionTime()).as("unchanged since the first status").isEqualTo(START.toString());
        assertThat(ClusterUpgradeFlowTest.condition(done, StatusView.SUCCEEDED).status()).isEqualTo("True");
    }

    @Test
    @DisplayName("a cluster that joins a stage under way is not counted: the run finishes without it")
    void joinerNotCounted() {
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofMinutes(30)));
        world.reconcile();
        world.fleet(fleet("dev-1", "dev-2", "dev-3"));
        world.runUntil(START.plus(Duration.ofHours(4)));

        ClusterUpgradeStatus s = status(null, List.of());

        assertThat(world.release("dev-3").toString()).as("it waits for the next run").isEqualTo("19.3.1");
        assertThat(s.state()).isEqualTo("finished");
        assertThat(s.outcome()).isEqualTo("success");
        assertThat(s.clusters()).isEqualTo(3);
        assertThat(s.stages()).extracting(st -> st.name() + "=" + st.clusters()).containsExactly("dev=2", "prod=1");
    }

    @Test
    @DisplayName("a cluster that failed: UpgradeFailed names it and why, and the outcome is a failure once all are done")
    void failure() {
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofMinutes(30)));
        world.probe().answer("dev-2", FakeProbe.Script.failAfter(Duration.ofMinutes(10), "node cp-2 did not drain"));
        world.runUntil(START.plus(Duration.ofHours(4)));

        ClusterUpgradeStatus s = status(null, List.of());

        Condition failed = ClusterUpgradeFlowTest.condition(s, StatusView.FAILED);
        assertThat(failed.status()).isEqualTo("True");
        assertThat(failed.message()).startsWith("dev-2").contains("did not drain");
        assertThat(s.stages().get(0).failed()).isEqualTo(1);
        if (s.state().equals("finished")) {
            assertThat(s.outcome()).isEqualTo("failure");
        } else {
            assertThat(s.outcome()).isNull();
        }
    }

    @Test
    @DisplayName("a resource the reader refuses: state invalid, Accepted false with the problem's words")
    void invalid() {
        Problem p = Problem.error(new SourceLocation("ClusterUpgrade ns/to-20.1", 4, 14), "spec.release",
                "invalid version \"twenty\"");

        ClusterUpgradeStatus s = status(null, List.of(p));

        assertThat(s.state()).isEqualTo("invalid");
        Condition accepted = ClusterUpgradeFlowTest.condition(s, StatusView.ACCEPTED);
        assertThat(accepted.status()).isEqualTo("False");
        assertThat(accepted.reason()).isEqualTo("Invalid");
        assertThat(accepted.message()).isEqualTo(p.toString());
    }
}
