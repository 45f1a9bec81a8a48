package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.testing.Yaml;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Small fixtures modelled on documented merge behaviour: kubectl's declarative-configuration page
 * (merging a {@code containers} list), Helm 3's three-way merge FAQ (an injected sidecar, a replica
 * count scaled by hand), and Kubernetes' container ports keyed by port and protocol.
 */
class DocumentedScenariosTest {

    private static JsonNode podSpec(MergeResult r, DocumentId id) {
        return r.documents().get(id).orElseThrow().tree().at("/spec/template/spec");
    }

    private static List<String> names(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(item -> out.add(item.get("name").textValue()));
        return out;
    }

    @Test
    @DisplayName("kubectl apply: items the file dropped go, new ones come, live additions stay")
    void kubectlDeclarativeListMerge() {
        MergeResult r = Scenarios.merge("kubectl-apply", FieldRules.none());
        DocumentId shop = DocumentId.of("apps/v1", "Deployment", "store", "shop");
        JsonNode containers = podSpec(r, shop).get("containers");
        assertThat(names(containers)).containsExactly("shop", "cache-warmer", "debug-shell", "metrics");
        assertThat(containers.get(0).get("image").textValue()).isEqualTo("registry.example/shop:3.2");
        assertThat(containers.get(1).get("args").get(0).textValue()).isEqualTo("--interval=30s");
        JsonNode doc = r.documents().get(shop).orElseThrow().tree();
        assertThat(doc.at("/spec/replicas").intValue()).isEqualTo(4);
        assertThat(doc.at("/spec/minReadySeconds").isMissingNode()).isTrue();
        assertThat(doc.has("status")).isFalse();
        assertThat(doc.get("metadata").has("uid")).isFalse();
        assertThat(doc.get("metadata").has("annotations")).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.minReadySeconds RELEASE_REMOVED",
                "spec.template.spec.containers[name=log-shipper] RELEASE_REMOVED",
                "spec.template.spec.containers[name=metrics] ADDED",
                "spec.template.spec.containers[name=shop].image RELEASE_CHANGED");
        assertThat(r.isBlocked()).isFalse();
    }

    @Test
    @DisplayName("Helm 3: a sidecar another controller injected survives the upgrade")
    void helmInjectedSidecarSurvives() {
        MergeResult r = Scenarios.merge("helm-sidecar", FieldRules.none());
        DocumentId billing = DocumentId.of("apps/v1", "Deployment", "payments", "billing");
        JsonNode spec = podSpec(r, billing);
        assertThat(names(spec.get("containers"))).containsExactly("billing", "mesh-proxy");
        assertThat(spec.at("/containers/0/image").textValue()).isEqualTo("registry.example/billing:7.1.0");
        assertThat(r.documents().get(billing).orElseThrow().tree()
                .at("/spec/template/metadata/annotations/mesh.example~1injected").textValue()).isEqualTo("true");
        assertThat(r.changes()).extracting(c -> c.path().toString())
                .containsExactly("spec.template.spec.containers[name=billing].image");
    }

    @Test
    @DisplayName("Helm 3: a replica count scaled by hand (kubectl scale) is kept")
    void helmScaledReplicasKept() {
        MergeResult r = Scenarios.merge("helm-scale", FieldRules.none());
        DocumentId frontend = DocumentId.of("apps/v1", "Deployment", "web", "frontend");
        assertThat(r.documents().get(frontend).orElseThrow().tree().at("/spec/replicas").intValue()).isEqualTo(6);
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.replicas CUSTOMISATION_KEPT",
                "spec.template.spec.containers[name=frontend].image RELEASE_CHANGED");
    }

    @Test
    @DisplayName("TCP and UDP ports sharing a number are told apart by a composite key")
    void compositeKeysKeepTcpAndUdpApart() {
        FieldRules rules = FieldRules.readDocuments(Scenarios.load("dns-ports", "rules.yaml"));
        MergeResult r = Scenarios.merge("dns-ports", rules);
        DocumentId resolver = DocumentId.of("apps/v1", "Deployment", "kube-system", "resolver");
        JsonNode ports = podSpec(r, resolver).at("/containers/0/ports");
        assertThat(ports.toString()).isEqualTo("[{\"containerPort\":53,\"protocol\":\"UDP\",\"hostPort\":53},"
                + "{\"containerPort\":9153,\"protocol\":\"TCP\"}]");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.template.spec.containers[name=resolver].image RELEASE_CHANGED",
                "spec.template.spec.containers[name=resolver].ports[containerPort=53,protocol=TCP] RELEASE_REMOVED",
                "spec.template.spec.containers[name=resolver].ports[containerPort=53,protocol=UDP].hostPort RELEASE_CHANGED");
    }

    @Test
    @DisplayName("without the composite key (no rule, no built-in table) the ports list is atomic, and the user's reordering is a conflict")
    void withoutTheRuleThePortsListIsOneValue() {
        MergeResult r = Scenarios.merge("dns-ports", ThreeWayMerge.withRules(FieldRules.none()).withoutBuiltInLists());
        assertThat(r.blocked()).extracting(c -> c.path().toString())
                .containsExactly("spec.template.spec.containers[name=resolver].ports");
    }

    @Test
    @DisplayName("with no rules file, the built-in table keys container ports by port and protocol as the API server does")
    void builtInTableKeysThePorts() {
        MergeResult withRule = Scenarios.merge("dns-ports", FieldRules.readDocuments(Scenarios.load("dns-ports", "rules.yaml")));
        MergeResult builtIn = Scenarios.merge("dns-ports", FieldRules.none());
        DocumentId resolver = DocumentId.of("apps/v1", "Deployment", "kube-system", "resolver");
        assertThat(podSpec(builtIn, resolver).toString()).isEqualTo(podSpec(withRule, resolver).toString());
        assertThat(builtIn.changes()).extracting(c -> c.path() + " " + c.reason())
                .containsExactlyElementsOf(withRule.changes().stream().map(c -> c.path() + " " + c.reason()).toList());
        assertThat(builtIn.listDecisions()).extracting(d -> d.path() + ": " + d.matching() + " <- " + d.explanation())
                .containsExactly(
                        "spec.template.spec.containers: keyed by name <- Kubernetes 1.36: core.v1.PodSpec.containers",
                        "spec.template.spec.containers[name=resolver].ports: keyed by containerPort, protocol"
                                + " (protocol defaults to TCP) <- Kubernetes 1.36: core.v1.Container.ports");
    }

    @Test
    @DisplayName("a key field missing in one item is an error naming the document, the item and the rule")
    void missingKeyFieldIsAnError() {
        FieldRules rules = FieldRules.readDocuments(Scenarios.load("dns-ports", "rules.yaml"));
        DocumentSet current = Yaml.set("current.yaml", """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: resolver, namespace: kube-system}
                spec:
                  template:
                    spec:
                      containers:
                        - name: resolver
                          ports:
                            - {containerPort: 53, protocol: UDP}
                            - {containerPort: 53}
                """);
        assertThatThrownBy(() -> ThreeWayMerge.withRules(rules).merge(Scenarios.set("dns-ports", "base.yaml"), current,
                Scenarios.set("dns-ports", "target.yaml")))
                .isInstanceOf(InputException.class)
                .hasMessage("current.yaml:11:15: spec.template.spec.containers[name=resolver].ports[1]: cannot match"
                        + " list items in the current document apps/v1/Deployment/kube-system/resolver: item 1 has no key"
                        + " field 'protocol' (this list is keyed by containerPort, protocol); rule"
                        + " spec.template.spec.containers[*].ports (rules.yaml:6:7)");
    }

    @Test
    @DisplayName("items the user re-ordered are not a change")
    void reorderedItemsAreNoChange() {
        String base = "  containers:\n  - {name: a, image: a1}\n  - {name: b, image: b1}\n";
        String reordered = "  containers:\n  - {name: b, image: b1}\n  - {name: a, image: a1}\n";
        MergeResult unchanged = MergeTableTest.merge(base, reordered, base);
        assertThat(unchanged.changes()).isEmpty();
        MergeResult imageBump = MergeTableTest.merge(base, reordered, base.replace("a1", "a2"));
        assertThat(names(MergeTableTest.spec(imageBump).get("containers"))).containsExactly("b", "a");
        assertThat(imageBump.changes()).extracting(c -> c.path().toString()).containsExactly("spec.containers[name=a].image");
    }

    @Test
    @DisplayName("lists marked as sets compare as sets")
    void setsCompareAsSets() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.finalizers").listType(ListType.SET).build());
        MergeResult r = MergeTableTest.merge(rules, "  finalizers: [x, y]\n", "  finalizers: [y, x, z]\n",
                "  finalizers: [x, w]\n");
        assertThat(MergeTableTest.spec(r).get("finalizers").toString()).isEqualTo("[\"x\",\"z\",\"w\"]");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason())
                .containsExactly("spec.finalizers[=w] ADDED", "spec.finalizers[=y] RELEASE_REMOVED");
    }

    @Test
    @DisplayName("lists of scalars are atomic unless a rule says set")
    void scalarListsAreAtomic() {
        MergeResult r = MergeTableTest.merge("  args: [a, b]\n", "  args: [b, a]\n", "  args: [a, b, c]\n");
        assertThat(r.blocked()).extracting(c -> c.path().toString()).containsExactly("spec.args");
    }

    @Test
    @DisplayName("lists of objects without a usable key are atomic (one leaf)")
    void unkeyableListsAreAtomic() {
        MergeResult r = MergeTableTest.merge("  tolerations: [{key: a}]\n", "  tolerations: [{key: a}]\n",
                "  tolerations: [{key: a}, {key: b}]\n");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("spec.tolerations RELEASE_CHANGED");
    }

    @Test
    @DisplayName("a list whose names repeat is not keyed by name unless a rule says so")
    void repeatedNamesMakeADetectedListAtomic() {
        String mounts = "  volumeMounts:\n  - {name: data, mountPath: /a}\n  - {name: data, mountPath: /b}\n";
        assertThat(MergeTableTest.merge(mounts, mounts, mounts.replace("/b", "/c")).changes())
                .extracting(c -> c.path().toString()).containsExactly("spec.volumeMounts");
        FieldRules byName = FieldRules.of(FieldRule.forPath("spec.volumeMounts").listKeys("name").build());
        assertThatThrownBy(() -> MergeTableTest.merge(byName, mounts, mounts, mounts.replace("/b", "/c")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("spec.volumeMounts[1]: cannot match list items in the base document"
                        + " apps/v1/Deployment/default/web: two items have the key [name=data] (items 0 and 1)");
    }

    @Test
    @DisplayName("a list a rule makes a set may not hold one item twice; the error names the item")
    void aSetHoldingAnItemTwiceIsAnError() {
        // found by ThreeWayMergeFuzzTest: the message read "the set holds =a] (items 0 and 2)"
        String finalizers = "  finalizers: [a, b, a]\n";
        FieldRules set = FieldRules.of(FieldRule.forPath("spec.finalizers").listType(ListType.SET).build());
        assertThatThrownBy(() -> MergeTableTest.merge(set, finalizers, finalizers, "  finalizers: [a]\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("spec.finalizers[2]: cannot match list items in the base document"
                        + " apps/v1/Deployment/default/web: the set holds a twice (items 0 and 2)");
    }
}
