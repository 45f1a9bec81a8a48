package dev.upshift.testkit.contract;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeSource;
import dev.upshift.spi.UpgradeStrategy;
import dev.upshift.testkit.fake.FakeEvents;
import dev.upshift.testkit.fake.FakeHook;
import dev.upshift.testkit.fake.FakePartHook;
import dev.upshift.testkit.fake.FakeReadinessCheck;
import dev.upshift.testkit.fake.FakeRenderer;
import dev.upshift.testkit.fake.FakeSources;
import dev.upshift.testkit.fake.FakeStrategy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;

/** The testkit's other fakes hold to the contracts of their interfaces, every capability included. */
class FakesContractTest {

    @Nested
    class Hook extends UpgradeHookContract {
        private final FakeHook hook = new FakeHook();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected UpgradeHook newHook() {
            return hook;
        }

        @Override
        protected void arrangeHold(String clusterId) {
            hook.beforeAlways(HookResult.retryAfter(Duration.ofMinutes(15)));
        }

        @Override
        protected void arrangeProceed(String clusterId) {
            hook.beforeAlways(HookResult.proceed());
        }
    }

    @Nested
    class PartHook extends UpgradePartHookContract {
        private final FakePartHook hook = new FakePartHook();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected UpgradePartHook newHook() {
            return hook;
        }

        @Override
        protected void arrangeProceed(String clusterId) {
            hook.proceedAlways();
        }

        @Override
        protected void arrangeHold(String clusterId, Point point) {
            HookResult hold = HookResult.retryAfter(Duration.ofMinutes(15));
            hook.proceedAlways();
            if (point == Point.BEFORE_CONTROL_PLANE || point == Point.BEFORE_WORKERS) {
                hook.beforeAlways(point.part(), hold);
            } else {
                hook.afterAlways(point.part(), hold);
            }
        }

        @Override
        protected void arrangeAbort(String clusterId) {
            hook.beforeAlways(UpgradePart.WORKERS, HookResult.abort("the change board rejected the workers' rollout"));
        }
    }

    @Nested
    class Strategy extends UpgradeStrategyContract {
        private final FakeStrategy strategy = new FakeStrategy();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected UpgradeStrategy newStrategy() {
            return strategy;
        }

        @Override
        protected void arrangeAccept(UpgradeRequest request) {
            strategy.acceptAll();
        }

        @Override
        protected void arrangeDecline(UpgradeRequest request) {
            strategy.declineAll("etcd changes need new machines");
        }
    }

    @Nested
    class Events extends EventSinkContract {
        private FakeEvents sink;

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected EventSink newSink() {
            sink = new FakeEvents();
            return sink;
        }

        @Override
        protected List<UpgradeEvent> received() {
            return sink.events();
        }
    }

    @Nested
    class Rendering extends RendererContract {
        private final FakeRenderer renderer = new FakeRenderer();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected Renderer newRenderer() {
            return renderer;
        }

        @Override
        protected void arrangeRejection(ManagedCluster cluster) {
            renderer.reject(cluster.id(), "the admission webhook refuses replicas: 3");
        }
    }

    @Nested
    class Readiness extends ReadinessCheckContract {
        private final FakeReadinessCheck check = new FakeReadinessCheck();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ReadinessCheck newCheck() {
            return check;
        }

        @Override
        protected void arrangeUsage(ManagedCluster cluster) {
            check.sees(cluster.id(), new ReadinessFinding("batch/v1beta1", "cronjobs",
                    Optional.of(Version.parse("1.25")), Optional.empty(), "the fake"));
        }

        @Override
        protected void arrangeUnreachable(ManagedCluster cluster) {
            check.faults().throwAlways();
        }
    }

    private static FakeSources sources() {
        return FakeSources.of(ContractFleets.fleet().contents());
    }

    private static void bad(FakeSources s) {
        s.addProblem(Problem.error(SourceLocation.of("clusters/bad.yaml"), "spec.release", "is missing"));
    }

    @Nested
    class Inventory extends ClusterInventoryContract {
        private final FakeSources s = sources();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ClusterInventory inventory() {
            return s;
        }

        @Override
        protected void arrangeBadDocument() {
            bad(s);
        }

        @Override
        protected void arrangeUnreachable() {
            s.faults().throwAlways();
        }
    }

    @Nested
    class Releases extends ReleaseSourceContract {
        private final FakeSources s = sources();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ReleaseSource releaseSource() {
            return s;
        }

        @Override
        protected void arrangeBadDocument() {
            bad(s);
        }

        @Override
        protected void arrangeUnreachable() {
            s.faults().throwAlways();
        }
    }

    @Nested
    class Schedules extends ScheduleSourceContract {
        private final FakeSources s = sources();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected ScheduleSource scheduleSource() {
            return s;
        }

        @Override
        protected void arrangeBadDocument() {
            bad(s);
        }

        @Override
        protected void arrangeUnreachable() {
            s.faults().throwAlways();
        }
    }

    @Nested
    class Upgrades extends UpgradeSourceContract {
        private final FakeSources s = sources();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected UpgradeSource upgradeSource() {
            return s;
        }

        @Override
        protected void arrangeBadDocument() {
            bad(s);
        }

        @Override
        protected void arrangeUnreachable() {
            s.faults().throwAlways();
        }
    }
}
