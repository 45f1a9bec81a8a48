package dev.upshift.core.engine;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.spi.UpgradeStrategy;
import java.util.List;
import java.util.Objects;

/**
 * What an engine talks to, fixed when {@link Engine.Builder} builds it: where the fleet comes
 * from, the history, the publisher and the probe, the hooks and strategies in the order they are
 * asked, where events go, the writer's epoch, and the crash points tests kill it at.
 */
record Ports(FleetSource fleet, HistoryStore history, ChangePublisher publisher, StatusProbe probe,
        List<NamedHook> hooks, List<UpgradeStrategy> strategies, EventSink events, long epoch,
        CrashPoints crashPoints) {

    Ports {
        Objects.requireNonNull(fleet, "an engine needs a fleet source (builder.fleet)");
        Objects.requireNonNull(history, "an engine needs a history store (builder.history)");
        Objects.requireNonNull(publisher, "an engine needs a publisher (builder.publisher)");
        Objects.requireNonNull(probe, "an engine needs a status probe (builder.probe)");
        hooks = List.copyOf(hooks);
        strategies = List.copyOf(strategies);
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(crashPoints, "crashPoints");
    }

    /** The hooks' names, in order: the after-hooks an attempt owes when it starts. */
    List<String> hookNames() {
        return hooks.stream().map(NamedHook::name).toList();
    }

    /** Whether a part hook is registered: only then does a hop go in parts. */
    boolean partHooks() {
        return hooks.stream().anyMatch(h -> h.hook() instanceof UpgradePartHook);
    }

    /** Tells the crash points that a step of {@code cluster} reached {@code point}. */
    void reached(CrashPoint point, String cluster) {
        crashPoints.reached(point, cluster);
    }
}
