package dev.upshift.core.engine;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A small fleet run to its end, for comparing runs with and without crashes or faults. */
final class Runs {
    static final Duration STEP = Duration.ofMinutes(30);
    static final int STEPS = 24;

    private Runs() {}

    /** Three clusters, one of them two hops away, one hook both sides; every upgrade takes an hour. */
    static World world() {
        return new World().cluster("a", "20.0.0").cluster("b", "19.1.0").cluster("c", "20.0.0")
                .intent(World.upgradeTo("20.1.0")).succeedAfter(Duration.ofHours(1));
    }

    static UpgradeHook alerts(List<String> calls) {
        return new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(dev.upshift.spi.Upgrade upgrade) {
                calls.add("silence " + upgrade.id());
                return HookResult.proceed();
            }

            @Override
            public HookResult afterUpgrade(UpgradeEvent finished) {
                calls.add("restore " + finished.upgrade().id());
                return HookResult.proceed();
            }
        };
    }

    /**
     * Reconciles every half hour for twelve hours, building the engine anew after anything a
     * reconcile throws (a restart), with {@code configure} applied to each new engine's builder.
     */
    static World run(World w, Consumer<Engine.Builder> configure) {
        Engine engine = build(w, configure);
        Instant t = World.T0;
        for (int i = 0; i < STEPS; i++) {
            try {
                engine.reconcile(t);
            } catch (Crash crash) {
                engine = build(w, configure);
                engine.reconcile(t);
            }
            t = t.plus(STEP);
        }
        return w;
    }

    private static Engine build(World w, Consumer<Engine.Builder> configure) {
        Engine.Builder b = w.engine().addHook("alerts", alerts(new ArrayList<>()));
        configure.accept(b);
        return b.build();
    }

    /** What a run ends with, per attempt: cluster, hop, outcome; in history order of finishing. */
    static List<String> outcomes(World w) {
        return w.history.entries().stream().filter(e -> e.step() == HistoryEntry.Step.FINISHED)
                .map(e -> e.clusterId() + " " + e.from() + ">" + e.to() + " " + e.state() + " at " + e.at()).sorted()
                .toList();
    }

    /** An error nothing in the engine catches: the process dies here. */
    static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        Crash(String where) {
            super(where);
        }
    }
}
