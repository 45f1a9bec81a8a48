package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.render.ReviewReport;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 6: {@code helm template} and kustomize output often leave
 * {@code metadata.namespace} out, while the cluster's copies carry it.
 */
class DefaultNamespaceTest {
    /** metrics-server as its chart renders it: no namespace on the namespaced kinds. */
    private static String rendered(String image) {
        return """
                apiVersion: v1
                kind: ServiceAccount
                metadata: {name: metrics-server, labels: {k8s-app: metrics-server}}
                ---
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRole
                metadata: {name: "system:metrics-server"}
                rules:
                  - {apiGroups: [""], resources: [nodes/metrics], verbs: [get]}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: metrics-server, labels: {k8s-app: metrics-server}}
                spec:
                  selector: {matchLabels: {k8s-app: metrics-server}}
                  template:
                    metadata: {labels: {k8s-app: metrics-server}}
                    spec:
                      serviceAccountName: metrics-server
                      containers:
                        - {name: metrics-server, image: "%s", args: [--secure-port=10250]}
                """.formatted(image);
    }

    /** What the cluster has: the same, in kube-system, with a user's flag. */
    private static final String CLUSTER = rendered("registry.k8s.io/metrics-server/metrics-server:v0.6.4")
            .replace("{name: metrics-server, labels", "{name: metrics-server, namespace: kube-system, labels")
            .replace("args: [--secure-port=10250]", "args: [--secure-port=10250, --kubelet-insecure-tls]");

    private static final DocumentSet BASE = Yaml.set("base.yaml", rendered("registry.k8s.io/metrics-server/metrics-server:v0.6.4"));
    private static final DocumentSet TARGET = Yaml.set("target.yaml", rendered("registry.k8s.io/metrics-server/metrics-server:v0.8.1"));
    private static final DocumentSet CURRENT = Yaml.set("current.yaml", CLUSTER);

    @Test
    @DisplayName("without a namespace, the report says that the cluster has the document in another namespace")
    void theReportNamesTheDocumentInTheOtherNamespace() {
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(BASE, CURRENT, TARGET);
        DocumentId unnamespaced = DocumentId.of("apps/v1", "Deployment", "", "metrics-server");
        assertThat(r.changes(unnamespaced)).singleElement().satisfies(c -> assertThat(c.message()).endsWith(
                "; the cluster has no such document without a namespace, but has apps/v1/Deployment/kube-system/metrics-server:"
                        + " does the rendered document lack metadata.namespace? Give the default namespace (upshift diff"
                        + " --namespace, DocumentSet.withDefaultNamespace)"));
        assertThat(ReviewReport.render(r)).contains("""
                apps/v1/Deployment/metrics-server
                  note: the cluster has no such document, but has apps/v1/Deployment/kube-system/metrics-server: does \
                the rendered document lack metadata.namespace? Give the default namespace (upshift diff --namespace)
                """);
    }

    @Test
    @DisplayName("with the default namespace, rendered documents match the cluster's: only the image changes; a ClusterRole keeps no namespace")
    void theDefaultNamespaceMatchesTheClustersDocuments() {
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(BASE.withDefaultNamespace("kube-system", CURRENT),
                CURRENT, TARGET.withDefaultNamespace("kube-system", CURRENT));
        assertThat(r.changes()).extracting(c -> c.document().kind() + " " + c.path() + " " + c.reason()).containsExactly(
                "Deployment spec.template.spec.containers[name=metrics-server].args CUSTOMISATION_KEPT",
                "Deployment spec.template.spec.containers[name=metrics-server].image RELEASE_CHANGED");
        assertThat(r.isBlocked()).isFalse();
        assertThat(TARGET.withDefaultNamespace("kube-system", CURRENT).ids()).extracting(DocumentId::namespace)
                .containsExactlyInAnyOrder("kube-system", "kube-system", "");
    }

    @Test
    @DisplayName("a kind the cluster holds only without namespace is cluster-scoped; an empty namespace or a clash is refused")
    void clusterEvidenceAndRefusals() {
        DocumentSet widgets = Yaml.set("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
        assertThat(widgets.withDefaultNamespace("ns", widgets).ids()).extracting(DocumentId::namespace).containsExactly("");
        assertThat(widgets.withDefaultNamespace("ns", DocumentSet.empty()).ids()).extracting(DocumentId::namespace)
                .containsExactly("ns");
        assertThatThrownBy(() -> widgets.withDefaultNamespace("", DocumentSet.empty()))
                .hasMessage("the default namespace must not be empty");
        DocumentSet clash = Yaml.set("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n---\n"
                + "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: ns}\n");
        assertThatThrownBy(() -> clash.withDefaultNamespace("ns", DocumentSet.empty()))
                .hasMessage("with the default namespace ns, example.com/v1/Widget/w and example.com/v1/Widget/ns/w"
                        + " have the same identity");
    }
}
