package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.value.VersionChange;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class UpgradeGraphTest {

    static Release.Builder release(String version, String kubernetes) {
        return Release.builder(version).component("kubernetes", kubernetes).component("etcd", "3.5.9");
    }

    static UpgradeGraph graph(Release.Builder... builders) {
        return UpgradeGraph.build(ReleaseCatalog.of(java.util.Arrays.stream(builders).map(Release.Builder::build).toList()));
    }

    static List<String> versions(PathResult r) {
        assertThat(r).as(r.toString()).isInstanceOf(UpgradePath.class);
        return ((UpgradePath) r).versions().stream().map(Version::toString).toList();
    }

    static NoPath noPath(PathResult r) {
        assertThat(r).as(r.toString()).isInstanceOf(NoPath.class);
        return (NoPath) r;
    }

    @Nested
    @DisplayName("paths")
    class Paths {
        @Test
        void takesTheFewestHopsLandingOnTheNewestPatchOfEachIntermediateMinor() {
            UpgradeGraph g = graph(
                    release("1.0.0", "1.27.1"),
                    release("1.1.0", "1.28.1"), release("1.1.1", "1.28.2"), release("1.1.2", "1.28.3"),
                    release("1.2.0", "1.29.1"));
            assertThat(versions(g.path("1.0.0", "1.2.0"))).containsExactly("1.0.0", "1.1.2", "1.2.0");
        }

        @Test
        void jumpsStraightToTheTargetWhenAllowed() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"), release("1.0.1", "1.27.2"), release("1.0.5", "1.27.9"));
            assertThat(versions(g.path("1.0.0", "1.0.5"))).containsExactly("1.0.0", "1.0.5");
        }

        @Test
        void anAlreadyCurrentClusterHasAnEmptyPath() {
            UpgradePath p = (UpgradePath) graph(release("1.0.0", "1.27.1")).path("1.0.0", "v1.0");
            assertThat(p.hops()).isEmpty();
            assertThat(p.change()).isEqualTo(VersionChange.NONE);
        }

        @Test
        void ordersVersionsAsVersionsNeverAsStrings() {
            UpgradeGraph g = graph(release("1.9.0", "1.27.1"), release("1.10.0", "1.28.1"));
            assertThat(versions(g.path("1.9.0", "1.10.0"))).containsExactly("1.9.0", "1.10.0");
            assertThat(noPath(g.path("1.10.0", "1.9.0")).rule()).contains(Cut.Rule.NOT_NEWER);
        }

        @Test
        void neverStepsOnAWithdrawnRelease() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"), release("1.1.0", "1.28.1").state(ReleaseState.WITHDRAWN),
                    release("1.1.1", "1.28.2"), release("1.2.0", "1.29.1"));
            assertThat(versions(g.path("1.0.0", "1.2.0"))).containsExactly("1.0.0", "1.1.1", "1.2.0");
            NoPath n = noPath(g.path("1.0.0", "1.1.0"));
            assertThat(n.reason()).isEqualTo("1.1.0 is withdrawn");
        }

        @Test
        void aClusterOnAWithdrawnReleaseCanLeaveIt() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1").state(ReleaseState.WITHDRAWN), release("1.0.1", "1.27.2"));
            assertThat(versions(g.path("1.0.0", "1.0.1"))).containsExactly("1.0.0", "1.0.1");
        }

        @Test
        void reportsHopKindsAndComponentsWhoseCompatibilityWasAssumed() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"),
                    Release.builder("2.0.0").component("kubernetes", "1.28.0").component("etcd", "3.5.12")
                            .componentUpgradesFrom("kubernetes", ">=1.27"));
            UpgradePath p = (UpgradePath) g.path("1.0.0", "2.0.0");
            assertThat(p.change()).isEqualTo(VersionChange.MAJOR);
            assertThat(p.hops().get(0).uncheckedComponents()).containsExactly("etcd");
            assertThat(p.isUnchecked()).isTrue();
        }
    }

    @Nested
    @DisplayName("why there is no path")
    class Explanations {
        @Test
        void namesTheUpgradesFromConstraintThatRefusesTheClustersRelease() {
            UpgradeGraph g = graph(release("19.1.3", "1.27.1"), release("20.0.0", "1.28.1").upgradesFrom(">=19.2.0"));
            NoPath n = noPath(g.path("19.1.3", "20.0.0"));
            assertThat(n.reason()).isEqualTo("20.0.0 accepts >=19.2.0 but the cluster runs 19.1.3");
            assertThat(n.rule()).contains(Cut.Rule.UPGRADES_FROM);
        }

        @Test
        void namesAKubernetesMinorSkip() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"), release("2.0.0", "1.29.1"));
            assertThat(noPath(g.path("1.0.0", "2.0.0")).reason()).isEqualTo("kubernetes 1.27 → 1.29 skips a minor (1.0.0 → 2.0.0)");
        }

        @Test
        void namesAComponentRule() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"),
                    Release.builder("1.1.0").component("kubernetes", "1.28.1").component("etcd", "3.5.12")
                            .componentUpgradesFrom("etcd", ">=3.5.10"));
            assertThat(noPath(g.path("1.0.0", "1.1.0")).reason())
                    .isEqualTo("etcd 3.5.12 in 1.1.0 accepts etcd >=3.5.10 but the cluster runs 1.0.0 with etcd 3.5.9");
        }

        @Test
        void namesAComponentThatWouldMoveDown() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"),
                    Release.builder("1.1.0").component("kubernetes", "1.28.1").component("etcd", "3.5.1"));
            assertThat(noPath(g.path("1.0.0", "1.1.0")).reason())
                    .isEqualTo("etcd would move down from 3.5.9 (in 1.0.0) to 3.5.1 (in 1.1.0)");
        }

        @Test
        void explainsFromTheNewestReleaseTheClusterCanReach() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"), release("1.0.4", "1.27.5"),
                    release("1.2.0", "1.29.1"), release("2.0.0", "1.29.3").upgradesFrom(">=1.2.0"));
            NoPath n = noPath(g.path("1.0.0", "2.0.0"));
            assertThat(n.reason()).isEqualTo("kubernetes 1.27 → 1.29 skips a minor (1.0.4 → 1.2.0);"
                    + " 1.2.0 is the oldest release that leads on to 2.0.0");
            assertThat(n.cuts()).extracting(Cut::rule).containsExactly(Cut.Rule.SKEW, Cut.Rule.UPGRADES_FROM);
            assertThat(n.cuts().get(1).message()).isEqualTo("2.0.0 accepts >=1.2.0 but the newest release reachable from 1.0.0 is 1.0.4");
        }

        @Test
        void explainsTheCutBetweenWhatTheClusterReachesAndWhatLeadsOnToTheTarget() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1").component("cilium", "1.13.3"),
                    release("1.0.4", "1.27.5").component("cilium", "1.13.4"),
                    release("1.0.5", "1.27.6").state(ReleaseState.WITHDRAWN),
                    release("1.1.0", "1.28.1").component("cilium", "1.13.0"),
                    release("1.2.0", "1.29.1").component("cilium", "1.14.0").upgradesFrom(">=1.1.0"));
            NoPath n = noPath(g.path("1.0.0", "1.2.0"));
            assertThat(n.reason()).isEqualTo("cilium would move down from 1.13.4 (in 1.0.4) to 1.13.0 (in 1.1.0);"
                    + " 1.1.0 is the oldest release that leads on to 1.2.0");
            assertThat(n.cuts()).extracting(Cut::rule).containsExactly(Cut.Rule.COMPONENT_DOWNGRADE, Cut.Rule.UPGRADES_FROM);
        }

        @Test
        void namesReleasesThatAreNotInTheCatalog() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"));
            assertThat(noPath(g.path("0.9.0", "1.0.0")).reason()).isEqualTo("the cluster runs 0.9.0, which is not in the catalog");
            assertThat(noPath(g.path("1.0.0", "3.0.0")).reason()).isEqualTo("3.0.0 is not in the catalog");
        }

        @Test
        void refusesDowngrades() {
            UpgradeGraph g = graph(release("1.0.0", "1.27.1"), release("1.1.0", "1.28.1"));
            assertThat(noPath(g.path("1.1.0", "1.0.0")).reason()).isEqualTo("1.0.0 is not newer than 1.1.0: downgrades are not upgrades");
        }
    }

    @Nested
    @DisplayName("workers lagging the control plane")
    class WorkerSkew {
        private final ReleaseCatalog sixMinors = ReleaseCatalog.of(List.of(
                release("1.0.0", "1.27.1").build(), release("1.1.0", "1.28.1").build(), release("1.2.0", "1.29.1").build(),
                release("1.3.0", "1.30.1").build(), release("1.4.0", "1.31.1").build(), release("1.5.0", "1.32.1").build()));

        private List<Boolean> moves(int skew) {
            UpgradePath p = (UpgradePath) UpgradeGraph.builder(sixMinors).workerSkew(skew).build().path("1.0.0", "1.5.0");
            return p.hops().stream().map(Hop::workersMove).toList();
        }

        @Test
        void workersMoveOnlyWhenTheLagWouldExceedTheSkewAndAtTheLastHop() {
            assertThat(moves(3)).containsExactly(false, false, true, false, true);
            assertThat(moves(2)).containsExactly(false, true, false, true, true);
            assertThat(moves(0)).containsExactly(true, true, true, true, true);
        }

        @Test
        void tellsWhichReleaseTheWorkersRunAfterEachHop() {
            UpgradePath p = (UpgradePath) UpgradeGraph.build(sixMinors).path("1.0.0", "1.5.0");
            assertThat(p.hops()).extracting(h -> h.workersRelease().version().toString())
                    .containsExactly("1.0.0", "1.0.0", "1.3.0", "1.3.0", "1.5.0");
        }
    }
}
