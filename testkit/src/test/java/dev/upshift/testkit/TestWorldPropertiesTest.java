package dev.upshift.testkit;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testkit.fake.FakeProbe;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The engine in a world of fakes under random faults, switched on with the fakes' own switches: the
 * history stays valid, no hop reaches the target twice, and once the faults stop every cluster
 * reaches the target.
 */
class TestWorldPropertiesTest {

    @Test
    @DisplayName("whatever the fakes' switches do, the history is valid, each hop reaches the target once, and every"
            + " cluster gets there once the faults stop")
    void faultsNeverDoubleAnUpgrade() {
        qt().withExamples(100).forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            TestWorld world = TestWorld.of(fleet(random), Worlds.T0);
            world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofMinutes(30L * (1 + random.nextInt(4)))));
            for (int step = 0; step < 40; step++) {
                switchOne(world, random);
                try {
                    world.reconcile();
                } catch (IllegalStateException crash) {
                    world.restart();
                }
                world.clock().advance(Duration.ofMinutes(15L * (1 + random.nextInt(4))));
            }
            clear(world);
            world.runUntil(world.clock().instant().plus(Duration.ofDays(2)));

            assertThat(world.history()).isValid();
            for (var c : world.fleet().clusters()) {
                int hops = c.release().equals(Version.parse("19.1.0")) ? 2 : 1;
                assertThat(world.publisher().effects(c.id())).as(c.id()).isEqualTo(hops);
                assertThat(world.release(c.id())).as(c.id()).isEqualTo(Version.parse("20.1.0"));
                assertThat(world.history().all()).filteredOn(e -> e.clusterId().equals(c.id())
                        && e.step() == Step.SUCCEEDED).extracting(HistoryEntry::to).doesNotHaveDuplicates();
            }
        });
    }

    private static TestFleet fleet(Random random) {
        var b = TestFleet.builder()
                .release("19.1.0", r -> r.kubernetes("1.28.3"))
                .release("20.0.0", r -> r.kubernetes("1.29.2"))
                .release("20.1.0", r -> r.kubernetes("1.30.1"))
                .upgrade("to-20.1", u -> u.release("20.1.0").matchClusterRegex(".*").expectedDuration(Duration.ofHours(1))
                        .timeout(Duration.ofDays(30)));
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            String release = random.nextBoolean() ? "19.1.0" : "20.0.0";
            b.cluster("c" + i, c -> c.release(release));
        }
        return b.build();
    }

    private static void switchOne(TestWorld world, Random random) {
        switch (random.nextInt(10)) {
            case 0 -> world.publisher().faults().throwOnce();
            case 1 -> world.publisher().loseNextAnswer();
            case 2 -> world.history().appendFaults().throwOnce();
            case 3 -> world.history().readFaults().throwOnce();
            case 4 -> world.probe().faults().throwOnce();
            case 5 -> world.hook().beforeFaults().throwOnce();
            case 6 -> world.hook().afterFaults().throwOnce();
            case 7 -> world.events().faults().throwOnce();
            default -> { }
        }
    }

    private static void clear(TestWorld world) {
        world.publisher().faults().clear();
        world.history().appendFaults().clear();
        world.history().readFaults().clear();
        world.probe().faults().clear();
        world.hook().beforeFaults().clear();
        world.hook().afterFaults().clear();
        world.events().faults().clear();
    }

    @Test
    @DisplayName("runEvery reconciles on a timer up to and including its end")
    void runEvery() {
        TestWorld world = TestWorld.of(Worlds.small(), Worlds.T0);
        var runs = world.runEvery(Duration.ofMinutes(30), Worlds.T0.plus(Duration.ofHours(2)));
        assertThat(runs).extracting(r -> r.now()).containsExactly(Worlds.T0, Worlds.T0.plusSeconds(1800),
                Worlds.T0.plusSeconds(3600), Worlds.T0.plusSeconds(5400), Worlds.T0.plusSeconds(7200));
        assertThat(world.clock().instant()).isEqualTo(Instant.parse("2026-03-10T12:30:00Z"));
    }
}
