package dev.upshift.testkit;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.CallSite;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.run.Deadlines;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HookResult;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fake.Faults;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TestWorldTest {
    @Test
    @DisplayName("the engine over the fakes takes every cluster to its target, hop by hop, each hop published once")
    void runsToTheEnd() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(1)));

        world.runUntil(Worlds.T0.plus(Duration.ofDays(1)));

        assertThat(world.history()).isValid();
        for (String c : List.of("a", "b", "c")) {
            assertThat(world.release(c)).isEqualTo(Version.parse("20.1.0"));
        }
        assertThat(world.publisher().effects("b")).isEqualTo(2);
        assertThat(world.history()).cluster("a").enrolledIn("all").wentThrough(Step.ENROLLED, Step.STARTING,
                Step.PUBLISHED, Step.SUCCEEDED, Step.FINISHED);
        assertThat(world.events().events()).hasSize(4);
        assertThat(world.hook().calls()).filteredOn(c -> c.startsWith("after ")).hasSize(4);
        assertThat(world.clock().instant()).as("where nothing more was due").isEqualTo(Worlds.T0.plus(Duration.ofHours(2)));
    }

    @Test
    @DisplayName("a publisher that throws once costs a reconcile, not an upgrade; a second reconcile at one instant records nothing")
    void aFaultIsRetried() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        world.publisher().faults().throwOnce();

        Reconciliation first = world.reconcile();

        assertThat(first).hasFault(CallSite.PUBLISH, null);
        assertThat(world.reconcile()).hasNoFaults();
        assertThat(world.reconcile()).changedNothing();
        assertThat(world.history()).isValid();
        assertThat(world.publisher().published()).as("a, b twice (its probe succeeds at once), c").hasSize(4);
    }

    @Test
    @DisplayName("a before-hook that holds is asked again only once its delay has passed")
    void aHeldUpgradeWaits() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        world.hook().beforeNext(HookResult.retryAfter(Duration.ofHours(2)), HookResult.retryAfter(Duration.ofHours(2)),
                HookResult.retryAfter(Duration.ofHours(2)));

        Reconciliation held = world.reconcile();

        assertThat(held.recorded()).extracting(e -> e.step()).containsOnly(Step.HELD);
        assertThat(held.nextWake()).contains(Worlds.T0.plus(Duration.ofHours(2)));
        world.clock().advance(Duration.ofHours(1));
        assertThat(world.reconcile()).changedNothing();
        assertThat(world.hook().befores()).hasSize(3);
    }

    @Test
    @DisplayName("a publisher that hangs is cut off by the deadline runner and tried again once released")
    void aHungCallBecomesAFault() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        Faults.Hang hang = world.publisher().faults().hangOnce();
        try (Deadlines deadlines = new Deadlines(Duration.ofMillis(200))) {
            world.configure(b -> b.publisher(deadlines.publisher(world.publisher())));

            Reconciliation r = world.reconcile();

            assertThat(r).hasFault(CallSite.PUBLISH, null);
            hang.release();
            assertThat(world.reconcile()).hasNoFaults();
        }
        assertThat(world.history()).isValid();
        assertThat(world.publisher().published()).as("a, b twice (its probe succeeds at once), c").hasSize(4);
    }
}
