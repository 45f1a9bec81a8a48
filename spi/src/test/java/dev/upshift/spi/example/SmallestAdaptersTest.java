package dev.upshift.spi.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.Decision;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeStrategy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The adapters docs/spi.md shows, compiled and exercised here; {@link SpiDocTest} checks that the
 * page shows exactly these tagged regions.
 */
class SmallestAdaptersTest {

    @Test
    @DisplayName("the in-memory fleet lists what it holds, and its releases build a catalog with a path")
    void inMemoryFleet() {
        // tag::usage[]
        InMemoryFleet fleet = new InMemoryFleet(
                List.of(ManagedCluster.builder("prod-eu-1").label("stage", "prod").infrastructure("aws")
                        .release("19.3.1").build()),
                List.of(Release.builder("19.3.1").component("kubernetes", "1.29.4").build(),
                        Release.builder("20.1.0").component("kubernetes", "1.30.2")
                                .upgradesFrom(">=19.3.0 <20.1.0").build()));

        ReleaseCatalog catalog = ReleaseCatalog.of(fleet.releases().items());
        PathResult path = UpgradeGraph.build(catalog).path(Version.parse("19.3.1"), Version.parse("20.1.0"));
        // end::usage[]

        assertThat(fleet.clusters().items()).extracting(ManagedCluster::id).containsExactly("prod-eu-1");
        assertThat(fleet.clusters().problems()).isEmpty();
        assertThat(fleet.releases().items()).hasSize(2);
        assertThat(path).isInstanceOfSatisfying(UpgradePath.class, p -> assertThat(p.hops()).hasSize(1));
    }

    @Test
    @DisplayName("a lambda over a list is an inventory")
    void lambdaInventory() {
        List<ManagedCluster> clusters = List.of(cluster("stage", "dev"));
        // tag::lambda[]
        ClusterInventory inventory = () -> Listing.of(clusters);
        // end::lambda[]

        assertThat(inventory.clusters().items()).isEqualTo(clusters);
    }

    @Test
    @DisplayName("the approval hook holds prod clusters back until they carry the approval label")
    void approvalHook() {
        // tag::hook[]
        UpgradeHook approvalForProd = new UpgradeHook() {
            @Override
            public HookResult beforeUpgrade(Upgrade upgrade) {
                Map<String, String> labels = upgrade.cluster().labels();
                if (!"prod".equals(labels.get("stage")) || labels.containsKey("upgrade-approved")) {
                    return HookResult.proceed();
                }
                return HookResult.retryAfter(Duration.ofMinutes(15)); // the labels are read again by then
            }
        };
        // end::hook[]

        ManagedCluster prod = cluster("stage", "prod");
        assertThat(approvalForProd.beforeUpgrade(upgrade(prod)))
                .isEqualTo(HookResult.retryAfter(Duration.ofMinutes(15)));
        assertThat(approvalForProd.beforeUpgrade(upgrade(prod.toBuilder().label("upgrade-approved", "jo").build())))
                .isEqualTo(HookResult.proceed());
        assertThat(approvalForProd.beforeUpgrade(upgrade(cluster("stage", "dev")))).isEqualTo(HookResult.proceed());
    }

    @Test
    @DisplayName("the in-place strategy accepts changes that need no new machines and declines the others with why")
    void inPlaceStrategy() {
        // tag::strategy[]
        UpgradeStrategy inPlace = request -> {
            Impact impact = request.diff().highestImpact();
            if (impact.compareTo(Impact.IN_PLACE) > 0) {
                return Decision.decline("changes of impact " + impact + " need new machines");
            }
            // a real strategy starts (or queues) the node work for request.machines() here
            return Decision.accept();
        };
        // end::strategy[]

        assertThat(inPlace.decide(request(Impact.IN_PLACE))).isEqualTo(Decision.accept());
        assertThat(inPlace.decide(request(Impact.REPLACE)))
                .isEqualTo(Decision.decline("changes of impact replace need new machines"));
    }

    private static ManagedCluster cluster(String key, String value) {
        return ManagedCluster.builder("c").label(key, value).infrastructure("aws").release("19.3.1").build();
    }

    private static Upgrade upgrade(ManagedCluster cluster) {
        return Upgrade.of("u-1", cluster, Version.parse("20.1.0"));
    }

    private static UpgradeRequest request(Impact impact) {
        DocumentSet current = DocumentSet.of(controlPlane("v1.29.4"));
        DocumentSet target = DocumentSet.of(controlPlane("v1.30.2"));
        MergeResult diff = ThreeWayMerge.withRules(FieldRules.none()).defaultImpact(impact)
                .merge(current, current, target);
        ManagedCluster cluster = ManagedCluster.builder("c").infrastructure("aws").release("19.3.1")
                .resources(current).build();
        return new UpgradeRequest(upgrade(cluster),
                UpgradeRequest.Owner.controlPlane(current.documents().get(0).id()), List.of(), target, diff,
                StrategyPreference.IN_PLACE);
    }

    private static ObjectNode controlPlane(String version) {
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        tree.put("apiVersion", "controlplane.cluster.x-k8s.io/v1beta1");
        tree.put("kind", "KubeadmControlPlane");
        tree.putObject("metadata").put("name", "c-control-plane");
        tree.putObject("spec").put("version", version);
        return tree;
    }
}
