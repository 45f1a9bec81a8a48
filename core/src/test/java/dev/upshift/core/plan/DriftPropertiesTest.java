package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Drift over random clusters: a release whose defaults set some fields of a control plane, rules
 * that leave some of them to the cluster, and clusters built from the release's rendering by
 * changing fields the test chooses. The expected drift is what the test changed at the fields it
 * knows the release owns, never read back from the planner.
 */
class DriftPropertiesTest {
    private static final int EXAMPLES = 300;

    /** Set by the release's defaults; no rule leaves them to the cluster. */
    private static final List<String> OWNED = List.of("version", "rolloutStrategy", "kubeadmConfigSpec");
    /** Set by the release's defaults, left to the cluster: {@code replicas} by {@code keep}, {@code paused} by {@code ignore}. */
    private static final List<String> LEFT = List.of("replicas", "paused");
    /** Set by no release. */
    private static final List<String> UNSET = List.of("owner", "notes");

    private static final FieldRules RULES = FieldRules.of(
            FieldRule.forPath("spec.version").kind("KubeadmControlPlane").onConflict(OnConflict.OVERWRITE)
                    .impact(Impact.ROLLING).build(),
            FieldRule.forPath("spec.replicas").kind("KubeadmControlPlane").onConflict(OnConflict.KEEP).build(),
            FieldRule.forPath("spec.paused").kind("KubeadmControlPlane").ignore(true).build());

    private record Case(ManagedCluster cluster, Release release, Set<String> drifted) {}

    private static ObjectNode defaultsSpec(Random r) {
        ObjectNode spec = JSON.objectNode();
        spec.put("version", "v1.30." + r.nextInt(10));
        spec.putObject("rolloutStrategy").put("type", r.nextBoolean() ? "RollingUpdate" : "OnDelete")
                .putObject("rollingUpdate").put("maxSurge", r.nextInt(3));
        spec.putObject("kubeadmConfigSpec").putObject("clusterConfiguration").putObject("apiServer")
                .putObject("extraArgs").put("audit-log-maxage", String.valueOf(r.nextInt(90)));
        spec.put("replicas", 1 + 2 * r.nextInt(3));
        spec.put("paused", r.nextBoolean());
        return spec;
    }

    private static Release release(ObjectNode spec) {
        ObjectNode values = JSON.objectNode();
        values.set("spec", spec);
        return Release.builder("20.1.0").component("kubernetes", "1.30.2").fieldRules(RULES).defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)))).build();
    }

    /** The release's rendering of a control plane that has, besides, fields of its own. */
    private static ObjectNode rendered(ObjectNode spec, Random r) {
        ObjectNode doc = Fixtures.controlPlane("cp", "v0.0.0", 0);
        ObjectNode own = (ObjectNode) doc.get("spec");
        own.put("owner", "team-" + r.nextInt(5));
        own.setAll(spec.deepCopy());
        return doc;
    }

    /**
     * A cluster at the release: its rendering, with {@code changes} random changes, each at a field
     * drawn from {@code fields}; what it changed at owned fields is the drift expected.
     */
    private static Case generate(long seed, List<String> fields, int changes) {
        Random r = new Random(seed);
        ObjectNode spec = defaultsSpec(r);
        ObjectNode doc = rendered(spec, r);
        ObjectNode own = (ObjectNode) doc.get("spec");
        Set<String> drifted = new TreeSet<>();
        for (int i = 0; i < changes; i++) {
            String field = fields.get(r.nextInt(fields.size()));
            switch (field) {
                case "version" -> own.put("version", "v1.30." + r.nextInt(10));
                case "rolloutStrategy" -> ((ObjectNode) own.get("rolloutStrategy").get("rollingUpdate"))
                        .put("maxSurge", r.nextInt(3));
                case "kubeadmConfigSpec" -> ((ObjectNode) own.get("kubeadmConfigSpec").get("clusterConfiguration")
                        .get("apiServer").get("extraArgs")).put("audit-log-maxage", String.valueOf(r.nextInt(90)));
                case "replicas" -> own.put("replicas", r.nextInt(9));
                case "paused" -> own.put("paused", r.nextBoolean());
                case "owner" -> own.put("owner", "someone-" + r.nextInt(5));
                default -> own.put(field, "note " + r.nextInt(5));
            }
        }
        for (String field : OWNED) {
            if (!own.get(field).equals(spec.get(field))) {
                drifted.add(field);
            }
        }
        ManagedCluster cluster = Fixtures.cluster("c", "20.1.0").resources(DocumentSet.of(doc)).build();
        return new Case(cluster, release(spec), drifted);
    }

    private static PreparedFleet prepare(ManagedCluster cluster, Release release, DriftPolicy policy) {
        ClusterUpgrade upgrade = Fixtures.upgrade("stay", "20.1.0", Fixtures.all()).drift(policy).build();
        return Planner.standard().prepare(new PlanInput(ReleaseCatalog.of(List.of(release)), List.of(cluster), List.of(),
                List.of(upgrade), List.<HistoryEntry>of()));
    }

    /** The top field of {@code spec} under which each drifted field lies. */
    private static Set<String> topFields(List<FieldChange> drift) {
        Set<String> out = new TreeSet<>();
        for (FieldChange c : drift) {
            assertThat(c.path().toString()).startsWith("spec.");
            out.add(c.path().toString().substring("spec.".length()).split("\\.")[0]);
        }
        return out;
    }

    private static List<String> codes(PlanEntry e) {
        return e.reasons().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("a cluster exactly at its release's rendering (with fields of its own) is never drifted")
    void atTheRenderingIsNotDrifted() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = generate(seed, OWNED, 0);
            for (DriftPolicy policy : DriftPolicy.values()) {
                PreparedFleet fleet = prepare(c.cluster(), c.release(), policy);
                PlanEntry e = fleet.plan(NOW).entry("c").orElseThrow();
                assertThat(e.state()).isEqualTo(UpgradeState.UP_TO_DATE);
                assertThat(codes(e)).doesNotContain(ReasonCodes.DRIFTED);
                ClusterChange repair = fleet.repair("c").orElseThrow();
                assertThat(repair.drift()).isEmpty();
                assertThat(repair.changesCluster()).isFalse();
            }
        });
    }

    @Test
    @DisplayName("a change to a field the rules leave to the cluster (keep, ignore) or that no release sets is never drift")
    void fieldsLeftToTheClusterNeverDrift() {
        List<String> fields = new ArrayList<>(LEFT);
        fields.addAll(UNSET);
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = generate(seed, fields, 1 + (int) Math.floorMod(seed, 4L));
            assertThat(c.drifted()).isEmpty();
            PreparedFleet fleet = prepare(c.cluster(), c.release(), DriftPolicy.REPAIR);
            PlanEntry e = fleet.plan(NOW).entry("c").orElseThrow();
            assertThat(e.state()).isEqualTo(UpgradeState.UP_TO_DATE);
            assertThat(fleet.repair("c").orElseThrow().drift()).isEmpty();
            assertThat(fleet.repair("c").orElseThrow().changesCluster()).isFalse();
        });
    }

    @Test
    @DisplayName("a change to a field the release owns is drift, named with both values; the repair sets it back and"
            + " keeps what the cluster may keep; applied, it leaves the cluster not drifted")
    void repairingLeavesNoDrift() {
        List<String> fields = new ArrayList<>(OWNED);
        fields.addAll(LEFT);
        fields.addAll(UNSET);
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Case c = generate(seed, fields, 1 + (int) Math.floorMod(seed, 6L));
            PreparedFleet fleet = prepare(c.cluster(), c.release(), DriftPolicy.REPORT);
            PlanEntry e = fleet.plan(NOW).entry("c").orElseThrow();
            ClusterChange repair = fleet.repair("c").orElseThrow();
            assertThat(topFields(repair.drift())).isEqualTo(c.drifted());
            if (c.drifted().isEmpty()) {
                assertThat(e.state()).isEqualTo(UpgradeState.UP_TO_DATE);
                return;
            }
            assertThat(e.state()).isEqualTo(UpgradeState.BLOCKED);
            assertThat(codes(e)).containsExactly(ReasonCodes.DRIFTED);
            for (FieldChange f : repair.drift()) {
                assertThat(e.reasons().get(0).message()).contains(f.path().toString())
                        .contains(f.current().orElseThrow().toString()).contains(f.target().orElseThrow().toString());
            }
            assertThat(repair.isBlocked()).isFalse();
            DocumentSet repaired = repair.merge().orElseThrow().documents();
            ObjectNode before = (ObjectNode) c.cluster().resources().documents().get(0).tree().get("spec");
            ObjectNode after = (ObjectNode) repaired.documents().get(0).tree().get("spec");
            for (String field : LEFT) {
                assertThat(after.get(field)).as(field).isEqualTo(before.get(field));
            }
            for (String field : UNSET) {
                assertThat(after.get(field)).as(field).isEqualTo(before.get(field));
            }
            ManagedCluster fixed = c.cluster().toBuilder().resources(repaired).build();
            PreparedFleet again = prepare(fixed, c.release(), DriftPolicy.REPAIR);
            assertThat(again.repair("c").orElseThrow().drift()).isEmpty();
            assertThat(again.plan(NOW).entry("c").orElseThrow().state()).isEqualTo(UpgradeState.UP_TO_DATE);
        });
    }

    @Test
    @DisplayName("under drift: repair, a drifted cluster gets a configuration upgrade to its own release, and the"
            + " change to that release is the repair")
    void repairIsPlannedAsAConfigurationUpgrade() {
        qt().withExamples(100).forAll(longs().all()).checkAssert(seed -> {
            Case c = generate(seed, OWNED, 1 + (int) Math.floorMod(seed, 3L));
            if (c.drifted().isEmpty()) {
                return;
            }
            PreparedFleet fleet = prepare(c.cluster(), c.release(), DriftPolicy.REPAIR);
            PlanEntry e = fleet.plan(NOW).entry("c").orElseThrow();
            assertThat(e.state()).isEqualTo(UpgradeState.READY);
            assertThat(e.kind()).contains(PlanKind.CONFIG);
            assertThat(e.to()).contains(e.from());
            assertThat(codes(e)).containsExactly(ReasonCodes.DRIFTED);
            ClusterChange change = fleet.change("c", e.from()).orElseThrow();
            assertThat(topFields(change.drift())).isEqualTo(c.drifted());
            assertThat(change.impact()).isEqualTo(e.impact());
        });
    }
}
