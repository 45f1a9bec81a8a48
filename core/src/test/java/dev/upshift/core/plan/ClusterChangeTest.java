package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.JSON;
import static dev.upshift.core.plan.Fixtures.NOW;
import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.controlPlane;
import static dev.upshift.core.plan.Fixtures.controlPlaneDefaults;
import static dev.upshift.core.plan.Fixtures.documents;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.present.PlanJson;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.render.ResultJson;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link PreparedFleet#change}: the whole change of a cluster, as the plan judges it, and the caller's own. */
class ClusterChangeTest {
    /** The codes a change's blockers carry; a plan entry's other reasons come from elsewhere. */
    private static final Set<String> CHANGE_CODES = Set.of(ReasonCodes.FIELD_CONFLICT, ReasonCodes.IMMUTABLE_FIELD,
            ReasonCodes.INVALID_RESOURCES, ReasonCodes.RENDERING_REJECTED, ReasonCodes.RENDERER_FAILED);

    private static final FieldRules RULES = FieldRules.of(
            FieldRule.forPath("spec.version").kind("KubeadmControlPlane").onConflict(OnConflict.OVERWRITE)
                    .impact(Impact.ROLLING).build(),
            FieldRule.forPath("spec.replicas").kind("KubeadmControlPlane").impact(Impact.IN_PLACE).build(),
            FieldRule.forPath("spec.machineTemplate").kind("KubeadmControlPlane").mutable(false).build());

    private static Release release(String version, String kcpVersion, int replicas, String template) {
        ObjectNode spec = JSON.objectNode().put("version", kcpVersion).put("replicas", replicas)
                .put("machineTemplate", template);
        return Release.builder(version).component("kubernetes", kcpVersion.substring(1)).defaults(controlPlaneDefaults(spec))
                .fieldRules(RULES).build();
    }

    /** A release whose defaults move the control plane to another API group: no cluster's resources take them. */
    private static Release movingGroup() {
        ObjectNode values = JSON.objectNode().put("apiVersion", "elsewhere.example/v1");
        return Release.builder("19.4.0").component("kubernetes", "1.28.11").fieldRules(RULES).defaults(DocumentDefaults.of(
                List.of(DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), values)))).build();
    }

    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(release("19.1.0", "v1.28.3", 3, "t1"),
            release("19.2.0", "v1.28.9", 5, "t1"), release("19.3.0", "v1.28.10", 3, "t2"), movingGroup()));

    private static ManagedCluster withPlane(String id, String release, int replicas) {
        ObjectNode doc = controlPlane(id, "v1.28.3", replicas);
        ((ObjectNode) doc.get("spec")).put("machineTemplate", "t1");
        return cluster(id, release).resources(documents(doc)).build();
    }

    private static ClusterUpgrade to(String release, String clusters) {
        return upgrade("to-" + release, release, ClusterMatcher.clusterIdRegex(clusters)).build();
    }

    private static PreparedFleet prepare(Optional<Renderer> renderer, List<ManagedCluster> clusters,
            List<ClusterUpgrade> upgrades) {
        Planner.Builder planner = Planner.builder();
        renderer.ifPresent(planner::renderer);
        return planner.build().prepare(new PlanInput(CATALOG, clusters, List.of(), upgrades, List.<HistoryEntry>of()));
    }

    /** The change of the entry's cluster to the entry's target, checked to say what the entry says. */
    private static ClusterChange agreesWithThePlan(PreparedFleet fleet, PlanEntry entry) {
        ClusterChange change = fleet.change(entry.cluster(), entry.to().orElseThrow()).orElseThrow();
        assertThat(change.impact()).as("impact of %s", entry).isEqualTo(entry.impact());
        assertThat(change.blockers()).as("blockers of %s", entry)
                .isEqualTo(entry.reasons().stream().filter(r -> CHANGE_CODES.contains(r.code())).toList());
        assertThat(change.from()).isEqualTo(entry.from());
        assertThat(change.to()).isEqualTo(entry.to().get());
        return change;
    }

    private static List<String> codes(ClusterChange change) {
        return change.blockers().stream().map(Reason::code).toList();
    }

    @Test
    @DisplayName("the change of each cluster has the impact and the blockers its plan entry shows: a release upgrade,"
            + " a conflict, an immutable field, values alone, invalid resources, no resources")
    void agreesWithThePlan() {
        ManagedCluster valued = withPlane("valued", "19.1.0", 3).toBuilder()
                .values(controlPlaneDefaults(JSON.objectNode().put("replicas", 4))).build();
        PreparedFleet fleet = prepare(Optional.empty(), List.of(withPlane("plain", "19.1.0", 3),
                withPlane("custom", "19.1.0", 4), withPlane("immutable", "19.1.0", 3), valued,
                withPlane("invalid", "19.1.0", 3), cluster("bare", "19.1.0").build()),
                List.of(to("19.2.0", "plain|custom|bare"), to("19.3.0", "immutable"), to("19.4.0", "invalid")));
        Plan plan = fleet.plan(NOW);

        ClusterChange plain = agreesWithThePlan(fleet, plan.entry("plain").orElseThrow());
        assertThat(plain.impact()).contains(Impact.ROLLING);
        assertThat(plain.changesCluster()).isTrue();
        assertThat(plain.merge().orElseThrow().changedDocuments()).hasSize(1);
        assertThat(plain.base()).isPresent();
        assertThat(plain.target()).isPresent();
        assertThat(codes(agreesWithThePlan(fleet, plan.entry("custom").orElseThrow())))
                .containsExactly(ReasonCodes.FIELD_CONFLICT);
        assertThat(codes(agreesWithThePlan(fleet, plan.entry("immutable").orElseThrow())))
                .containsExactly(ReasonCodes.IMMUTABLE_FIELD);

        PlanEntry config = plan.entry("valued").orElseThrow();
        assertThat(config.kind()).contains(PlanKind.CONFIG);
        ClusterChange values = agreesWithThePlan(fleet, config);
        assertThat(values.to()).isEqualTo(values.from());
        assertThat(values.impact()).contains(Impact.IN_PLACE);
        FieldChange replicas = values.merge().orElseThrow().clusterChanges().get(0);
        assertThat(replicas.path()).hasToString("spec.replicas");
        assertThat(replicas.result()).contains(JSON.numberNode(4));

        ClusterChange invalid = agreesWithThePlan(fleet, plan.entry("invalid").orElseThrow());
        assertThat(codes(invalid)).containsExactly(ReasonCodes.INVALID_RESOURCES);
        assertThat(invalid.merge()).isEmpty();
        assertThat(invalid.blockers().get(0).message()).contains("elsewhere.example/v1");

        ClusterChange bare = agreesWithThePlan(fleet, plan.entry("bare").orElseThrow());
        assertThat(bare.impact()).as("no resources: nothing to judge").isEmpty();
        assertThat(bare.merge().orElseThrow().changedDocuments()).isEmpty();
        assertThat(bare.isBlocked()).isFalse();
    }

    /** Renders the control plane at the release, with machine template t9 for clusters named moved-… */
    private static final class TemplateRenderer implements Renderer {
        final Map<String, Integer> calls = new TreeMap<>();

        @Override
        public Rendering render(ManagedCluster cluster, Release release) {
            calls.merge(cluster.id(), 1, Integer::sum);
            if (cluster.id().startsWith("refused")) {
                return Rendering.rejected("the admission webhook refuses it");
            }
            if (cluster.id().startsWith("down")) {
                throw new IllegalStateException("management cluster unreachable");
            }
            ObjectNode doc = controlPlane(cluster.id(), "v" + release.component("kubernetes").orElseThrow(), 3);
            ((ObjectNode) doc.get("spec")).put("machineTemplate", cluster.id().startsWith("moved") ? "t9" : "t1");
            return Rendering.rendered(documents(doc));
        }
    }

    @Test
    @DisplayName("with a renderer, the change's target is its dry run, as in the plan; it is asked again for the change")
    void agreesWithThePlanWithARenderer() {
        TemplateRenderer renderer = new TemplateRenderer();
        PreparedFleet fleet = prepare(Optional.of(renderer), List.of(withPlane("kept", "19.1.0", 3),
                withPlane("moved", "19.1.0", 3), withPlane("refused", "19.1.0", 3)), List.of(to("19.2.0", ".*")));
        Plan plan = fleet.plan(NOW);

        ClusterChange kept = agreesWithThePlan(fleet, plan.entry("kept").orElseThrow());
        assertThat(kept.impact()).contains(Impact.ROLLING);
        assertThat(kept.target().orElseThrow().documents()).singleElement()
                .satisfies(d -> assertThat(d.tree().at("/spec/version").asText()).isEqualTo("v1.28.9"));
        assertThat(codes(agreesWithThePlan(fleet, plan.entry("moved").orElseThrow())))
                .containsExactly(ReasonCodes.IMMUTABLE_FIELD);
        ClusterChange refused = agreesWithThePlan(fleet, plan.entry("refused").orElseThrow());
        assertThat(codes(refused)).containsExactly(ReasonCodes.RENDERING_REJECTED);
        assertThat(refused.merge()).isEmpty();
        assertThat(refused.target()).isEmpty();
        assertThat(renderer.calls).as("once by the plan, once by the change").containsOnly(Map.entry("kept", 2),
                Map.entry("moved", 2), Map.entry("refused", 2));
    }

    @Test
    @DisplayName("a renderer that throws gives a change with no merge and RENDERER_FAILED, its message and no Java names")
    void rendererFails() {
        PreparedFleet fleet = prepare(Optional.of(new TemplateRenderer()), List.of(withPlane("down", "19.1.0", 3)),
                List.of());
        ClusterChange down = fleet.change("down", Version.parse("19.2.0")).orElseThrow();
        assertThat(codes(down)).containsExactly(ReasonCodes.RENDERER_FAILED);
        assertThat(down.blockers().get(0).message()).contains("management cluster unreachable")
                .doesNotContain("Exception");
        assertThat(down.merge()).isEmpty();
        assertThat(down.impact()).isEmpty();
        assertThat(down.current().size()).isEqualTo(1);
    }

    @Test
    @DisplayName("a cluster on a release the catalog lacks is merged two-way; an unknown cluster or release has no change")
    void unknownReleasesAndClusters() {
        PreparedFleet fleet = prepare(Optional.empty(), List.of(withPlane("lost", "18.0.0", 3)), List.of());
        ClusterChange lost = fleet.change("lost", Version.parse("19.2.0")).orElseThrow();
        assertThat(lost.base()).isEmpty();
        assertThat(lost.merge().orElseThrow().isThreeWay()).isFalse();
        assertThat(lost.merge().orElseThrow().conflicts()).isNotEmpty()
                .allSatisfy(c -> assertThat(c.message()).contains("no baseline"));
        assertThat(fleet.change("found", Version.parse("19.2.0"))).isEmpty();
        assertThat(fleet.change("lost", Version.parse("9.9.9"))).isEmpty();
    }

    @Test
    @DisplayName("a change belongs to its caller: changing every tree it reaches changes no plan, no later change,"
            + " nor the input's or the renderer's documents")
    void theCallersOwn() {
        ObjectNode rendered = controlPlane("a", "v1.28.9", 5);
        ((ObjectNode) rendered.get("spec")).put("machineTemplate", "t1");
        DocumentSet cached = documents(rendered);
        Renderer sameAnswer = (cluster, release) -> Rendering.rendered(cached);
        ManagedCluster a = withPlane("a", "19.1.0", 4).toBuilder()
                .values(controlPlaneDefaults(JSON.objectNode().put("version", "v1.28.9"))).build();
        for (Optional<Renderer> renderer : List.of(Optional.<Renderer>empty(), Optional.of(sameAnswer))) {
            PreparedFleet fleet = prepare(renderer, List.of(a), List.of(to("19.2.0", "a")));
            String input = everything(a.resources());
            String answer = everything(cached);
            String plan = PlanJson.render(fleet.plan(NOW));
            ClusterChange first = fleet.change("a", Version.parse("19.2.0")).orElseThrow();
            String change = ResultJson.render(first.merge().orElseThrow());
            assertThat(first.merge().orElseThrow().changes()).isNotEmpty();

            int scribbled = scribble(first);

            assertThat(scribbled).as("trees changed").isGreaterThan(5);
            assertThat(ResultJson.render(first.merge().orElseThrow())).as("the scribbles show").isNotEqualTo(change);
            assertThat(everything(a.resources())).isEqualTo(input);
            assertThat(everything(cached)).isEqualTo(answer);
            assertThat(PlanJson.render(fleet.plan(NOW))).isEqualTo(plan);
            assertThat(ResultJson.render(fleet.change("a", Version.parse("19.2.0")).orElseThrow().merge().orElseThrow()))
                    .isEqualTo(change);
        }
    }

    /** Every tree of the documents and of their sources, as text. */
    private static String everything(DocumentSet documents) {
        StringBuilder out = new StringBuilder();
        for (Document d : documents.documents()) {
            out.append(d.tree()).append(d.source().root());
        }
        return out.toString();
    }

    /** Changes every object and array a change reaches; how many it changed. */
    private static int scribble(ClusterChange change) {
        List<JsonNode> trees = new ArrayList<>();
        MergeResult merge = change.merge().orElseThrow();
        List<DocumentSet> sets = new ArrayList<>(List.of(change.current(), merge.documents(), merge.target()));
        merge.base().ifPresent(sets::add);
        change.base().ifPresent(sets::add);
        change.target().ifPresent(sets::add);
        for (DocumentSet set : sets) {
            for (Document d : set.documents()) {
                trees.add(d.tree());
                trees.add(d.source().root());
            }
        }
        for (FieldChange c : merge.changes()) {
            for (Optional<JsonNode> v : List.of(c.base(), c.current(), c.target(), c.result())) {
                v.ifPresent(trees::add);
            }
        }
        int changed = 0;
        for (JsonNode t : trees) {
            if (t instanceof ObjectNode o) {
                o.put("scribbled", true);
                changed++;
            } else if (t instanceof ArrayNode array) {
                array.add("scribbled");
                changed++;
            }
        }
        return changed;
    }
}
