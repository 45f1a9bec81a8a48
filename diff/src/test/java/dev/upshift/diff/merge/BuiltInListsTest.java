package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The built-in list table in the merge: where it applies, where rules override it, where it steps aside. */
class BuiltInListsTest {
    private static MergeResult merge(FieldRules rules, String base, String current, String target) {
        return ThreeWayMerge.withRules(rules).merge(Yaml.set("base.yaml", base), Yaml.set("current.yaml", current),
                Yaml.set("target.yaml", target));
    }

    private static String decisions(MergeResult r) {
        StringBuilder out = new StringBuilder();
        r.listDecisions().forEach(d -> out.append(d.path()).append(": ").append(d.matching()).append(" <- ")
                .append(d.decidedBy()).append(": ").append(d.explanation()).append('\n'));
        return out.toString();
    }

    private static final String PORTS = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            spec:
              template:
                spec:
                  containers:
                    - name: web
                      ports: [{containerPort: 80}]
            """;

    @Test
    @DisplayName("a user rule overrides the table, however unspecific its pattern")
    void rulesOverrideTheTable() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("**.ports").listType(ListType.ATOMIC).build());
        MergeResult r = merge(rules, PORTS, PORTS.replace("80}", "80, protocol: TCP}"), PORTS.replace("80}", "80}, {containerPort: 443}"));
        assertThat(decisions(r)).isEqualTo("""
                spec.template.spec.containers: keyed by name <- BUILT_IN: Kubernetes 1.36: core.v1.PodSpec.containers
                spec.template.spec.containers[name=web].ports: one value (atomic) <- RULE: rule **.ports
                """);
        assertThat(r.blocked()).extracting(c -> c.path().toString()).containsExactly("spec.template.spec.containers[name=web].ports");
    }

    @Test
    @DisplayName("items the table's keys cannot tell apart (two env entries of one name) make the list one value, not an error")
    void misfitItemsMakeTheListAtomic() {
        String base = PORTS.replace("ports: [{containerPort: 80}]", "env: [{name: A, value: '1'}, {name: A, value: '2'}]");
        MergeResult r = merge(FieldRules.none(), base, base, base.replace("'2'", "'3'"));
        assertThat(decisions(r)).isEqualTo("spec.template.spec.containers: keyed by name <- BUILT_IN: Kubernetes 1.36:"
                + " core.v1.PodSpec.containers\n"
                + "spec.template.spec.containers[name=web].env: one value (atomic) <- BUILT_IN:"
                + " Kubernetes 1.36: core.v1.Container.env matches it by name, but in the base document two items have the"
                + " key [name=A] (items 0 and 1); compared as one value\n");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason())
                .containsExactly("spec.template.spec.containers[name=web].env RELEASE_CHANGED");
    }

    @Test
    @DisplayName("a rule's key defaults work for kinds the table does not know")
    void ruleKeyDefaults() {
        String base = """
                apiVersion: example.com/v1
                kind: Gateway
                metadata: {name: gw}
                spec:
                  listeners: [{port: 80}, {port: 80, protocol: UDP}]
                """;
        String current = base.replace("{port: 80}", "{port: 80, protocol: TCP, hostname: a.example}");
        String target = base.replace("{port: 80}", "{port: 80, timeout: 5}");
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.listeners").listKeys("port", "protocol")
                .keyDefault("protocol", "TCP").build());
        MergeResult r = merge(rules, base, current, target);
        assertThat(r.documents().get(DocumentId.of("example.com/v1", "Gateway", "", "gw")).orElseThrow().tree()
                .get("spec").toString()).isEqualTo("{\"listeners\":[{\"port\":80,\"protocol\":\"TCP\",\"hostname\":\"a.example\","
                        + "\"timeout\":5},{\"port\":80,\"protocol\":\"UDP\"}]}");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason())
                .containsExactly("spec.listeners[port=80,protocol=TCP].timeout ADDED");
    }

    @Test
    @DisplayName("Cluster API: topology machine deployments are keyed by name, kubeadm extraArgs (v1beta2) by name, as their validation says")
    void clusterApiLists() {
        String cluster = """
                apiVersion: cluster.x-k8s.io/v1beta2
                kind: Cluster
                metadata: {name: prod, namespace: org}
                spec:
                  topology:
                    version: v1.35.2
                    workers:
                      machineDeployments:
                        - {name: md-0, class: default-worker, replicas: 3}
                """;
        MergeResult r = merge(FieldRules.none(), cluster, cluster.replace("replicas: 3", "replicas: 5"),
                cluster.replace("v1.35.2", "v1.36.1").replace("replicas: 3}", "replicas: 3}\n        - {name: md-1, class: gpu-worker}"));
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.topology.version RELEASE_CHANGED",
                "spec.topology.workers.machineDeployments[name=md-0].replicas CUSTOMISATION_KEPT",
                "spec.topology.workers.machineDeployments[name=md-1] ADDED");
        assertThat(r.listDecisions()).singleElement().satisfies(d -> assertThat(d.explanation())
                .isEqualTo("Cluster API v1.14.0: cluster.x-k8s.io/v1beta2.Cluster.spec.topology.workers.machineDeployments"));

        String kcp = """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta2
                kind: KubeadmControlPlane
                metadata: {name: prod-cp, namespace: org}
                spec:
                  kubeadmConfigSpec:
                    clusterConfiguration:
                      apiServer:
                        extraArgs:
                          - {name: audit-log-maxage, value: "30"}
                """;
        MergeResult k = merge(FieldRules.none(), kcp, kcp.replace("\"30\"}", "\"30\"}\n          - {name: audit-log-maxbackup, value: \"10\"}"),
                kcp.replace("\"30\"", "\"60\""));
        assertThat(k.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs[name=audit-log-maxage].value RELEASE_CHANGED");
    }
}
