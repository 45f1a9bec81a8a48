package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.render.DocumentPatch;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import dev.upshift.testing.Content;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 1: Helm-rendered output and CAPA templates write {@code annotations:} or
 * {@code resources:} with nothing after it. That is null, as the API server reads it, and must
 * neither conflict with a cluster's value nor reach a patch as {@code ""}.
 */
class EmptyYamlValuesTest {
    private static final DocumentId METRICS = DocumentId.of("apps/v1", "Deployment", "kube-system", "metrics-server");

    /** A metrics-server Deployment in the shape its chart renders; {@code %s} is what the pod template's metadata holds. */
    private static String metricsServer(String image, String templateMetadata, String resources) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: metrics-server
                  namespace: kube-system
                  labels: {k8s-app: metrics-server}
                spec:
                  selector: {matchLabels: {k8s-app: metrics-server}}
                  template:
                    metadata:
                      labels: {k8s-app: metrics-server}
                %s
                    spec:
                      containers:
                        - name: metrics-server
                          image: %s
                          args: [--cert-dir=/tmp, --secure-port=10250]
                %s
                """.formatted(templateMetadata, image, resources);
    }

    @Test
    @DisplayName("a release that renders 'annotations:' empty keeps the cluster's annotations, with no conflict and no \"\" in a patch")
    void anEmptyAnnotationsFieldIsNoValue() {
        String base = metricsServer("registry.k8s.io/metrics-server/metrics-server:v0.6.4", "", "");
        String current = metricsServer("registry.k8s.io/metrics-server/metrics-server:v0.6.4",
                "      annotations: {owner: team-a}", "");
        String target = metricsServer("registry.k8s.io/metrics-server/metrics-server:v0.8.1", "      annotations:",
                "          resources:");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set("base.yaml", base),
                Yaml.set("current.yaml", current), Yaml.set("target.yaml", target));

        assertThat(r.isBlocked()).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.template.spec.containers[name=metrics-server].image RELEASE_CHANGED");
        DocumentPatch patch = JsonPatches.of(r).get(0);
        assertThat(patch.patch().orElseThrow().toString()).doesNotContain("\"\"");
        JsonNode patched = JsonPatch.apply(r.current().get(METRICS).orElseThrow().tree(), patch.patch().orElseThrow());
        assertThat(patched.at("/spec/template/metadata/annotations/owner").textValue()).isEqualTo("team-a");
        assertThat(Content.of(patched)).isEqualTo(Content.of(r.documents().get(METRICS).orElseThrow().tree()));
    }

    @Test
    @DisplayName("a release that adds 'metadata: {annotations: }' to a pod template writes no \"\" into an object field")
    void anAddedEmptyMappingFieldIsNotTheEmptyString() {
        String base = metricsServer("registry.k8s.io/metrics-server/metrics-server:v0.6.4", "", "")
                .replace("    metadata:\n      labels: {k8s-app: metrics-server}\n\n", "");
        String target = base.replace("  template:\n", "  template:\n    metadata:\n      annotations:\n");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set("base.yaml", base),
                Yaml.set("current.yaml", base), Yaml.set("target.yaml", target));

        assertThat(r.isBlocked()).isFalse();
        assertThat(JsonPatches.of(r)).allSatisfy(p -> assertThat(String.valueOf(p.patch())).doesNotContain("\"\""));
        assertThat(r.documents().get(METRICS).orElseThrow().tree().at("/spec/template/metadata/annotations").isTextual())
                .isFalse();
    }
}
