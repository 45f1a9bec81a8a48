package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.render.DocumentPatch;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.render.ListKeysReport;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import dev.upshift.testing.Content;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Ordinary manifests with no rules file: the built-in table keys their lists as the API server
 * does, and the key defaults it fills in ({@code protocol: TCP}) do not make the rendered and the
 * live copy of the same port two different ports.
 */
class KubernetesManifestsTest {
    private static final DocumentId COREDNS = DocumentId.of("apps/v1", "Deployment", "kube-system", "coredns");

    /** What the old release rendered: ports without protocol where it is TCP, as charts write them. */
    private static final String BASE = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: coredns, namespace: kube-system}
            spec:
              replicas: 2
              selector: {matchLabels: {k8s-app: kube-dns}}
              template:
                metadata: {labels: {k8s-app: kube-dns}}
                spec:
                  containers:
                    - name: coredns
                      image: registry.k8s.io/coredns/coredns:v1.11.1
                      args: [-conf, /etc/coredns/Corefile]
                      ports:
                        - {name: dns, containerPort: 53, protocol: UDP}
                        - {name: dns-tcp, containerPort: 53}
                        - {name: metrics, containerPort: 9153}
                      volumeMounts:
                        - {name: config-volume, mountPath: /etc/coredns, readOnly: true}
                    - name: health
                      image: registry.example/health:1.0
                      ports:
                        - {containerPort: 8080}
                  volumes:
                    - name: config-volume
                      configMap: {name: coredns}
            """;

    /** What the cluster has: the API server filled in protocol: TCP, a user added an env var. */
    private static final String CURRENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: coredns, namespace: kube-system, resourceVersion: "4711"}
            spec:
              replicas: 2
              selector: {matchLabels: {k8s-app: kube-dns}}
              template:
                metadata: {labels: {k8s-app: kube-dns}}
                spec:
                  containers:
                    - name: coredns
                      image: registry.k8s.io/coredns/coredns:v1.11.1
                      args: [-conf, /etc/coredns/Corefile]
                      env:
                        - {name: GODEBUG, value: netdns=go}
                      ports:
                        - {name: dns, containerPort: 53, protocol: UDP}
                        - {name: dns-tcp, containerPort: 53, protocol: TCP}
                        - {name: metrics, containerPort: 9153, protocol: TCP}
                      volumeMounts:
                        - {name: config-volume, mountPath: /etc/coredns, readOnly: true}
                    - name: health
                      image: registry.example/health:1.0
                      ports:
                        - {containerPort: 8080, protocol: TCP}
                  volumes:
                    - name: config-volume
                      configMap: {name: coredns}
            status: {replicas: 2}
            """;

    /** What the new release renders: a newer image and two new ports, again without protocol. */
    private static final String TARGET = BASE.replace("coredns:v1.11.1", "coredns:v1.11.3")
            .replace("- {name: metrics, containerPort: 9153}", "- {name: metrics, containerPort: 9153}\n"
                    + "            - {name: ready, containerPort: 8181}")
            .replace("- {containerPort: 8080}", "- {containerPort: 8080}\n            - {containerPort: 8443}");

    /** The expected merge, written out: the cluster's copy with the image bumped and the new ports appended as rendered. */
    private static final String EXPECTED = CURRENT.replace("coredns:v1.11.1", "coredns:v1.11.3")
            .replace("- {name: metrics, containerPort: 9153, protocol: TCP}", "- {name: metrics, containerPort: 9153, protocol: TCP}\n"
                    + "            - {name: ready, containerPort: 8181}")
            .replace("- {containerPort: 8080, protocol: TCP}", "- {containerPort: 8080, protocol: TCP}\n"
                    + "            - {containerPort: 8443}")
            .replace(", resourceVersion: \"4711\"", "").replace("status: {replicas: 2}\n", "");

    private static MergeResult merge(ThreeWayMerge merge) {
        return merge.merge(Yaml.set("base.yaml", BASE), Yaml.set("current.yaml", CURRENT), Yaml.set("target.yaml", TARGET));
    }

    @Test
    @DisplayName("a Deployment with TCP and UDP ports on 53, rendered without protocol, merges with its live copy and no rules file")
    void renderedPortsMatchLivePorts() {
        MergeResult r = merge(ThreeWayMerge.withRules(FieldRules.none()));
        JsonNode merged = r.documents().get(COREDNS).orElseThrow().tree();
        assertThat(Content.of(merged)).isEqualTo(Content.of(Yaml.tree(EXPECTED)));
        assertThat(r.isBlocked()).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.template.spec.containers[name=coredns].image RELEASE_CHANGED",
                "spec.template.spec.containers[name=coredns].ports[containerPort=8181,protocol=TCP] ADDED",
                "spec.template.spec.containers[name=health].ports[containerPort=8443,protocol=TCP] ADDED");
    }

    @Test
    @DisplayName("its JSON Patch applies to the live copy, guarding only the key fields the items have")
    void jsonPatchUsesTheKeyDefaults() {
        MergeResult r = merge(ThreeWayMerge.withRules(FieldRules.none()));
        DocumentPatch p = JsonPatches.of(r).get(0);
        JsonNode patched = JsonPatch.apply(r.current().get(COREDNS).orElseThrow().tree(), p.patch().orElseThrow());
        assertThat(Content.of(patched)).isEqualTo(Content.of(Yaml.tree(EXPECTED)));
        assertThat(p.patch().orElseThrow().toString()).isEqualTo("["
                + "{\"op\":\"test\",\"path\":\"/spec/template/spec/containers/0/name\",\"value\":\"coredns\"},"
                + "{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/0/image\",\"value\":\"registry.k8s.io/coredns/coredns:v1.11.3\"},"
                + "{\"op\":\"test\",\"path\":\"/spec/template/spec/containers/0/name\",\"value\":\"coredns\"},"
                + "{\"op\":\"add\",\"path\":\"/spec/template/spec/containers/0/ports/-\",\"value\":{\"name\":\"ready\",\"containerPort\":8181}},"
                + "{\"op\":\"test\",\"path\":\"/spec/template/spec/containers/1/name\",\"value\":\"health\"},"
                + "{\"op\":\"add\",\"path\":\"/spec/template/spec/containers/1/ports/-\",\"value\":{\"containerPort\":8443}}]");
    }

    @Test
    @DisplayName("a port added without protocol, when the cluster has it with TCP, is the same port")
    void targetWithoutProtocolMatchesLiveWithTcp() {
        DocumentSet current = Yaml.set("current.yaml", CURRENT.replace("- {containerPort: 8080, protocol: TCP}",
                "- {containerPort: 8080, protocol: TCP, hostPort: 80}"));
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set("base.yaml", BASE), current,
                Yaml.set("target.yaml", BASE));
        assertThat(r.changes()).isEmpty();
        assertThat(r.documents().get(COREDNS).orElseThrow().tree().at("/spec/template/spec/containers/1/ports/0/hostPort").intValue())
                .isEqualTo(80);
    }

    @Test
    @DisplayName("without the built-in table the unnamed ports are one value, which the API server's protocol and the release both changed: blocked")
    void withoutTheTableThePortsConflict() {
        MergeResult r = merge(ThreeWayMerge.withRules(FieldRules.none()).withoutBuiltInLists());
        assertThat(r.blocked()).extracting(c -> c.path().toString())
                .containsExactly("spec.template.spec.containers[name=health].ports");
    }

    @Test
    @DisplayName("every list the merge matched says what keyed it")
    void listDecisionsExplainTheKeys() {
        MergeResult r = merge(ThreeWayMerge.withRules(FieldRules.none()));
        assertThat(r.listDecisions()).extracting(d -> d.path() + " " + d.decidedBy() + " " + d.matching()).isEqualTo(List.of(
                "spec.template.spec.containers BUILT_IN keyed by name",
                "spec.template.spec.containers[name=coredns].ports BUILT_IN keyed by containerPort, protocol (protocol defaults to TCP)",
                "spec.template.spec.containers[name=health].ports BUILT_IN keyed by containerPort, protocol (protocol defaults to TCP)"));
        assertThat(ListKeysReport.render(r)).as("the example in docs/diff.md").startsWith("""
                apps/v1/Deployment/kube-system/coredns
                  spec.template.spec.containers: keyed by name  (built in: Kubernetes 1.36: core.v1.PodSpec.containers)
                  spec.template.spec.containers[name=coredns].ports: keyed by containerPort, protocol (protocol defaults to TCP)  (built in: Kubernetes 1.36: core.v1.Container.ports)
                """);
    }
}
