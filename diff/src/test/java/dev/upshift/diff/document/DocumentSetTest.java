package dev.upshift.diff.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DocumentSetTest {

    @Test
    @DisplayName("identity is group, kind, namespace and name; the version is reported only")
    void identity() {
        DocumentSet set = Yaml.set("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: ns}\n---\n"
                + "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\n");
        Document web = set.get(DocumentId.of("apps/v1beta2", "Deployment", "ns", "web")).orElseThrow();
        assertThat(web.apiVersion()).isEqualTo("apps/v1");
        assertThat(web.displayName()).isEqualTo("apps/v1/Deployment/ns/web");
        assertThat(web.id()).hasToString("Deployment.apps ns/web");
        Document cfg = set.get(DocumentId.of("v1", "ConfigMap", "", "cfg")).orElseThrow();
        assertThat(cfg.displayName()).isEqualTo("v1/ConfigMap/cfg");
        assertThat(set.documents()).extracting(Document::displayName).containsExactly("v1/ConfigMap/cfg", "apps/v1/Deployment/ns/web");
    }

    @Test
    @DisplayName("strips server noise so that diffs show only real changes, without touching the input")
    void stripsServerNoise() {
        String yaml = """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cfg
                  uid: abc
                  resourceVersion: "1"
                  generation: 2
                  creationTimestamp: "2024-01-01T00:00:00Z"
                  managedFields: [{manager: kubectl}]
                  annotations:
                    kubectl.kubernetes.io/last-applied-configuration: "{}"
                    keep: me
                data: {a: b}
                status: {phase: Ready}
                """;
        var loaded = dev.upshift.common.source.DocumentLoader.create().load("cfg.yaml", yaml);
        DocumentSet set = DocumentSet.read(loaded);
        assertThat(set.documents().get(0).tree().toString())
                .isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cfg\",\"annotations\":{\"keep\":\"me\"}},\"data\":{\"a\":\"b\"}}");
        assertThat(loaded.get(0).root().has("status")).isTrue();
        assertThat(Yaml.set("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n"
                + "    kubectl.kubernetes.io/last-applied-configuration: x\n").documents().get(0).tree().get("metadata").has("annotations"))
                .isFalse();
    }

    @Test
    @DisplayName("flattens Kubernetes List documents")
    void flattensLists() {
        DocumentSet set = Yaml.set("apiVersion: v1\nkind: List\nitems:\n"
                + "  - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n"
                + "  - {apiVersion: v1, kind: ConfigMap, metadata: {name: b}}\n");
        assertThat(set.ids()).extracting(DocumentId::name).containsExactly("a", "b");
        assertThat(set.documents().get(1).location()).hasToString("test.yaml:5:5");
        assertThat(set.documents().get(1).locate("/metadata/name")).hasToString("test.yaml:5:56");
    }

    @Test
    @DisplayName("reads the documents listed inside another document, with their places and positions")
    void readsEmbeddedDocuments() {
        dev.upshift.common.source.SourceDocument cluster = dev.upshift.common.source.DocumentLoader.create().load("c.yaml",
                "kind: ManagedCluster\nspec:\n  resources:\n"
                        + "    - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, status: {x: 1}}\n"
                        + "    - {apiVersion: v1, kind: ConfigMap, metadata: {}}\n"
                        + "    - 3\n"
                        + "    - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n").get(0);
        dev.upshift.common.problem.Problems problems = new dev.upshift.common.problem.Problems();
        DocumentSet set = DocumentSet.readEmbedded(cluster, "/spec/resources", "spec.resources", problems);
        assertThat(set.ids()).extracting(DocumentId::name).containsExactly("a");
        assertThat(set.documents().get(0).tree().has("status")).isFalse();
        assertThat(set.documents().get(0).locate("/metadata/name")).hasToString("c.yaml:4:58");
        assertThat(problems.all()).extracting(Object::toString).containsExactly(
                "c.yaml:5:51: spec.resources[1].metadata.name: missing required field",
                "c.yaml:6:7: spec.resources[2]: a list item must be a mapping (a Kubernetes document), got the number 3",
                "c.yaml:7:7: duplicate document ConfigMap a (first at c.yaml:4:7)");

        dev.upshift.common.problem.Problems notAList = new dev.upshift.common.problem.Problems();
        assertThat(DocumentSet.readEmbedded(cluster, "/spec", "spec", notAList).isEmpty()).isTrue();
        assertThat(notAList.all()).extracting(Object::toString)
                .containsExactly("c.yaml:3:3: spec: expected a list of documents, got a mapping");
    }

    @Test
    @DisplayName("a duplicate identity is an error naming both places")
    void duplicates() {
        assertThatThrownBy(() -> DocumentSet.read(dev.upshift.common.source.DocumentLoader.create().load("two.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")))
                .isInstanceOf(InputException.class)
                .hasMessage("two.yaml:5:1: duplicate document ConfigMap a (first at two.yaml:1:1)");
    }

    @Test
    @DisplayName("documents need apiVersion, kind and a name; list items must be mappings")
    void badDocuments() {
        InputException e = (InputException) org.assertj.core.api.Assertions.catchThrowable(() -> Yaml.set("bad.yaml", """
                kind: ConfigMap
                metadata: {name: a}
                ---
                apiVersion: v1
                metadata: {name: b}
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata: {namespace: x}
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: ""}
                ---
                apiVersion: v1
                kind: List
                items: [3, {apiVersion: v1, kind: Secret}]
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata: [a]
                """));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "bad.yaml:1:1: apiVersion: missing required field",
                "bad.yaml:4:1: kind: missing required field",
                "bad.yaml:9:11: metadata.name: missing required field",
                "bad.yaml:13:18: metadata.name: must not be empty",
                "bad.yaml:17:9: items[0]: a list item must be a mapping (a Kubernetes document), got the number 3",
                "bad.yaml:17:12: items[1].metadata: missing metadata (a document needs metadata.name)",
                "bad.yaml:21:11: metadata: expected a mapping, got a list");
    }

    @Test
    @DisplayName("documents nested deeper than the limit are rejected, even when built in memory 10,000 deep")
    void deepTrees() {
        ObjectNode root = JsonTrees.NODES.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        root.putObject("metadata").put("name", "deep");
        ObjectNode node = root.putObject("data");
        for (int i = 0; i < 10_000; i++) {
            node = node.putObject("d");
        }
        assertThatThrownBy(() -> DocumentSet.of(root)).isInstanceOf(InputException.class)
                .hasMessage("<memory>: the document nests deeper than 256 levels");
        Document shallow = Yaml.set("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\n").documents().get(0);
        assertThatThrownBy(() -> DocumentSet.ofDocuments(java.util.List.of(shallow.withTree(root))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("v1/ConfigMap/deep nests deeper than 256 levels");
    }
}
