package dev.upshift.operator;

import dev.upshift.operator.resource.ClusterUpgradeResource;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.operator.resource.Stage;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator SDK's reconcile of a {@code ClusterUpgrade}, mapped onto the engine's: the engine's
 * {@code reconcile(now)} is fleet-wide and level-triggered, so a change to any upgrade (or the timer)
 * reconciles the whole fleet, and each upgrade's status is then computed from that reconcile's plan
 * and the history. A replica that does not lead changes nothing and looks again after the poll
 * interval, so that a new leader takes every upgrade up within one interval.
 */
@ControllerConfiguration(name = ClusterUpgradeReconciler.NAME)
final class ClusterUpgradeReconciler implements Reconciler<ClusterUpgradeResource> {
    static final String NAME = "upshift-clusterupgrades";
    private static final Duration SOONEST = Duration.ofSeconds(1);

    private final FleetEngine engine;
    private final Clock clock;
    private final Duration poll;
    private final java.util.concurrent.atomic.AtomicInteger idle = new java.util.concurrent.atomic.AtomicInteger();

    ClusterUpgradeReconciler(FleetEngine engine, Clock clock, Duration poll) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.poll = Objects.requireNonNull(poll, "poll");
    }

    /** How many reconciles found this replica not leading, and so changed nothing. */
    int idleReconciles() {
        return idle.get();
    }

    @Override
    public UpdateControl<ClusterUpgradeResource> reconcile(ClusterUpgradeResource resource,
            Context<ClusterUpgradeResource> context) {
        Optional<FleetEngine.Pass> pass = engine.reconcile();
        if (pass.isEmpty()) {
            idle.incrementAndGet();
            return UpdateControl.<ClusterUpgradeResource>noUpdate().rescheduleAfter(poll);
        }
        FleetEngine.Pass p = pass.get();
        Instant now = p.reconciliation().now();
        List<String> stages = resource.getSpec() == null || resource.getSpec().stages() == null ? List.of()
                : resource.getSpec().stages().stream().map(Stage::name).filter(Objects::nonNull).toList();
        long generation = Optional.ofNullable(resource.getMetadata().getGeneration()).orElse(0L);
        ClusterUpgradeStatus status = StatusView.of(resource.getMetadata().getName(), generation, stages,
                resource.getStatus(), p.plan(), p.history(),
                p.read().map(r -> r.problemsOf(resource)).orElse(List.of()), now);
        Duration next = p.reconciliation().nextWake().map(w -> Duration.between(clock.instant(), w))
                .filter(d -> d.compareTo(poll) < 0).map(d -> d.compareTo(SOONEST) < 0 ? SOONEST : d).orElse(poll);
        if (status.equals(resource.getStatus())) {
            return UpdateControl.<ClusterUpgradeResource>noUpdate().rescheduleAfter(next);
        }
        resource.setStatus(status);
        return UpdateControl.patchStatus(resource).rescheduleAfter(next);
    }
}
