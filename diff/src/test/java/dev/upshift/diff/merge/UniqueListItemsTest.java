package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.render.ListKeysReport;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.testing.Yaml;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Issue 25, item 2: Cluster API v1beta2 declares {@code extraArgs} and {@code kubeletExtraArgs}
 * as {@code {name, value}} lists keyed by both, and validates that names are unique. A flag the
 * cluster and the release changed differently must be one conflict, never two items with one name.
 */
class UniqueListItemsTest {
    private static final DocumentId KCP = DocumentId.of("controlplane.cluster.x-k8s.io/v1beta2", "KubeadmControlPlane",
            "org-a", "prod-cp");
    private static final String ARGS = "spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs";

    /** A v1beta2 KubeadmControlPlane whose API server runs with these {@code extraArgs} items (flow mappings). */
    private static String kcp(List<String> args) {
        StringBuilder items = new StringBuilder();
        args.forEach(a -> items.append("          - ").append(a).append('\n'));
        return """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta2
                kind: KubeadmControlPlane
                metadata: {name: prod-cp, namespace: org-a}
                spec:
                  replicas: 3
                  version: v1.33.4
                  machineTemplate:
                    spec:
                      infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: AWSMachineTemplate, name: prod-cp}
                  kubeadmConfigSpec:
                    clusterConfiguration:
                      apiServer:
                        extraArgs:
                """ + (args.isEmpty() ? "          []\n" : items) + """
                    initConfiguration:
                      nodeRegistration:
                        kubeletExtraArgs:
                          - {name: cloud-provider, value: external}
                """;
    }

    private static MergeResult merge(FieldRules rules, List<String> b, List<String> c, List<String> t) {
        return ThreeWayMerge.withRules(rules).merge(Yaml.set("base.yaml", kcp(b)), Yaml.set("current.yaml", kcp(c)),
                Yaml.set("target.yaml", kcp(t)));
    }

    @Test
    @DisplayName("audit-log-maxage changed by the cluster (60) and the release (45) is one conflict on its value, not two items")
    void aFlagChangedOnBothSidesIsOneConflict() {
        MergeResult r = merge(FieldRules.none(),
                List.of("{name: audit-log-path, value: /var/log/audit.log}", "{name: audit-log-maxage, value: \"30\"}"),
                List.of("{name: audit-log-path, value: /var/log/audit.log}", "{name: audit-log-maxage, value: \"60\"}"),
                List.of("{name: audit-log-path, value: /var/log/audit.log}", "{name: audit-log-maxage, value: \"45\"}"));

        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason() + " " + c.resolution()).containsExactly(
                ARGS + "[name=audit-log-maxage].value CONFLICT BLOCKED");
        assertThat(r.documents().get(KCP).orElseThrow().tree().at("/spec/kubeadmConfigSpec/clusterConfiguration/apiServer/extraArgs"))
                .hasSize(2);
        assertThat(ListKeysReport.render(r)).contains(ARGS + ": keyed by name  (built in: Cluster API v1.14.0: "
                + "controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane." + ARGS + ", whose validation allows one item per name)");
    }

    @Test
    @DisplayName("a rule that keys extraArgs by name and value cannot make two items with one name: the list is blocked, naming the validation")
    void aRuleThatWouldDuplicateANameIsBlocked() {
        FieldRules byNameAndValue = FieldRules.of(FieldRule.forPath(ARGS).listKeys("name", "value").build());
        MergeResult r = merge(byNameAndValue, List.of("{name: audit-log-maxage, value: \"30\"}"),
                List.of("{name: audit-log-maxage, value: \"60\"}"), List.of("{name: audit-log-maxage, value: \"45\"}"));

        assertThat(r.blocked()).singleElement().satisfies(c -> {
            assertThat(c.path()).hasToString(ARGS);
            assertThat(c.reason()).isEqualTo(ChangeReason.DUPLICATE_ITEMS);
            assertThat(c.message()).startsWith("the merged list would hold two items [name=audit-log-maxage] (")
                    .contains("its validation allows one item per name (Cluster API v1.14.0: ").endsWith("; blocked");
        });
        assertThat(r.changes()).hasSize(1);
        assertThat(r.documents().get(KCP).orElseThrow().tree().at("/spec/kubeadmConfigSpec/clusterConfiguration/apiServer/extraArgs"))
                .hasSize(1);
    }

    @Nested
    @DisplayName("no two items a list's validation says must be unique")
    class Property {
        private static final List<String> NAMES = List.of("audit-log-maxage", "audit-log-path", "profiling");
        private static final List<String> VALUES = List.of("\"30\"", "\"60\"", "\"false\"");

        /** An extraArgs list: a subset of the names in some order, each with some value (unique names, as validation wants). */
        private Gen<List<String>> args() {
            return Generate.range(0, 26).zip(Generate.range(0, 5), Generate.range(0, 26), (present, order, values) -> {
                List<String> names = new ArrayList<>(NAMES);
                java.util.Collections.rotate(names, order);
                List<String> out = new ArrayList<>();
                int v = values;
                for (int i = 0; i < names.size(); i++) {
                    if ((present >> i & 1) == 1) {
                        out.add("{name: " + names.get(i) + ", value: " + VALUES.get(v % 3) + "}");
                    }
                    v /= 3;
                }
                return out;
            });
        }

        @Test
        @DisplayName("whatever the rules key extraArgs by, every merged list has unique names, or the merge blocks at the list")
        void mergedListsHaveUniqueNames() {
            List<FieldRules> ruleSets = List.of(FieldRules.none(),
                    FieldRules.of(FieldRule.forPath(ARGS).listKeys("name", "value").build()),
                    FieldRules.of(FieldRule.forPath(ARGS).listType(ListType.SET).build()),
                    FieldRules.of(FieldRule.forPath("**").onConflict(dev.upshift.diff.rule.OnConflict.OVERWRITE).build()));
            qt().forAll(args(), args(), args()).checkAssert((b, c, t) -> {
                for (FieldRules rules : ruleSets) {
                    MergeResult r = merge(rules, b, c, t);
                    JsonNode merged = r.documents().get(KCP).orElseThrow().tree()
                            .at("/spec/kubeadmConfigSpec/clusterConfiguration/apiServer/extraArgs");
                    Set<String> names = new HashSet<>();
                    boolean unique = true;
                    for (JsonNode item : merged) {
                        unique &= names.add(item.path("name").asText());
                    }
                    boolean blockedHere = r.blocked().stream().anyMatch(x -> x.path().toString().equals(ARGS)
                            && x.reason() == ChangeReason.DUPLICATE_ITEMS);
                    assertThat(unique).as("unique names in %s under %s", merged, rules).isTrue();
                    if (rules.equals(FieldRules.none())) {
                        assertThat(blockedHere).as("keyed by name, the table never needs the check").isFalse();
                    }
                }
            });
        }
    }

    @Nested
    @DisplayName("the table generator reads uniqueness rules")
    class Generator {
        /** A CRD fragment in the shape controller-gen writes for Cluster API's kubeadm types (written here, not copied). */
        private static final String CRD = """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: kubeadmwidgets.controlplane.example.com}
                spec:
                  group: controlplane.example.com
                  names: {kind: KubeadmWidget}
                  versions:
                    - name: v1beta1
                      served: true
                      schema:
                        openAPIV3Schema:
                          properties:
                            spec:
                              type: object
                              properties:
                                extraArgs:
                                  type: object
                                  additionalProperties: {type: string}
                    - name: v1beta2
                      served: true
                      schema:
                        openAPIV3Schema:
                          properties:
                            spec:
                              type: object
                              properties:
                                extraArgs:
                                  type: array
                                  items:
                                    type: object
                                    required: [name, value]
                                    properties:
                                      name: {type: string}
                                      value: {type: string}
                                  x-kubernetes-list-map-keys: [name, value]
                                  x-kubernetes-list-type: map
                                  x-kubernetes-validations:
                                    - message: extraArgs name must be unique
                                      rule: self.all(x, self.exists_one(y, x.name == y.name))
                                ports:
                                  type: array
                                  items:
                                    type: object
                                    properties:
                                      port: {type: integer}
                                      protocol: {type: string, default: TCP}
                                      name: {type: string}
                                  x-kubernetes-list-map-keys: [port, protocol]
                                  x-kubernetes-list-type: map
                                  x-kubernetes-validations:
                                    - rule: "self.all(p, self.filter(q, q.port == p.port && p.protocol == q.protocol).size() == 1)"
                                    - rule: self.all(x, x.port > 0)
                                volumes:
                                  type: array
                                  items:
                                    type: object
                                    properties:
                                      name: {type: string}
                                  x-kubernetes-validations:
                                    - rule: self.all(v, self.exists_one(w, v.name == w.name))
                                    - rule: self.all(v, self.exists_one(w, v.name == v.name))
                                files:
                                  type: array
                                  items: {type: object}
                                  x-kubernetes-list-type: atomic
                    - name: v1alpha1
                      served: false
                """;

        @Test
        @DisplayName("exists_one and filter-size rules become unique=..., and a map list keyed by name and value is keyed by name")
        void readsUniquenessRules() throws Exception {
            JsonNode crd = new YAMLMapper().readTree(CRD);
            String table = ListTableGenerator.clusterApi(List.of(crd), "v0.0.1");

            assertThat(table).isEqualTo("""
                    source Cluster API v0.0.1
                    kind controlplane.example.com/v1beta1 KubeadmWidget controlplane.example.com/v1beta1.KubeadmWidget
                    kind controlplane.example.com/v1beta2 KubeadmWidget controlplane.example.com/v1beta2.KubeadmWidget
                    controlplane.example.com/v1beta1.KubeadmWidget metadata meta.v1.ObjectMeta
                    controlplane.example.com/v1beta2.KubeadmWidget metadata meta.v1.ObjectMeta
                    controlplane.example.com/v1beta2.KubeadmWidget spec.extraArgs map name,value unique=name
                    controlplane.example.com/v1beta2.KubeadmWidget spec.files atomic
                    controlplane.example.com/v1beta2.KubeadmWidget spec.ports map port,protocol=TCP unique=port+protocol
                    controlplane.example.com/v1beta2.KubeadmWidget spec.volumes atomic unique=name
                    """);
            ListSchema schema = ListSchema.parse(table + "meta.v1.ObjectMeta finalizers set\n");
            ListSchema.Spec extraArgs = schema.root("controlplane.example.com/v1beta2", "KubeadmWidget").field("spec")
                    .field("extraArgs").list().orElseThrow();
            assertThat(extraArgs.keys()).containsExactly("name");
            assertThat(extraArgs.unique()).containsExactly(List.of("name"));
            ListSchema.Spec ports = schema.root("controlplane.example.com/v1beta2", "KubeadmWidget").field("spec")
                    .field("ports").list().orElseThrow();
            assertThat(ports.keys()).containsExactly("port", "protocol");
            assertThat(ports.keyDefaults()).containsKey("protocol");
        }

        @Test
        @DisplayName("only the two uniqueness forms are read; any other rule is left out")
        void otherRulesAreNotUniqueness() {
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.exists_one(y, x.name == y.name))")).contains(List.of("name"));
            assertThat(ListTableGenerator.uniqueFields(" self.all(a,self.exists_one(b, b.key == a.key && a.effect == b.effect)) "))
                    .contains(List.of("key", "effect"));
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.filter(y, y.name == x.name).size() == 1)"))
                    .contains(List.of("name"));
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.exists_one(y, x.name == y.value))")).isEmpty();
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.exists_one(y, x.name != y.name))")).isEmpty();
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.exists_one(x, x.name == x.name))")).isEmpty();
            assertThat(ListTableGenerator.uniqueFields("self.all(x, self.exists(y, x.name == y.name))")).isEmpty();
            assertThat(ListTableGenerator.uniqueFields("self.size() <= 10")).isEmpty();
        }
    }
}
