package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A merge limited to some documents, as the engine publishes a hop's control plane before its
 * workers: the other documents stay as the cluster has them, and the whole result, published after,
 * reaches what the whole would have reached alone.
 */
class RestrictedMergeTest {
    private static final String CP = """
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata: {name: cp, namespace: fleet}
            spec: {version: %s}
            """;
    private static final String MD = """
            apiVersion: cluster.x-k8s.io/v1beta1
            kind: MachineDeployment
            metadata: {name: %s, namespace: fleet}
            spec: {template: {spec: {version: %s}}}
            """;
    private static final DocumentId MD0 = DocumentId.of("cluster.x-k8s.io/v1beta1", "MachineDeployment", "fleet", "md-0");

    private static DocumentSet set(String name, String... docs) {
        return Yaml.set(name, String.join("---\n", docs));
    }

    private static boolean worker(DocumentId id) {
        return id.kind().equals("MachineDeployment");
    }

    @Test
    @DisplayName("the part changes only its documents; the others keep the cluster's, one the merge adds is left out")
    void onlyThePart() {
        DocumentSet base = set("base.yaml", CP.formatted("v1.29.2"), MD.formatted("md-0", "v1.29.2"));
        DocumentSet target = set("target.yaml", CP.formatted("v1.30.1"), MD.formatted("md-0", "v1.30.1"),
                MD.formatted("md-1", "v1.30.1"));
        MergeResult whole = ThreeWayMerge.withRules(FieldRules.none()).merge(base, base, target);

        MergeResult controlPlane = whole.restrictedTo(id -> !worker(id));

        assertThat(controlPlane.documents().ids()).containsExactlyInAnyOrderElementsOf(base.ids());
        assertThat(controlPlane.documents().get(MD0).orElseThrow().tree()).isEqualTo(base.get(MD0).orElseThrow().tree());
        assertThat(controlPlane.changedDocuments()).extracting(DocumentId::kind).containsExactly("KubeadmControlPlane");
        assertThat(controlPlane.changes()).allMatch(c -> !worker(c.document()));
        assertThat(controlPlane.documents().documents()).filteredOn(d -> !worker(d.id())).singleElement()
                .satisfies(d -> assertThat(d.tree().at("/spec/version").asText()).isEqualTo("v1.30.1"));
        assertThat(whole.restrictedTo(id -> true)).isSameAs(whole);

        DocumentSet afterPart = controlPlane.documents();
        MergeResult rest = ThreeWayMerge.withRules(FieldRules.none()).merge(base, afterPart, target);
        assertThat(trees(rest.documents())).as("the whole, published after the part, reaches the same documents")
                .isEqualTo(trees(whole.documents()));
        assertThat(rest.changedDocuments()).allMatch(RestrictedMergeTest::worker);
    }

    private static java.util.Map<DocumentId, com.fasterxml.jackson.databind.JsonNode> trees(DocumentSet set) {
        java.util.Map<DocumentId, com.fasterxml.jackson.databind.JsonNode> out = new java.util.TreeMap<>();
        set.documents().forEach(d -> out.put(d.id(), d.tree()));
        return out;
    }

    @Test
    @DisplayName("a document the merge removes is removed by its own part only")
    void removals() {
        DocumentSet base = set("base.yaml", CP.formatted("v1.29.2"), MD.formatted("md-0", "v1.29.2"));
        DocumentSet target = set("target.yaml", CP.formatted("v1.29.2"));
        MergeResult whole = ThreeWayMerge.withRules(FieldRules.none()).merge(base, base, target);

        assertThat(whole.documents().contains(MD0)).isFalse();
        assertThat(whole.restrictedTo(id -> !worker(id)).documents().contains(MD0)).isTrue();
        assertThat(whole.restrictedTo(RestrictedMergeTest::worker).documents().contains(MD0)).isFalse();
    }
}
