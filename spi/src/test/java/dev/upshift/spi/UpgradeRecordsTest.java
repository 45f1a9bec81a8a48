package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The values the engine hands to effectful adapters: upgrades, requests, events, history, listings. */
class UpgradeRecordsTest {
    private static final Instant START = Instant.parse("2026-03-10T07:00:00Z");
    private static final ManagedCluster CLUSTER = ManagedCluster.builder("prod-eu-1").infrastructure("aws")
            .release("19.3.1").build();
    private static final Version TARGET = Version.of(20, 1, 0);

    @Test
    @DisplayName("Upgrade.of moves a cluster from the release it runs; withIntent names the intent")
    void upgradeOf() {
        Upgrade upgrade = Upgrade.of("u-1", CLUSTER, TARGET);

        assertThat(upgrade.from()).isEqualTo(Version.of(19, 3, 1));
        assertThat(upgrade.to()).isEqualTo(TARGET);
        assertThat(upgrade.intent()).isEmpty();
        assertThat(upgrade.withIntent("fleet-to-20.1").intent()).contains("fleet-to-20.1");
        assertThat(upgrade).hasToString("prod-eu-1 19.3.1 → 20.1.0");
    }

    @Test
    @DisplayName("a configuration upgrade stays on its release; an upgrade never moves down")
    void upgradeDirection() {
        assertThat(Upgrade.of("config", CLUSTER, CLUSTER.release()).to()).isEqualTo(CLUSTER.release());
        assertThatThrownBy(() -> Upgrade.of("down", CLUSTER, Version.of(19, 2, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("down from 19.3.1 to 19.2.0");
        assertThatThrownBy(() -> Upgrade.of(" ", CLUSTER, TARGET)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Upgrade.of("u", CLUSTER, TARGET).withIntent(""))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("an event for a success carries no reason; one for a failure must; the duration is finish minus start")
    void events() {
        Upgrade upgrade = Upgrade.of("u-1", CLUSTER, TARGET);
        UpgradeEvent ok = UpgradeEvent.succeeded(upgrade, START, START.plus(Duration.ofMinutes(42)));
        UpgradeEvent failed = UpgradeEvent.failed(upgrade, "cp-2 did not drain", START, START.plusSeconds(5));

        assertThat(ok.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(ok.failureReason()).isEmpty();
        assertThat(ok.duration()).isEqualTo(Duration.ofMinutes(42));
        assertThat(ok.upgrade().cluster().infrastructure()).isEqualTo("aws");
        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.failureReason()).contains("cp-2 did not drain");
        assertThat(failed.duration()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    @DisplayName("an event refuses a failure without reason, a success with one, a negative or backward duration")
    void eventValidation() {
        Upgrade upgrade = Upgrade.of("u-1", CLUSTER, TARGET);

        assertThatThrownBy(() -> new UpgradeEvent(upgrade, Outcome.FAILED, Optional.empty(), START, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
        assertThatThrownBy(() -> UpgradeEvent.failed(upgrade, " ", START, START))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UpgradeEvent(upgrade, Outcome.SUCCEEDED, Optional.of("x"), START, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UpgradeEvent(upgrade, Outcome.SUCCEEDED, Optional.empty(), START,
                Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UpgradeEvent.succeeded(upgrade, START, START.minusSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before it starts");
    }

    @Test
    @DisplayName("a history entry takes cluster, releases, intent and id from its upgrade, and copies its reasons")
    void historyEntries() {
        Upgrade upgrade = Upgrade.of("u-1", CLUSTER, TARGET).withIntent("fleet-to-20.1");
        List<Reason> reasons = new ArrayList<>(List.of(Reason.of("STRATEGY_DECLINED", "in-place: etcd changes")));
        HistoryEntry entry = HistoryEntry.of(START, upgrade, UpgradeState.BLOCKED, "", reasons);
        reasons.clear();

        assertThat(entry).isEqualTo(new HistoryEntry(START, "prod-eu-1", "u-1", Version.of(19, 3, 1), TARGET,
                Optional.of("fleet-to-20.1"), UpgradeState.BLOCKED, "",
                List.of(Reason.of("STRATEGY_DECLINED", "in-place: etcd changes"))));
        assertThat(HistoryEntry.of(START, upgrade, UpgradeState.IN_PROGRESS, "published as 3f2a1c9").reasons())
                .isEmpty();
        assertThatThrownBy(() -> new HistoryEntry(START, "c", "u", TARGET, Version.of(19, 3, 1), Optional.empty(),
                UpgradeState.FAILED, "", List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HistoryEntry(START, " ", "u", TARGET, TARGET, Optional.empty(),
                UpgradeState.FAILED, "", List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a strategy request names its owner, copies its machines and refuses one listed twice")
    void requests() {
        DocumentId cp = new DocumentId("controlplane.cluster.x-k8s.io", "KubeadmControlPlane", "default", "prod-eu-1");
        DocumentId m1 = new DocumentId("cluster.x-k8s.io", "Machine", "default", "cp-1");
        DocumentId m2 = new DocumentId("cluster.x-k8s.io", "Machine", "default", "cp-2");
        MergeResult diff = ThreeWayMerge.withRules(FieldRules.none()).mergeWithoutBase(DocumentSet.empty(),
                DocumentSet.empty());
        Upgrade upgrade = Upgrade.of("u-1", CLUSTER, TARGET);
        List<DocumentId> machines = new ArrayList<>(List.of(m1, m2));

        UpgradeRequest request = new UpgradeRequest(upgrade, UpgradeRequest.Owner.controlPlane(cp), machines,
                DocumentSet.empty(), diff, StrategyPreference.IN_PLACE);
        machines.add(m1);

        assertThat(request.machines()).containsExactly(m1, m2);
        assertThat(request.owner().kind()).isEqualTo(UpgradeRequest.Owner.Kind.CONTROL_PLANE);
        assertThat(request.owner()).hasToString("control plane prod-eu-1");
        assertThat(UpgradeRequest.Owner.machineDeployment(cp).kind())
                .isEqualTo(UpgradeRequest.Owner.Kind.MACHINE_DEPLOYMENT);
        assertThatThrownBy(() -> new UpgradeRequest(upgrade, UpgradeRequest.Owner.controlPlane(cp), List.of(m1, m1),
                DocumentSet.empty(), diff, StrategyPreference.IN_PLACE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("listed twice");
    }

    @Test
    @DisplayName("a listing copies its items and problems and refuses nulls in them")
    void listings() {
        Problem bad = Problem.error(new SourceLocation("fleet/c.yaml", 3, 5), "spec.release", "not a version");
        List<String> items = new ArrayList<>(List.of("a"));
        Listing<String> listing = Listing.of(items, List.of(bad));
        items.add("b");

        assertThat(listing.items()).containsExactly("a");
        assertThat(listing.problems()).containsExactly(bad);
        assertThat(Listing.of(List.of("a")).problems()).isEmpty();
        assertThat(Listing.<String>empty().items()).isEmpty();
        assertThatThrownBy(() -> Listing.of(Arrays.asList("a", null))).isInstanceOf(NullPointerException.class);
    }
}
