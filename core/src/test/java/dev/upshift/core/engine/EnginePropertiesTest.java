package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Stage;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Random sequences of probe answers, hook answers and faults: the recorded history stays valid
 * ({@link HistoryRules}), nothing reaches the target twice, and no cluster moves past a hop that did
 * not succeed.
 */
class EnginePropertiesTest {

    @Test
    @DisplayName("whatever the probes, hooks and faults answer, every recorded history is valid")
    void historiesStayValid() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            check(seed, false);
        });
    }

    @Test
    @DisplayName("with a part hook answering at random too, every history stays valid and no worker goes before its control plane")
    void historiesInPartsStayValid() {
        int[] inParts = {0};
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> inParts[0] += check(seed, true));
        assertThat(inParts[0]).as("runs that published some workers' part").isGreaterThan(20);
    }

    /** Checks one run; how many workers' parts it published. */
    private static int check(long seed, boolean parts) {
        {
            Random random = new Random(seed);
            World w = parts ? PartsWorld.world() : new World();
            int n = 1 + random.nextInt(4);
            String[] starts = {"19.1.0", "20.0.0", "19.0.0"};
            for (int i = 0; i < n; i++) {
                if (parts) {
                    PartsWorld.cluster(w, "c" + i, starts[random.nextInt(starts.length)]);
                } else {
                    w.cluster("c" + i, starts[random.nextInt(starts.length)]);
                }
            }
            boolean staged = random.nextBoolean();
            w.intent(staged ? World.upgradeTo("20.1.0").stage(Stage.of("even", ClusterMatcher.clusterIdRegex("c[02468]")))
                    .stage(Stage.of("odd", ClusterMatcher.clusterIdRegex("c[13579]"))) : World.upgradeTo("20.1.0"));
            w.answers = (u, now) -> switch (random.nextInt(6)) {
                case 0 -> throw new IllegalStateException("probe down");
                case 1 -> UpgradeStatus.failed("Broken", "node did not join", now);
                case 2, 3 -> UpgradeStatus.succeeded("Upgraded", "", now);
                default -> UpgradeStatus.inProgress("Rolling", "", now);
            };
            Engine engine = w.engine().addHook("random", parts ? new RandomPartHook(random) : new RandomHook(random))
                    .build();
            Instant t = T0;
            for (int step = 0; step < 30; step++) {
                switch (random.nextInt(8)) {
                    case 0 -> w.publisher.throwNext();
                    case 1 -> w.publisher.throwAfterApplyingNext();
                    case 2 -> w.publisher.rejectNext("refused");
                    case 3 -> w.history.appendFaults().throwOnce();
                    default -> { }
                }
                if (random.nextInt(10) == 0) {
                    changeFleet(w, random, parts, starts);
                }
                engine.reconcile(t);
                t = t.plus(Duration.ofMinutes(15L * (1 + random.nextInt(8))));
            }
            List<HistoryEntry> h = w.history.entries();
            assertThat(HistoryRules.violations(h)).as("seed %d", seed).isEmpty();
            if (staged) {
                assertThat(unenrolledStarts(h)).as("seed %d: release hops started outside their stage's run", seed)
                        .isEmpty();
            }
            assertThat(w.publisher.hopsApplied.values()).as("each hop reaches the target once").allMatch(c -> c == 1);
            Map<String, Integer> hopsDone = new HashMap<>();
            for (HistoryEntry e : h) {
                if (e.step() == HistoryEntry.Step.PUBLISHED) {
                    hopsDone.merge(e.clusterId() + " " + e.from() + ">" + e.to(), 0, Integer::sum);
                }
                if (e.step() == HistoryEntry.Step.SUCCEEDED) {
                    hopsDone.merge(e.clusterId() + " " + e.from() + ">" + e.to(), 1, Integer::sum);
                }
            }
            assertThat(hopsDone.values()).as("no hop succeeds twice").allMatch(c -> c <= 1);
            for (HistoryEntry e : h) {
                if (e.step() == HistoryEntry.Step.STARTING && e.hop().number() > 1) {
                    Version from = e.from();
                    assertThat(h).as("hop %s of %s starts only after the hop into %s succeeded", e.hop(), e.clusterId(), from)
                            .anyMatch(p -> p.clusterId().equals(e.clusterId()) && p.to().equals(from)
                                    && p.step() == HistoryEntry.Step.SUCCEEDED && !p.at().isAfter(e.at()));
                }
            }
            List<String> order = List.copyOf(w.publisher.published.keySet());
            for (String id : order) {
                if (id.endsWith("/workers")) {
                    String hop = PartsWorld.hopOf(id);
                    assertThat(order.indexOf(hop + "/control-plane")).as("seed %d: %s after its control plane", seed, id)
                            .isBetween(0, order.indexOf(id));
                    assertThat(order).as("seed %d: a hop in parts is never published whole", seed).doesNotContain(hop);
                }
            }
            if (!parts) {
                assertThat(order).as("seed %d: without part hooks, no part is published", seed)
                        .noneMatch(id -> id.contains("/"));
            }
            return (int) order.stream().filter(id -> id.endsWith("/workers")).count();
        }
    }

    /** A cluster leaves the fleet, or one joins it (again, maybe, under an id it had). */
    private static void changeFleet(World w, Random random, boolean parts, String[] starts) {
        if (!w.clusters.isEmpty() && random.nextBoolean()) {
            w.remove(w.clusters.get(random.nextInt(w.clusters.size())).id());
            return;
        }
        String id = "c" + random.nextInt(6);
        if (w.clusters.stream().anyMatch(c -> c.id().equals(id))) {
            return;
        }
        if (parts) {
            PartsWorld.cluster(w, id, starts[random.nextInt(starts.length)]);
        } else {
            w.cluster(id, starts[random.nextInt(starts.length)]);
        }
    }

    /**
     * The {@code starting} entries of release hops with no enrollment of their cluster in the run
     * (same upgrade, same target) before them, or one a {@code skipped} entry ended before them.
     */
    private static List<String> unenrolledStarts(List<HistoryEntry> h) {
        List<String> out = new java.util.ArrayList<>();
        Map<String, HistoryEntry> enrolled = new HashMap<>();
        for (HistoryEntry e : h) {
            switch (e.step()) {
                case ENROLLED -> enrolled.put(e.upgradeId(), e);
                case SKIPPED -> enrolled.remove(e.upgradeId());
                case STARTING -> {
                    if (!e.from().equals(e.to()) && enrolled.values().stream().noneMatch(x -> x.clusterId()
                            .equals(e.clusterId()) && x.intent().equals(e.intent()) && x.to().equals(e.hop().target()))) {
                        out.add(e.toString());
                    }
                }
                default -> { }
            }
        }
        return out;
    }

    /** A part hook whose every answer, on every side, is drawn at random, throwing included. */
    private static final class RandomPartHook implements dev.upshift.spi.UpgradePartHook {
        private final RandomHook answers;

        RandomPartHook(Random random) {
            this.answers = new RandomHook(random);
        }

        @Override
        public HookResult beforeUpgrade(Upgrade upgrade) {
            return answers.beforeUpgrade(upgrade);
        }

        @Override
        public HookResult afterUpgrade(UpgradeEvent finished) {
            return answers.afterUpgrade(finished);
        }

        @Override
        public HookResult beforeControlPlane(Upgrade part) {
            return answers.beforeUpgrade(part);
        }

        @Override
        public HookResult afterControlPlane(Upgrade part) {
            return answers.beforeUpgrade(part);
        }

        @Override
        public HookResult beforeWorkers(Upgrade part) {
            return answers.beforeUpgrade(part);
        }

        @Override
        public HookResult afterWorkers(Upgrade part) {
            return answers.beforeUpgrade(part);
        }
    }

    /** A hook whose every answer is drawn at random, throwing included. */
    private static final class RandomHook implements UpgradeHook {
        private final Random random;

        RandomHook(Random random) {
            this.random = random;
        }

        @Override
        public HookResult beforeUpgrade(Upgrade upgrade) {
            return answer();
        }

        @Override
        public HookResult afterUpgrade(UpgradeEvent finished) {
            return answer();
        }

        private HookResult answer() {
            return switch (random.nextInt(10)) {
                case 0 -> throw new IllegalStateException("hook down");
                case 1 -> HookResult.abort("no");
                case 2, 3 -> HookResult.retryAfter(Duration.ofMinutes(1 + random.nextInt(90)));
                default -> HookResult.proceed();
            };
        }
    }
}
