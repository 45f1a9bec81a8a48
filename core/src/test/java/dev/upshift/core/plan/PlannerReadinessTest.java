package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.all;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.ApiRemoval;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import dev.upshift.spi.ReadinessAcceptance;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Readiness (issue 38): a document whose API the target of a hop no longer serves blocks exactly
 * that hop with {@code REMOVED_API}; one the path's target deprecates but serves is a warning; a
 * person's acceptance for the cluster and hop lifts it, on the record.
 */
class PlannerReadinessTest {
    /** Releases 1.M.0 running Kubernetes 1.M.1, for M from 20 to 33: one Kubernetes minor per hop. */
    private static final ReleaseCatalog CHAIN = ReleaseCatalog.of(chain());
    private static final List<ApiRemoval> TABLE = ApiRemovals.kubernetes().entries();
    /** APIs no release of the table removes. */
    private static final List<String[]> STABLE = List.of(new String[] {"apps/v1", "Deployment"},
            new String[] {"batch/v1", "CronJob"}, new String[] {"v1", "ConfigMap"}, new String[] {"example.com/v1", "Widget"});

    private static List<Release> chain() {
        List<Release> out = new ArrayList<>();
        for (int m = 20; m <= 33; m++) {
            out.add(Release.builder("1." + m + ".0").component("kubernetes", "1." + m + ".1").build());
        }
        return out;
    }

    private static Plan plan(ManagedCluster c, String target) {
        return Planner.standard().plan(new PlanInput(CHAIN, List.of(c), List.of(),
                List.of(upgrade("u", target, all()).build()), List.of()), NOW);
    }

    private static Manifest manifest(String apiVersion, String kind, String name) {
        return new Manifest(apiVersion, kind, name, new SourceLocation("apps/" + name + ".yaml", 1, 1));
    }

    private static ObjectNode cronJob(String apiVersion) {
        ObjectNode doc = Fixtures.JSON.objectNode();
        doc.put("apiVersion", apiVersion).put("kind", "CronJob");
        doc.putObject("metadata").put("name", "nightly").put("namespace", "ops");
        doc.putObject("spec").put("schedule", "0 3 * * *");
        return doc;
    }

    @Test
    @DisplayName("a batch/v1beta1 CronJob among the resources blocks the hop to Kubernetes 1.25, naming API, release"
            + " and replacement")
    void removedApiBlocksTheNextHop() {
        ManagedCluster c = cluster("prod-1", "1.24.0").resources(DocumentSet.of(cronJob("batch/v1beta1"))).build();
        PlanEntry e = plan(c, "1.25.0").entry("prod-1").orElseThrow();

        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        Reason r = e.reason(ReasonCodes.REMOVED_API).orElseThrow();
        assertThat(r.message()).contains("hop 1.24.0 → 1.25.0", "kubernetes 1.25", "batch/v1beta1 CronJob",
                "CronJob/nightly", "migrate to batch/v1 (served since 1.21)",
                "already served at the cluster's kubernetes 1.24: migrate them before the upgrade");
    }

    @Test
    @DisplayName("on a two-hop path the block falls on the hop that crosses the removal: the first hop is planned")
    void laterHopIsBlocked() {
        ManagedCluster c = cluster("prod-1", "1.23.0").manifests(List.of(manifest("batch/v1beta1", "CronJob", "nightly")))
                .build();
        PlanEntry e = plan(c, "1.25.0").entry("prod-1").orElseThrow();

        assertThat(e.hasReason(ReasonCodes.REMOVED_API)).isFalse();
        assertThat(e.state()).isNotEqualTo(UpgradeState.BLOCKED);
        assertThat(e.hops()).hasSize(2);
        assertThat(e.hops().get(0).reasons()).isEmpty();
        assertThat(e.hops().get(1).window()).isEmpty();
        assertThat(e.hops().get(1).reasons()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(ReasonCodes.REMOVED_API);
            assertThat(r.message()).contains("hop 1.24.0 → 1.25.0", "CronJob/nightly (apps/nightly.yaml:1:1)");
        });
        assertThat(Explanation.of(e, NOW).lines()).anySatisfy(l -> assertThat(l).contains("then hop 2 of 2",
                "is blocked", "batch/v1beta1 CronJob"));
    }

    @Test
    @DisplayName("an API deprecated but still served at the target is a warning, not a block")
    void deprecatedIsAWarning() {
        ManagedCluster c = cluster("prod-1", "1.21.0").manifests(List.of(manifest("batch/v1beta1", "CronJob", "nightly")))
                .build();
        PlanEntry e = plan(c, "1.22.0").entry("prod-1").orElseThrow();

        assertThat(e.state()).isNotEqualTo(UpgradeState.BLOCKED);
        assertThat(e.reason(ReasonCodes.DEPRECATED_API).orElseThrow().message())
                .contains("batch/v1beta1 CronJob", "deprecated in kubernetes 1.22", "removed in 1.25", "not a block");
        assertThat(Explanation.of(e, NOW).sentence()).contains("deprecated in kubernetes 1.22");
    }

    @Test
    @DisplayName("an acceptance for the cluster and the crossing hop lifts the block and says who and why")
    void acceptanceLiftsOneFinding() {
        ReadinessAcceptance ok = new ReadinessAcceptance("batch/v1beta1", "CronJob", Version.parse("1.25.0"), "ana",
                "the CronJob is deleted by the app team's next release", new SourceLocation("clusters/prod-1.yaml", 12, 9));
        ManagedCluster c = cluster("prod-1", "1.24.0").manifests(List.of(manifest("batch/v1beta1", "CronJob", "nightly"),
                manifest("policy/v1beta1", "PodDisruptionBudget", "web"))).accepted(List.of(ok)).build();
        PlanEntry e = plan(c, "1.25.0").entry("prod-1").orElseThrow();

        assertThat(e.reasons()).filteredOn(r -> r.code().equals(ReasonCodes.REMOVED_API)).singleElement()
                .satisfies(r -> assertThat(r.message()).contains("policy/v1beta1 PodDisruptionBudget"));
        assertThat(e.reason(ReasonCodes.REMOVED_API_ACCEPTED).orElseThrow().message())
                .contains("accepted by ana", "deleted by the app team", "clusters/prod-1.yaml:12:9", "batch/v1beta1 CronJob");

        ManagedCluster onlyCron = c.toBuilder().manifests(List.of(manifest("batch/v1beta1", "CronJob", "nightly"))).build();
        assertThat(plan(onlyCron, "1.25.0").entry("prod-1").orElseThrow().state()).isNotEqualTo(UpgradeState.BLOCKED);

        ReadinessAcceptance otherHop = new ReadinessAcceptance("batch/v1beta1", "CronJob", Version.parse("1.24.0"), "ana",
                "wrong hop", new SourceLocation("clusters/prod-1.yaml", 12, 9));
        ManagedCluster wrong = onlyCron.toBuilder().accepted(List.of(otherHop)).build();
        assertThat(plan(wrong, "1.25.0").entry("prod-1").orElseThrow().hasReason(ReasonCodes.REMOVED_API)).isTrue();
    }

    @Test
    @DisplayName("a fleet's own removal, of an add-on component, blocks like a built-in one")
    void ownRemovals() {
        ApiRemoval own = new ApiRemoval("example.com/v1", "Widget", "kubernetes", Optional.empty(), Version.parse("1.26"),
                Optional.of("example.com/v2"), Optional.of(Version.parse("1.24")), "removals.yaml:4:7");
        ManagedCluster c = cluster("prod-1", "1.25.0").manifests(List.of(manifest("example.com/v1", "Widget", "w")))
                .build();
        PlanInput in = new PlanInput(CHAIN, List.of(c), List.of(), List.of(upgrade("u", "1.26.0", all()).build()),
                List.of()).withRemovals(ApiRemovals.kubernetes().with(List.of(own)));
        PlanEntry e = Planner.standard().plan(in, NOW).entry("prod-1").orElseThrow();
        assertThat(e.reason(ReasonCodes.REMOVED_API).orElseThrow().message()).contains("example.com/v1 Widget",
                "migrate to example.com/v2");
    }

    @Test
    @DisplayName("property: a path whose hops serve every API used is never blocked by readiness; adding an API"
            + " removed at hop k blocks exactly hop k")
    void blocksExactlyTheCrossingHop() {
        qt().withExamples(300).forAll(integers().between(0, TABLE.size() - 1), integers().between(0, 12),
                integers().between(1, 13), lists().of(integers().between(0, TABLE.size() + STABLE.size() - 1))
                        .ofSizeBetween(0, 6))
                .assuming((r, start, length, used) -> 20 + start + length <= 33)
                .checkAssert((pick, start, length, used) -> {
                    int from = 20 + start;
                    int to = from + length;
                    List<Manifest> served = new ArrayList<>();
                    for (int u : used) {
                        String[] api = u < TABLE.size() ? new String[] {TABLE.get(u).apiVersion(), TABLE.get(u).kind()}
                                : STABLE.get(u - TABLE.size());
                        Optional<ApiRemoval> removal = ApiRemovals.kubernetes().find(api[0], api[1]);
                        if (removal.isEmpty() || removal.get().removedIn().minor() > to) {
                            served.add(manifest(api[0], api[1], "m" + served.size()));
                        }
                    }
                    ManagedCluster ok = cluster("c", "1." + from + ".0").manifests(served).build();
                    PlanEntry clean = plan(ok, "1." + to + ".0").entry("c").orElseThrow();
                    assertThat(clean.hasReason(ReasonCodes.REMOVED_API)).isFalse();
                    assertThat(clean.hops()).allSatisfy(h -> assertThat(h.reasons())
                            .noneMatch(x -> x.code().equals(ReasonCodes.REMOVED_API)));

                    ApiRemoval r = TABLE.get(pick);
                    int removed = (int) r.removedIn().minor();
                    if (removed <= from || removed > to) {
                        return;
                    }
                    int k = removed - from - 1;
                    List<Manifest> more = new ArrayList<>(served);
                    more.add(manifest(r.apiVersion(), r.kind(), "removed"));
                    PlanEntry e = plan(ok.toBuilder().manifests(more).build(), "1." + to + ".0").entry("c").orElseThrow();
                    assertThat(e.hops()).hasSize(length);
                    if (k == 0) {
                        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
                        assertThat(e.reasons()).filteredOn(x -> x.code().equals(ReasonCodes.REMOVED_API)).singleElement()
                                .satisfies(x -> assertThat(x.message()).contains(r.apiVersion() + " " + r.kind()));
                    } else {
                        assertThat(e.hasReason(ReasonCodes.REMOVED_API)).isFalse();
                        for (int h = 0; h < length; h++) {
                            List<Reason> rs = e.hops().get(h).reasons().stream()
                                    .filter(x -> x.code().equals(ReasonCodes.REMOVED_API)).toList();
                            assertThat(rs).as("hop %d of %d, removal at hop %d", h, length, k).hasSize(h == k ? 1 : 0);
                        }
                    }
                });
    }

    @Test
    @DisplayName("a live finding blocks the hop whose Kubernetes reaches its removal, saying when it was last seen")
    void liveFindingBlocksLikeAStaticOne() {
        ManagedCluster c = cluster("prod-1", "1.23.0").build();
        ReadinessFinding cron = new ReadinessFinding("batch/v1beta1", "cronjobs", Optional.of(Version.parse("1.25")),
                Optional.of(NOW), "apiserver_requested_deprecated_apis of cluster prod-1");
        PlanInput in = new PlanInput(CHAIN, List.of(c), List.of(), List.of(upgrade("u", "1.25.0", all()).build()),
                List.of());
        Plan first = Planner.standard().plan(in, NOW);
        List<String> asked = new ArrayList<>();
        ReadinessCheck check = (cluster, from, to, now) -> {
            asked.add(cluster.id() + " " + from.version() + " → " + to.version());
            return List.of(cron);
        };
        LiveReadings live = LiveReadings.gather(in, first, check, NOW);
        assertThat(asked).containsExactly("prod-1 1.23.0 → 1.24.0");

        PlanEntry e = Planner.standard().plan(in.withLive(live), NOW).entry("prod-1").orElseThrow();
        assertThat(e.hasReason(ReasonCodes.REMOVED_API)).isFalse();
        assertThat(e.hops().get(1).reasons()).singleElement().satisfies(r -> assertThat(r.message())
                .contains("hop 1.24.0 → 1.25.0", "batch/v1beta1 cronjobs", "last seen " + NOW,
                        "apiserver_requested_deprecated_apis of cluster prod-1"));

        ReadinessAcceptance ok = new ReadinessAcceptance("batch/v1beta1", "CronJob", Version.parse("1.25.0"), "ana",
                "the job is gone", new SourceLocation("c.yaml", 9, 9));
        PlanInput accepted = new PlanInput(CHAIN, List.of(c.toBuilder().accepted(List.of(ok)).build()), List.of(),
                List.of(upgrade("u", "1.25.0", all()).build()), List.of()).withLive(live);
        PlanEntry a = Planner.standard().plan(accepted, NOW).entry("prod-1").orElseThrow();
        assertThat(a.hops().get(1).reasons()).isEmpty();
        assertThat(a.hasReason(ReasonCodes.REMOVED_API_ACCEPTED)).isTrue();
    }

    @Test
    @DisplayName("a live check that cannot look blocks the next hop with READINESS_UNKNOWN, never reads as ready")
    void failedCheckIsNotReady() {
        ManagedCluster c = cluster("prod-1", "1.24.0").build();
        PlanInput in = new PlanInput(CHAIN, List.of(c), List.of(), List.of(upgrade("u", "1.25.0", all()).build()),
                List.of());
        LiveReadings live = LiveReadings.gather(in, Planner.standard().plan(in, NOW), (cluster, from, to, now) -> {
            throw new IllegalStateException("no kubeconfig Secret default/prod-1-kubeconfig");
        }, NOW);
        assertThat(live.failures()).containsOnlyKeys("prod-1");
        PlanEntry e = Planner.standard().plan(in.withLive(live), NOW).entry("prod-1").orElseThrow();
        assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
        assertThat(e.reason(ReasonCodes.READINESS_UNKNOWN).orElseThrow().message()).contains("no kubeconfig Secret");
    }
}
