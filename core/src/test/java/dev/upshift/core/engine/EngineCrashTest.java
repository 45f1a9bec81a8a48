package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.testkit.oracle.HistoryRules;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine dies at each named crash point, once, and is started again on the same history and
 * target: the run ends as an uninterrupted one does, each hop reaches the target once, and the
 * history is valid (a random-moment kill of a real process is in the CLI's tests). The points between
 * the two parts of a hop are reached only with a part hook: {@link EnginePartsCrashTest}.
 */
class EngineCrashTest {

    @ParameterizedTest(name = "killed at {0}")
    @EnumSource(value = CrashPoint.class, mode = EnumSource.Mode.EXCLUDE, names = {"PART_HOOKS_DONE",
        "WORKERS_INTENT_JOURNALED", "WORKERS_PUBLISH_RETURNED", "WORKERS_PUBLICATION_JOURNALED"})
    void resumesAfterACrash(CrashPoint point) {
        World calm = Runs.run(Runs.world(), b -> { });
        boolean[] crashed = {false};
        World killed = Runs.run(Runs.world(), b -> b.crashPoints((p, cluster) -> {
            if (p == point && cluster.equals("b") && !crashed[0]) {
                crashed[0] = true;
                throw new Runs.Crash(p + " " + cluster);
            }
        }));

        assertThat(crashed[0]).as("the run passed %s", point).isTrue();
        assertThat(Runs.outcomes(killed)).isEqualTo(Runs.outcomes(calm));
        assertThat(killed.publisher.releases).isEqualTo(calm.publisher.releases)
                .containsAllEntriesOf(Map.of("a", v("20.1.0"), "b", v("20.1.0"), "c", v("20.1.0")));
        assertThat(killed.publisher.hopsApplied.values()).allMatch(c -> c == 1);
        assertThat(HistoryRules.violations(killed.history.entries())).isEmpty();
        var finished = killed.history.entries().stream().filter(e -> e.step() == HistoryEntry.Step.FINISHED)
                .map(HistoryEntry::upgradeId).toList();
        var emitted = killed.events.stream().collect(java.util.stream.Collectors.groupingBy(e -> e.upgrade().id(),
                java.util.stream.Collectors.counting()));
        assertThat(emitted.keySet()).as("every finished attempt is reported").containsExactlyInAnyOrderElementsOf(finished);
        assertThat(emitted.values()).as("at least once: twice at most, after one crash").allMatch(n -> n <= 2);
    }

    private static dev.upshift.release.Version v(String text) {
        return dev.upshift.release.Version.parse(text);
    }
}
