package dev.upshift.diff.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.Resolution;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.diff.rule.SpecLists;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DocumentDefaultsTest {
    private static final String CLUSTER = """
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata: {name: prod-cp, namespace: org-a}
            spec:
              replicas: 3
              version: v1.28.9
              kubeadmConfigSpec: {clusterConfiguration: {etcd: {local: {imageTag: 3.5.9}}}}
            ---
            apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
            kind: AWSMachineTemplate
            metadata: {name: prod-workers, namespace: org-a}
            spec: {template: {spec: {instanceType: m5.2xlarge, ami: {id: ami-old}}}}
            ---
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: unrelated, namespace: org-a}
            data: {a: b}
            """;

    private final Problems problems = new Problems();

    private DocumentDefaults read(String yaml) {
        ObjectView root = ObjectView.of(DocumentLoader.create().load("release.yaml", yaml).get(0), problems);
        return SpecLists.defaults(root.objects("defaults"));
    }

    private DocumentDefaults release(String kubernetes, String etcd, String instanceType) {
        DocumentDefaults d = read("defaults:\n"
                + "  - match: {kind: KubeadmControlPlane}\n"
                + "    values: {spec: {version: " + kubernetes + ", kubeadmConfigSpec: {clusterConfiguration:"
                + " {etcd: {local: {imageTag: " + etcd + "}}}}}}\n"
                + "  - match: {kind: AWSMachineTemplate}\n"
                + "    values: {spec: {template: {spec: {instanceType: " + instanceType + ", ami: {id: ami-" + kubernetes + "}}}}}\n");
        assertThat(problems.all()).isEmpty();
        return d;
    }

    @Test
    @DisplayName("applied to a cluster: each matched document's identity with the values merged over it; others left out")
    void rendersOverTheClustersDocuments() {
        DocumentSet cluster = Yaml.set(CLUSTER);
        DocumentSet base = release("v1.28.9", "3.5.9", "m5.large").applyTo(cluster, "release 19.3.1");
        assertThat(base.documents()).extracting(d -> d.tree().toString()).containsExactly(
                "{\"apiVersion\":\"controlplane.cluster.x-k8s.io/v1beta1\",\"kind\":\"KubeadmControlPlane\","
                        + "\"metadata\":{\"name\":\"prod-cp\",\"namespace\":\"org-a\"},\"spec\":{\"version\":\"v1.28.9\","
                        + "\"kubeadmConfigSpec\":{\"clusterConfiguration\":{\"etcd\":{\"local\":{\"imageTag\":\"3.5.9\"}}}}}}",
                "{\"apiVersion\":\"infrastructure.cluster.x-k8s.io/v1beta2\",\"kind\":\"AWSMachineTemplate\","
                        + "\"metadata\":{\"name\":\"prod-workers\",\"namespace\":\"org-a\"},\"spec\":{\"template\":{\"spec\":"
                        + "{\"instanceType\":\"m5.large\",\"ami\":{\"id\":\"ami-v1.28.9\"}}}}}");
        assertThat(base.documents().get(0).location()).hasToString("release 19.3.1");
    }

    @Test
    @DisplayName("later items override earlier ones, mappings merge, and the items' values are never changed")
    void declarationOrderAndNoSharing() {
        DocumentDefaults d = read("""
                defaults:
                  - values: {spec: {a: 1, list: [x], nested: {k: 1}}}
                  - match: {name: prod-cp}
                    values: {spec: {a: 2, list: [y], nested: {j: 2}}}
                """);
        DocumentSet out = d.applyTo(Yaml.set(CLUSTER));
        assertThat(out.size()).isEqualTo(3);
        assertThat(out.get(DocumentId.of("controlplane.cluster.x-k8s.io/v1", "KubeadmControlPlane", "org-a", "prod-cp"))
                .orElseThrow().tree().get("spec").toString())
                .isEqualTo("{\"a\":2,\"list\":[\"y\"],\"nested\":{\"k\":1,\"j\":2}}");
        assertThat(d.rules().get(0).values().toString()).isEqualTo("{\"spec\":{\"a\":1,\"list\":[\"x\"],\"nested\":{\"k\":1}}}");
    }

    @Test
    @DisplayName("a cluster's own values in the base as found: applied over the cluster, whether or not the release owns the field")
    void valuesAsFoundAreApplied() {
        DocumentSet cluster = Yaml.set(CLUSTER);
        DocumentDefaults values = read("defaults:\n"
                + "  - match: {kind: AWSMachineTemplate, name: prod-workers}\n"
                + "    values: {spec: {template: {spec: {instanceType: m6i.4xlarge, spot: true}}}}\n"
                + "  - match: {kind: ConfigMap}\n"
                + "    values: {data: {a: c}}\n");
        DocumentDefaults release = release("v1.28.9", "3.5.9", "m5.large");
        DocumentSet base = release.applyTo(cluster, "base", values);
        DocumentSet target = release.then(values).applyTo(cluster, "target");
        assertThat(base.get(DocumentId.of("v1", "ConfigMap", "org-a", "unrelated")).orElseThrow().tree().toString())
                .as("a document only the values touch is in the base, holding what the cluster has")
                .isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"unrelated\",\"namespace\":\"org-a\"},\"data\":{\"a\":\"b\"}}");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.of()).merge(base, cluster, target);
        assertThat(r.changes()).filteredOn(c -> c.resolution() != Resolution.CURRENT)
                .extracting(c -> c.document().kind() + " " + c.path() + " " + c.resolution())
                .containsExactlyInAnyOrder(
                        "AWSMachineTemplate spec.template.spec.instanceType TARGET",
                        "AWSMachineTemplate spec.template.spec.spot TARGET",
                        "ConfigMap data.a TARGET");
        assertThat(r.blocked()).isEmpty();
        MergeResult without = ThreeWayMerge.withRules(FieldRules.of()).merge(release.applyTo(cluster), cluster, target);
        assertThat(without.clusterChanges()).as("without the values as found, nothing the release does not own would apply")
                .noneMatch(c -> c.document().kind().equals("ConfigMap"));
    }

    @Test
    @DisplayName("B and T from two releases' defaults: release-owned fields move, customisations stay, conflicts follow the rules")
    void upgradeFromDefaults() {
        DocumentSet cluster = Yaml.set(CLUSTER);
        DocumentSet base = release("v1.28.9", "3.5.9", "m5.large").applyTo(cluster);
        DocumentSet target = release("v1.29.4", "3.5.12", "m6i.large").applyTo(cluster);
        FieldRules rules = FieldRules.of(
                FieldRule.forPath("spec.template.spec.instanceType").kind("AWSMachineTemplate").onConflict(OnConflict.KEEP)
                        .impact(Impact.REPLACE).build(),
                FieldRule.forPath("spec.version").kind("KubeadmControlPlane").impact(Impact.ROLLING).build());
        MergeResult r = ThreeWayMerge.withRules(rules).merge(base, cluster, target);
        assertThat(r.changes()).extracting(c -> c.document().kind() + " " + c.path() + " " + c.reason() + " " + c.resolution())
                .containsExactly(
                        "KubeadmControlPlane spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.imageTag RELEASE_CHANGED TARGET",
                        "KubeadmControlPlane spec.version RELEASE_CHANGED TARGET",
                        "AWSMachineTemplate spec.template.spec.ami.id CONFLICT BLOCKED",
                        "AWSMachineTemplate spec.template.spec.instanceType CONFLICT CURRENT");
        assertThat(r.highestImpact()).isEqualTo(Impact.ROLLING);
        assertThat(r.documents().get(DocumentId.of("v1", "ConfigMap", "org-a", "unrelated"))).isPresent();
    }

    @Test
    @DisplayName("bad items are reported with positions")
    void badItems() {
        read("""
                defaults:
                  - match: {kind: A}
                    values: {kind: B}
                  - match: {kind: A}
                  - values: {metadata: {name: x}}
                    extra: 1
                  - values: [1]
                """);
        assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                "release.yaml:3:20: defaults[0].values.kind: defaults must not set kind: it is part of the document's identity",
                "release.yaml:4:5: defaults[1].values: missing required field",
                "release.yaml:5:31: defaults[2].values.metadata.name: defaults must not set metadata.name: it is part of"
                        + " the document's identity",
                "release.yaml:6:5: defaults[2].extra: unknown field; expected one of: match, values",
                "release.yaml:7:13: defaults[3].values: expected a mapping, got a list");
    }

    @Test
    @DisplayName("moving a document to another API group is an error at the item")
    void apiVersionMustStayInItsGroup() {
        DocumentDefaults d = read("defaults:\n  - match: {kind: KubeadmControlPlane}\n    values: {apiVersion: v1}\n");
        assertThatThrownBy(() -> d.applyTo(Yaml.set(CLUSTER))).isInstanceOf(InputException.class)
                .hasMessage("release.yaml:2:5: values.apiVersion: moves KubeadmControlPlane.controlplane.cluster.x-k8s.io"
                        + " org-a/prod-cp to the text 'v1', outside its API group");
        DocumentDefaults newer = read("defaults:\n  - match: {kind: KubeadmControlPlane}\n"
                + "    values: {apiVersion: controlplane.cluster.x-k8s.io/v1beta2}\n");
        assertThat(newer.applyTo(Yaml.set(CLUSTER)).documents().get(0).apiVersion())
                .isEqualTo("controlplane.cluster.x-k8s.io/v1beta2");
    }
}
