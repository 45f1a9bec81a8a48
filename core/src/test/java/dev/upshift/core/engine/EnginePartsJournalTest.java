package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.oracle.HistoryRules;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hop in two parts on the real JSON-lines journal: killed once its workers' intent is durable,
 * the journal closed and opened again by a new engine, which reads the new steps back and publishes
 * the workers once.
 */
class EnginePartsJournalTest {
    @TempDir
    Path state;

    /** The control plane done at T0 + 30m, the workers at T0 + 60m, whatever else happens. */
    private static StatusProbe clock() {
        return new StatusProbe() {
            @Override
            public UpgradeStatus probe(Upgrade upgrade, Instant now) {
                return at(now, T0.plus(Duration.ofHours(1)));
            }

            @Override
            public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
                return at(now, T0.plus(Duration.ofMinutes(which == UpgradePart.CONTROL_PLANE ? 30 : 60)));
            }
        };
    }

    private static UpgradeStatus at(Instant now, Instant done) {
        return now.isBefore(done) ? UpgradeStatus.inProgress("Rolling", "", now) : UpgradeStatus.succeeded("Done", "", now);
    }

    @Test
    @DisplayName("killed after the workers' intent, a new engine on the reopened journal publishes the workers once")
    void resumesFromTheJournal() {
        World w = PartsWorld.cluster(PartsWorld.world(), "dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));
        LockHolder me = new LockHolder(1, "test-host", "a test");
        try (JsonLinesJournal journal = JsonLinesJournal.open(state, me)) {
            Engine engine = w.engine().history(journal).probe(clock()).addHook("gate", new PartsWorld.Recorder())
                    .crashPoints((p, c) -> {
                        if (p == CrashPoint.WORKERS_INTENT_JOURNALED) {
                            throw new Runs.Crash(p.word());
                        }
                    }).build();
            engine.reconcile(T0);
            try {
                engine.reconcile(T0.plus(Duration.ofMinutes(30)));
            } catch (Runs.Crash expected) {
                // the process dies here
            }
        }
        assertThat(w.publisher.calls).containsExactly("dev-1:20.0.0..20.1.0#1/control-plane");

        List<String> steps;
        try (JsonLinesJournal journal = JsonLinesJournal.open(state, me)) {
            Engine engine = w.engine().history(journal).probe(clock()).addHook("gate", new PartsWorld.Recorder()).build();
            engine.reconcile(T0.plus(Duration.ofMinutes(30)));
            engine.reconcile(T0.plus(Duration.ofMinutes(60)));
            steps = journal.entries().stream().map(e -> e.step().word()).toList();
            assertThat(HistoryRules.violations(journal.entries())).isEmpty();
            assertThat(journal.entries().get(0).reasons()).extracting(r -> r.code()).containsExactly(EngineReasons.IN_PARTS);
        }
        assertThat(steps).containsExactly("starting", "published", "workersStarting", "workersPublished", "succeeded",
                "finished");
        assertThat(w.publisher.calls).containsExactly("dev-1:20.0.0..20.1.0#1/control-plane",
                "dev-1:20.0.0..20.1.0#1/workers");
        assertThat(JsonLinesJournal.read(state).entries()).extracting(HistoryEntry::step)
                .contains(HistoryEntry.Step.WORKERS_STARTING, HistoryEntry.Step.WORKERS_PUBLISHED);
    }
}
