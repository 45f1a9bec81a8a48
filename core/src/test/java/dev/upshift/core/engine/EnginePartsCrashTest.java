package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hops in two parts, killed at each named crash point once (the new ones between the parts
 * included) or faulted once at each part's call, then started again on the same history and target:
 * the run ends as an uninterrupted one, each part of each hop reaches the target exactly once, and
 * the history is valid.
 */
class EnginePartsCrashTest {

    /** {@link Runs#world()} in two parts: three clusters, one two hops away; each part takes half an hour. */
    private static World world() {
        World w = PartsWorld.world();
        PartsWorld.cluster(w, "a", "20.0.0");
        PartsWorld.cluster(w, "b", "19.1.0");
        PartsWorld.cluster(w, "c", "20.0.0");
        return w.intent(World.upgradeTo("20.1.0"));
    }

    private static World run(Consumer<Engine.Builder> configure) {
        World w = world();
        return Runs.run(w, b -> {
            b.probe(PartsWorld.probe(w, Duration.ofMinutes(30), Duration.ofMinutes(30)));
            b.addHook("parts", new PartsWorld.Recorder());
            configure.accept(b);
        });
    }

    @ParameterizedTest(name = "killed at {0}")
    @EnumSource(CrashPoint.class)
    void resumesAfterACrash(CrashPoint point) {
        World calm = run(b -> { });
        boolean[] crashed = {false};
        World killed = run(b -> b.crashPoints((p, cluster) -> {
            if (p == point && cluster.equals("b") && !crashed[0]) {
                crashed[0] = true;
                throw new Runs.Crash(p + " " + cluster);
            }
        }));

        assertThat(crashed[0]).as("the run passed %s", point).isTrue();
        assertThat(Runs.outcomes(killed)).as("a crash delays nothing: the restart resumes at the same instant")
                .isEqualTo(Runs.outcomes(calm));
        assertSameEnd(killed, calm);
        var emitted = killed.events.stream().collect(Collectors.groupingBy(e -> e.upgrade().id(), Collectors.counting()));
        assertThat(emitted.values()).as("at least once: twice at most, after one crash").allMatch(n -> n <= 2);
    }

    @ParameterizedTest(name = "{0} throws once")
    @ValueSource(strings = {"beforeControlPlane", "afterControlPlane", "beforeWorkers", "afterWorkers", "probe",
        "publish"})
    void recoversFromOneFault(String where) {
        World calm = run(b -> { });
        boolean[] fired = {false};
        World faulty = world();
        World ran = Runs.run(faulty, b -> {
            var parts = PartsWorld.probe(faulty, Duration.ofMinutes(30), Duration.ofMinutes(30));
            b.probe(new dev.upshift.spi.StatusProbe() {
                @Override
                public dev.upshift.spi.UpgradeStatus probe(Upgrade u, java.time.Instant now) {
                    return parts.probe(u, now);
                }

                @Override
                public dev.upshift.spi.UpgradeStatus probe(Upgrade part, dev.upshift.spi.UpgradePart which,
                        java.time.Instant now) {
                    once(fired, where.equals("probe") && which == dev.upshift.spi.UpgradePart.WORKERS);
                    return parts.probe(part, which, now);
                }
            });
            b.publisher((u, c) -> {
                once(fired, where.equals("publish") && u.id().endsWith("/workers"));
                return faulty.publisher.publish(u, c);
            });
            b.addHook("parts", new UpgradePartHook() {
                @Override
                public HookResult beforeControlPlane(Upgrade part) {
                    once(fired, where.equals("beforeControlPlane"));
                    return HookResult.proceed();
                }

                @Override
                public HookResult afterControlPlane(Upgrade part) {
                    once(fired, where.equals("afterControlPlane"));
                    return HookResult.proceed();
                }

                @Override
                public HookResult beforeWorkers(Upgrade part) {
                    once(fired, where.equals("beforeWorkers"));
                    return HookResult.proceed();
                }

                @Override
                public HookResult afterWorkers(Upgrade part) {
                    once(fired, where.equals("afterWorkers"));
                    return HookResult.proceed();
                }

                @Override
                public HookResult afterUpgrade(UpgradeEvent finished) {
                    return HookResult.proceed();
                }
            });
        });

        assertThat(fired[0]).as("the fault happened").isTrue();
        assertSameEnd(ran, calm);
    }

    private static void once(boolean[] fired, boolean here) {
        if (here && !fired[0]) {
            fired[0] = true;
            throw new IllegalStateException("injected fault");
        }
    }

    private static void assertSameEnd(World run, World calm) {
        assertThat(finished(run)).as("a fault may delay a step to the next reconcile, never change how it ends")
                .isEqualTo(finished(calm));
        assertThat(run.publisher.releases).isEqualTo(calm.publisher.releases)
                .containsAllEntriesOf(Map.of("a", v("20.1.0"), "b", v("20.1.0"), "c", v("20.1.0")));
        assertThat(run.publisher.hopsApplied.values()).as("each part reached the target once").allMatch(c -> c == 1);
        Map<String, List<String>> parts = new TreeMap<>(run.publisher.applied.keySet().stream()
                .collect(Collectors.groupingBy(PartsWorld::hopOf, Collectors.mapping(id -> id.substring(
                        id.lastIndexOf('/') + 1), Collectors.toList()))));
        assertThat(parts).as("every hop published in its two parts").hasSize(4)
                .allSatisfy((hop, p) -> assertThat(p).containsExactlyInAnyOrder("control-plane", "workers"));
        assertThat(HistoryRules.violations(run.history.entries())).isEmpty();
    }

    private static List<String> finished(World w) {
        return w.history.entries().stream().filter(e -> e.step() == HistoryEntry.Step.FINISHED)
                .map(e -> e.clusterId() + " " + e.from() + ">" + e.to() + " " + e.state()).sorted().toList();
    }

    private static Version v(String text) {
        return Version.parse(text);
    }
}
