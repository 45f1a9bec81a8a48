package dev.upshift.diff.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.merge.CompiledRules;
import dev.upshift.diff.merge.FieldPolicy;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class FieldRulesTest {
    private static final Document KCP = Yaml.set("apiVersion: controlplane.cluster.x-k8s.io/v1beta1\n"
            + "kind: KubeadmControlPlane\nmetadata: {name: prod-cp, namespace: org-a}\n").documents().get(0);
    private static final Document OTHER_KCP = Yaml.set("apiVersion: controlplane.cluster.x-k8s.io/v1beta1\n"
            + "kind: KubeadmControlPlane\nmetadata: {name: dev-cp}\n").documents().get(0);

    private static FieldPolicy at(FieldRules rules, Document doc, String path) {
        FieldPolicy p = CompiledRules.of(rules).policyFor(doc);
        for (PathElement e : FieldPath.parse(path).elements()) {
            p = p.child(e);
        }
        return p;
    }

    @Nested
    @DisplayName("reading rules")
    class Reading {
        private final Problems problems = new Problems();

        private FieldRules read(String yaml) {
            ObjectView root = ObjectView.of(DocumentLoader.create().load("release.yaml", yaml).get(0), problems);
            return SpecLists.fieldRules(root.objects("fieldRules"));
        }

        @Test
        void readsEverySetting() {
            FieldRules rules = read("""
                    fieldRules:
                      - match: {apiVersion: "controlplane.cluster.x-k8s.io/*", kind: KubeadmControlPlane, name: "prod-*"}
                        path: spec.version
                        onConflict: overwrite
                        mutable: true
                        impact: rolling
                      - path: spec.topology.workers.machineDeployments
                        listKeys: [name]
                      - path: metadata.finalizers
                        listType: set
                      - path: spec.replicas
                        ignore: true
                    """);
            assertThat(problems.all()).isEmpty();
            FieldRule first = rules.rules().get(0);
            assertThat(first.onConflict()).contains(OnConflict.OVERWRITE);
            assertThat(first.impact()).contains(Impact.ROLLING);
            assertThat(first.mutability()).contains(Mutability.MUTABLE);
            assertThat(first.location()).hasToString("release.yaml:2:5");
            assertThat(first.describe()).isEqualTo("{apiVersion: controlplane.cluster.x-k8s.io/*, kind: KubeadmControlPlane,"
                    + " name: prod-*} spec.version (release.yaml:2:5)");
            assertThat(first.match().matches(KCP)).isTrue();
            assertThat(first.match().matches(OTHER_KCP)).isFalse();
            assertThat(rules.rules().get(1).listKeys()).containsExactly("name");
            assertThat(rules.rules().get(2).listType()).contains(ListType.SET);
            assertThat(rules.rules().get(3).merging()).contains(Merging.IGNORED);
        }

        @Test
        @DisplayName("reports every problem with its position and leaves the bad rules out")
        void reportsProblems() {
            FieldRules rules = read("""
                    fieldRules:
                      - path: spec.containers[0].image
                        impact: rolling
                      - path: spec.version
                        onConflict: replace
                      - path: spec.containers[*]
                        listKeys: [name]
                      - path: spec.x
                        mutabel: false
                      - path: spec.y
                      - path: spec.z
                        listKeys: []
                      - path: spec.w
                        listKeys: [port]
                        listType: set
                      - match: {kind: A, nmae: b}
                        path: spec.v
                        ignore: "yes"
                      - path: spec.ok
                        impact: none
                      - path: spec.ok
                        impact: rolling
                    """);
            assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                    "release.yaml:2:11: fieldRules[0].path: invalid path pattern \"spec.containers[0].image\": a pattern"
                            + " matches list items by key, not position at character 17; write [*] or [name=value]",
                    "release.yaml:5:17: fieldRules[1].onConflict: unknown value 'replace'; expected one of: overwrite, keep, fail",
                    "release.yaml:7:15: fieldRules[2].listKeys: listKeys needs the path of a list, but 'spec.containers[*]'"
                            + " ends at a list item; remove the last [..] step",
                    "release.yaml:9:5: fieldRules[3].mutabel: unknown field; did you mean 'mutable'?",
                    "release.yaml:8:5: fieldRules[3]: the rule sets nothing; give at least one of onConflict, mutable,"
                            + " impact, listKeys, listType, ignore, sensitive",
                    "release.yaml:10:5: fieldRules[4]: the rule sets nothing; give at least one of onConflict, mutable,"
                            + " impact, listKeys, listType, ignore, sensitive",
                    "release.yaml:12:15: fieldRules[5].listKeys: must name at least one key field; leave it out to use"
                            + " the default (name)",
                    "release.yaml:14:15: fieldRules[6].listKeys: listKeys go with listType: map, not set",
                    "release.yaml:16:22: fieldRules[7].match.nmae: unknown field; did you mean 'name'?",
                    "release.yaml:18:13: fieldRules[7].ignore: expected true or false, got the text 'yes'",
                    "release.yaml:21:11: fieldRules[9].path: a rule with the same match and path is already declared at"
                            + " release.yaml:19:5; merge the two");
            assertThat(rules.rules()).extracting(r -> r.path().text()).containsExactly("spec.ok");
        }

        @Test
        @DisplayName("a match glob longer than 512 characters is an error at its field, and the rule is left out")
        void matchGlobsHaveALengthLimit() {
            FieldRules rules = read("""
                    fieldRules:
                      - match: {name: "%s"}
                        path: spec.a
                        impact: none
                      - match: {name: "%s"}
                        path: spec.b
                        impact: none
                    """.formatted("*".repeat(512), "x*".repeat(256) + "x"));
            assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                    "release.yaml:5:19: fieldRules[1].match.name: is 513 characters; at most 512");
            assertThat(rules.rules()).extracting(r -> r.path().text()).containsExactly("spec.a");
        }

        @Test
        @DisplayName("reads key defaults: the value a key field has where an item leaves it out")
        void readsKeyDefaults() {
            FieldRules rules = read("""
                    fieldRules:
                      - path: spec.template.spec.containers[*].ports
                        listKeys: [containerPort, protocol]
                        keyDefaults: {protocol: TCP}
                      - path: spec.things
                        listType: map
                        keyDefaults: {name: default}
                    """);
            assertThat(problems.all()).isEmpty();
            assertThat(rules.rules().get(0).keyDefaults()).hasToString("{protocol=\"TCP\"}");
            assertThat(rules.rules().get(1).keyDefaults()).hasToString("{name=\"default\"}");
        }

        @Test
        @DisplayName("reports key defaults that name no key field, are not scalars, or have no keyed list, with positions")
        void reportsKeyDefaultProblems() {
            FieldRules rules = read("""
                    fieldRules:
                      - path: spec.a
                        listKeys: [port, protocol]
                        keyDefaults: {proto: TCP}
                      - path: spec.b
                        listKeys: [port]
                        keyDefaults: {port: [1]}
                      - path: spec.c
                        impact: none
                        keyDefaults: {name: x}
                      - path: spec.d
                        listType: set
                        keyDefaults: {x: 1}
                      - path: spec.e
                        listKeys: [name]
                        keyDefaults: [name]
                    """);
            assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                    "release.yaml:4:18: fieldRules[0].keyDefaults: keyDefaults names 'proto', which is not a key of this"
                            + " list (keys: port, protocol)",
                    "release.yaml:7:25: fieldRules[1].keyDefaults.port: expected text, a number or a boolean, got a list",
                    "release.yaml:10:18: fieldRules[2].keyDefaults: keyDefaults need listKeys: they give values to key fields",
                    "release.yaml:13:18: fieldRules[3].keyDefaults: keyDefaults need listKeys: they give values to key fields",
                    "release.yaml:16:18: fieldRules[4].keyDefaults: expected a mapping, got a list");
            assertThat(rules.rules()).isEmpty();
        }

        @Test
        @DisplayName("key defaults are checked in code too")
        void keyDefaultsInCode() {
            assertThat(FieldRule.forPath("spec.ports").listKeys("port", "protocol").keyDefault("protocol", "TCP").build()
                    .keyDefaults()).containsOnlyKeys("protocol");
            assertThatThrownBy(() -> FieldRule.forPath("spec.ports").listKeys("port").keyDefault("protocol", "TCP").build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("keyDefaults names 'protocol', which is not a key of this list (keys: port)");
        }

        @Test
        @DisplayName("reads FieldRules documents with kind and version checking")
        void readsDocuments() {
            FieldRules rules = FieldRules.readDocuments(DocumentLoader.create().load("rules.yaml", """
                    apiVersion: upshift.dev/v1alpha1
                    kind: FieldRules
                    metadata: {name: base}
                    spec:
                      fieldRules:
                        - {path: spec.replicas, ignore: true}
                    ---
                    apiVersion: upshift.dev/v1alpha1
                    kind: FieldRules
                    metadata: {name: more}
                    spec:
                      fieldRules:
                        - {path: metadata.name, mutable: false}
                    """));
            assertThat(rules.rules()).extracting(r -> r.path().text()).containsExactly("spec.replicas", "metadata.name");
            assertThatThrownBy(() -> FieldRules.readDocuments(DocumentLoader.create().load("rules.yaml", """
                    apiVersion: upshift.dev/v1beta9
                    kind: FieldRules
                    metadata: {name: x}
                    spec: {fieldRules: []}
                    ---
                    apiVersion: upshift.dev/v1alpha1
                    kind: Release
                    metadata: {name: x}
                    ---
                    apiVersion: upshift.dev/v1alpha1
                    kind: FieldRules
                    metadata: {name: x}
                    spec: {fieldRule: []}
                    """))).isInstanceOf(InputException.class).hasMessage("""
                    rules.yaml:1:13: apiVersion: unknown apiVersion 'upshift.dev/v1beta9' for kind FieldRules; expected upshift.dev/v1alpha1
                    rules.yaml:7:7: kind: unknown kind 'Release'; expected one of: FieldRules
                    rules.yaml:13:8: spec.fieldRule: unknown field; did you mean 'fieldRules'?""");
        }

        @Test
        @DisplayName("a rule repeated in a later FieldRules document is an error, as within one")
        void repeatedAcrossDocuments() {
            assertThatThrownBy(() -> FieldRules.readDocuments(DocumentLoader.create().load("rules.yaml", """
                    apiVersion: upshift.dev/v1alpha1
                    kind: FieldRules
                    metadata: {name: base}
                    spec:
                      fieldRules:
                        - {path: spec.replicas, ignore: true}
                    ---
                    apiVersion: upshift.dev/v1alpha1
                    kind: FieldRules
                    metadata: {name: more}
                    spec:
                      fieldRules:
                        - {path: spec.replicas, mutable: false}
                    """))).isInstanceOf(InputException.class).hasMessage(
                    "rules.yaml:13:14: spec.fieldRules[0].path: a rule with the same match and path is already"
                            + " declared at rules.yaml:6:7; merge the two");
        }
    }

    @Nested
    @DisplayName("the most specific rule wins, setting by setting")
    class Specificity {
        @Test
        @DisplayName("a literal name beats a name glob beats a kind beats any document")
        void documentMatchFirst() {
            FieldRule any = FieldRule.forPath("spec.version").impact(Impact.NONE).build();
            FieldRule kind = FieldRule.forPath("spec.version").kind("KubeadmControlPlane").impact(Impact.IN_PLACE).build();
            FieldRule glob = FieldRule.forPath("spec.version").match(DocumentMatch.any().withName("prod-*")).impact(Impact.ROLLING).build();
            FieldRule name = FieldRule.forPath("spec.version").match(DocumentMatch.any().withName("prod-cp")).impact(Impact.REPLACE).build();
            FieldRules rules = FieldRules.of(any, kind, glob, name);
            assertThat(at(rules, KCP, "spec.version").impact()).contains(Impact.REPLACE);
            assertThat(at(FieldRules.of(any, kind, glob), KCP, "spec.version").impact()).contains(Impact.ROLLING);
            assertThat(at(FieldRules.of(any, kind), KCP, "spec.version").impact()).contains(Impact.IN_PLACE);
            assertThat(at(rules, OTHER_KCP, "spec.version").impact()).contains(Impact.IN_PLACE);
            assertThat(rules.bySpecificity()).containsExactly(name, glob, kind, any);
        }

        @Test
        @DisplayName("then more literal steps, then * beats **")
        void pathSpecificity() {
            FieldRule deep = FieldRule.forPath("**.image").onConflict(OnConflict.KEEP).build();
            FieldRule star = FieldRule.forPath("spec.*.image").onConflict(OnConflict.FAIL).build();
            FieldRule literal = FieldRule.forPath("spec.main.image").onConflict(OnConflict.OVERWRITE).build();
            FieldRules rules = FieldRules.of(deep, star, literal);
            assertThat(at(rules, KCP, "spec.main.image").onConflict()).isEqualTo(OnConflict.OVERWRITE);
            assertThat(at(rules, KCP, "spec.side.image").onConflict()).isEqualTo(OnConflict.FAIL);
            assertThat(at(rules, KCP, "spec.a.b.image").onConflict()).isEqualTo(OnConflict.KEEP);
            assertThat(at(rules, KCP, "spec.a.b.image").onConflictRule()).contains(deep);
        }

        @Test
        @DisplayName("ties go to the rule declared first")
        void declarationOrder() {
            FieldRule first = FieldRule.forPath("spec.*.x").impact(Impact.NONE).build();
            FieldRule second = FieldRule.forPath("spec.a.*").impact(Impact.REPLACE).build();
            assertThat(at(FieldRules.of(first, second), KCP, "spec.a.x").impact()).contains(Impact.NONE);
            assertThat(at(FieldRules.of(second, first), KCP, "spec.a.x").impact()).contains(Impact.REPLACE);
        }

        @Test
        @DisplayName("a rule covers the subtree below its path; each setting comes from the most specific rule that sets it")
        void settingsCascade() {
            FieldRule template = FieldRule.forPath("spec.template").match(DocumentMatch.kind("KubeadmControlPlane"))
                    .impact(Impact.ROLLING).build();
            FieldRule immutableName = FieldRule.forPath("metadata.name").mutable(false).build();
            FieldRule everything = FieldRule.forPath("**").match(DocumentMatch.kind("KubeadmControlPlane"))
                    .onConflict(OnConflict.OVERWRITE).build();
            FieldRules rules = FieldRules.of(template, immutableName, everything);
            FieldPolicy image = at(rules, KCP, "spec.template.spec.containers[name=a].image");
            assertThat(image.impact()).contains(Impact.ROLLING);
            assertThat(image.onConflict()).isEqualTo(OnConflict.OVERWRITE);
            assertThat(image.mutable()).isTrue();
            FieldPolicy name = at(rules, KCP, "metadata.name");
            assertThat(name.mutable()).isFalse();
            assertThat(name.mutableRule()).contains(immutableName);
            assertThat(name.onConflictRule()).contains(everything);
            assertThat(name.impact()).isEmpty();
        }

        @Test
        @DisplayName("list settings apply to the matched list only, not to lists below it")
        void listSettingsAreExact() {
            FieldRules rules = FieldRules.of(FieldRule.forPath("spec.ports").listKeys("port", "protocol").build());
            assertThat(at(rules, KCP, "spec.ports").listKeys()).containsExactly("port", "protocol");
            assertThat(at(rules, KCP, "spec.ports[port=1,protocol=TCP].inner").listKeys()).isEmpty();
            assertThat(at(rules, KCP, "spec.ports").listType()).contains(ListType.MAP);
        }

        @Test
        @DisplayName("defaults apply where no rule says otherwise")
        void defaults() {
            FieldPolicy s = at(FieldRules.none(), KCP, "spec.anything");
            assertThat(s.onConflict()).isEqualTo(OnConflict.FAIL);
            assertThat(s.mutable()).isTrue();
            assertThat(s.ignored()).isFalse();
            assertThat(s.impact()).isEmpty();
            assertThat(s.listType()).isEmpty();
        }

        @Test
        void identicalMatchAndPathAreRejected() {
            assertThatThrownBy(() -> FieldRules.of(FieldRule.forPath("a").ignore(true).build(),
                    FieldRule.forPath("a").impact(Impact.NONE).build())).hasMessage("two rules for a");
        }
    }

}
