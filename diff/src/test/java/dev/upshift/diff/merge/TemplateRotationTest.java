package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.render.DocumentPatch;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.render.ReviewReport;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import dev.upshift.testing.Content;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 7: Cluster API's webhooks refuse changes to a machine template's spec. A release
 * that changes one produces a new template under a stable derived name, moves the references to
 * it, and leaves the old template in place.
 */
class TemplateRotationTest {
    private static final DocumentId OLD = DocumentId.of("infrastructure.cluster.x-k8s.io/v1beta2", "AWSMachineTemplate",
            "org-a", "prod-md-0");
    private static final DocumentId MD = DocumentId.of("cluster.x-k8s.io/v1beta1", "MachineDeployment", "org-a", "prod-md-0");

    /** A CAPA worker pool in the shape clusterctl generates: machine template, bootstrap template, MachineDeployment. */
    private static String pool(String instanceType, String replicas) {
        return """
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata: {name: prod-md-0, namespace: org-a}
                spec:
                  template:
                    spec:
                      iamInstanceProfile: nodes.cluster-api-provider-aws.sigs.k8s.io
                      instanceType: %s
                      sshKeyName: platform
                ---
                apiVersion: bootstrap.cluster.x-k8s.io/v1beta1
                kind: KubeadmConfigTemplate
                metadata: {name: prod-md-0, namespace: org-a}
                spec:
                  template:
                    spec:
                      joinConfiguration:
                        nodeRegistration:
                          name: '{{ ds.meta_data.local_hostname }}'
                          kubeletExtraArgs: {cloud-provider: external}
                ---
                apiVersion: cluster.x-k8s.io/v1beta1
                kind: MachineDeployment
                metadata: {name: prod-md-0, namespace: org-a}
                spec:
                  clusterName: prod
                  replicas: %s
                  selector: {matchLabels: null}
                  template:
                    spec:
                      clusterName: prod
                      version: v1.33.4
                      bootstrap:
                        configRef: {apiVersion: bootstrap.cluster.x-k8s.io/v1beta1, kind: KubeadmConfigTemplate, name: prod-md-0}
                      infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta2, kind: AWSMachineTemplate, name: prod-md-0}
                """.formatted(instanceType, replicas);
    }

    private static MergeResult merge(FieldRules rules, String base, String current, String target) {
        return ThreeWayMerge.withRules(rules).merge(Yaml.set("base.yaml", base), Yaml.set("current.yaml", current),
                Yaml.set("target.yaml", target));
    }

    @Test
    @DisplayName("a release that changes an AWSMachineTemplate's instance type makes a new template, moves the MachineDeployment's reference and keeps the old one")
    void aChangedMachineTemplateIsReplaced() {
        MergeResult r = merge(FieldRules.none(), pool("m5.large", "3"), pool("m5.large", "5"), pool("m6i.large", "3"));

        Document replacement = r.documents().documents().stream()
                .filter(d -> d.id().kind().equals("AWSMachineTemplate") && !d.id().equals(OLD)).findFirst().orElseThrow();
        String newName = replacement.id().name();
        assertThat(newName).matches("prod-md-0-[0-9a-f]{8}");
        assertThat(replacement.tree().at("/spec/template/spec/instanceType").asText()).isEqualTo("m6i.large");
        assertThat(replacement.tree().at("/metadata/name").asText()).isEqualTo(newName);
        assertThat(Content.of(r.documents().get(OLD).orElseThrow().tree()))
                .isEqualTo(Content.of(r.current().get(OLD).orElseThrow().tree()));

        JsonNode md = r.documents().get(MD).orElseThrow().tree();
        assertThat(md.at("/spec/template/spec/infrastructureRef/name").asText()).isEqualTo(newName);
        assertThat(md.at("/spec/template/spec/bootstrap/configRef/name").asText()).as("its template did not change")
                .isEqualTo("prod-md-0");
        assertThat(md.at("/spec/replicas").asInt()).as("the cluster's customisation").isEqualTo(5);

        assertThat(r.changes(OLD)).singleElement().satisfies(c -> {
            assertThat(c.reason()).isEqualTo(ChangeReason.TEMPLATE_REPLACED);
            assertThat(c.message()).startsWith("replaced by infrastructure.cluster.x-k8s.io/v1beta2/AWSMachineTemplate/org-a/"
                    + newName + ": Cluster API refuses changes to a template's spec, so the merged template is a new"
                    + " document; the references move to it (1 reference in cluster.x-k8s.io/v1beta1/MachineDeployment/"
                    + "org-a/prod-md-0); this one stays until nothing refers to it");
        });
        assertThat(r.changes(MD)).extracting(c -> c.path() + " " + c.reason() + " " + c.impact()).contains(
                "spec.template.spec.infrastructureRef.name REFERENCE_MOVED rolling");
        assertThat(r.isBlocked()).isFalse();
        assertThat(ReviewReport.render(r)).contains("> (whole document): replaced by ").contains(newName + " (new)");

        List<DocumentPatch> patches = JsonPatches.of(r);
        assertThat(patches).extracting(p -> p.id().kind() + " " + p.id().name() + " " + p.action())
                .containsExactlyInAnyOrder("AWSMachineTemplate " + newName + " CREATE", "MachineDeployment prod-md-0 PATCH");
        DocumentPatch mdPatch = patches.stream().filter(p -> p.id().equals(MD)).findFirst().orElseThrow();
        assertThat(Content.of(JsonPatch.apply(r.current().get(MD).orElseThrow().tree(), mdPatch.patch().orElseThrow())))
                .isEqualTo(Content.of(md));
    }

    @Test
    @DisplayName("the derived name is stable: the same merge twice, or a second rotation of a rotated template, gives one stem and the same hash")
    void theDerivedNameIsStable() {
        MergeResult first = merge(FieldRules.none(), pool("m5.large", "3"), pool("m5.large", "3"), pool("m6i.large", "3"));
        MergeResult second = merge(FieldRules.none(), pool("m5.large", "3"), pool("m5.large", "3"), pool("m6i.large", "3"));
        assertThat(second.documents().ids()).isEqualTo(first.documents().ids());
        String rotated = first.documents().ids().stream().filter(id -> id.kind().equals("AWSMachineTemplate"))
                .map(DocumentId::name).filter(n -> !n.equals("prod-md-0")).findFirst().orElseThrow();
        JsonNode tree = first.documents().get(new DocumentId(OLD.group(), OLD.kind(), OLD.namespace(), rotated))
                .orElseThrow().tree();
        assertThat(TemplateRotation.derivedName(rotated, tree)).isEqualTo(rotated);
        assertThat(TemplateRotation.derivedName("x".repeat(300), tree)).hasSize(253);
    }

    @Test
    @DisplayName("a release that only relabels a template changes it in place, as Cluster API allows")
    void metadataChangesStayInPlace() {
        String base = pool("m5.large", "3");
        String target = base.replace("metadata: {name: prod-md-0, namespace: org-a}\nspec:\n  template:\n    spec:\n      iam",
                "metadata: {name: prod-md-0, namespace: org-a, labels: {tier: gold}}\nspec:\n  template:\n    spec:\n      iam");
        MergeResult r = merge(FieldRules.none(), base, base, target);
        assertThat(r.changes()).extracting(c -> c.document().kind() + " " + c.path() + " " + c.reason())
                .containsExactly("AWSMachineTemplate metadata.labels ADDED");
    }

    @Test
    @DisplayName("immutable: rotate makes any kind rotate, for the paths it names")
    void aRuleRotatesOtherKinds() {
        String widgets = """
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: widgets}
                spec:
                  fieldRules:
                    - match: {kind: WidgetTemplate}
                      path: spec.template
                      immutable: rotate
                """;
        FieldRules rules = FieldRules.readDocuments(DocumentLoader.create().load("rules.yaml", widgets));
        String docs = """
                apiVersion: widgets.example.com/v1
                kind: WidgetTemplate
                metadata: {name: blue, namespace: ns}
                spec:
                  template: {size: %s}
                  paused: %s
                ---
                apiVersion: widgets.example.com/v1
                kind: WidgetPool
                metadata: {name: pool, namespace: ns}
                spec:
                  templateRef: {apiGroup: widgets.example.com, kind: WidgetTemplate, name: blue}
                """;
        MergeResult outside = merge(rules, docs.formatted("1", "false"), docs.formatted("1", "false"),
                docs.formatted("1", "true"));
        assertThat(outside.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("spec.paused RELEASE_CHANGED");

        MergeResult inside = merge(rules, docs.formatted("1", "false"), docs.formatted("1", "false"),
                docs.formatted("2", "false"));
        DocumentId pool = DocumentId.of("widgets.example.com/v1", "WidgetPool", "ns", "pool");
        assertThat(inside.documents().get(pool).orElseThrow().tree().at("/spec/templateRef/name").asText())
                .startsWith("blue-");
        assertThat(inside.changes()).filteredOn(c -> c.reason() == ChangeReason.TEMPLATE_REPLACED).singleElement()
                .satisfies(c -> assertThat(c.message()).contains("rule {kind: WidgetTemplate} spec.template (rules.yaml:")
                        .contains("says immutable: rotate"));
    }

    @Test
    @DisplayName("mutable and immutable: rotate on one rule are refused")
    void mutableAndRotateTogetherAreRefused() {
        Problems problems = new Problems();
        FieldRules.readDocuments(DocumentLoader.create().load("rules.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: widgets}
                spec:
                  fieldRules:
                    - {path: spec, mutable: false, immutable: rotate}
                    - {path: status, immutable: always}
                """), problems);
        assertThat(problems.all()).extracting(Object::toString).anySatisfy(p -> assertThat(p)
                .contains("rules.yaml:6").contains("set either mutable or immutable: rotate, not both"));
        assertThat(problems.all()).extracting(Object::toString).anySatisfy(p -> assertThat(p)
                .contains("rules.yaml:7").contains("unknown value 'always'; expected one of: rotate"));
    }

    @Test
    @DisplayName("the next release's merge leaves the template a rotation left behind alone: no change, no conflict")
    void aRetiredTemplateIsLeftAlone() {
        MergeResult first = merge(FieldRules.none(), pool("m5.large", "3"), pool("m5.large", "3"), pool("m6i.large", "3"));
        DocumentSet afterFirst = first.documents();
        DocumentSet base = withInstanceType(afterFirst, "m6i.large");
        DocumentSet target = withInstanceType(afterFirst, "m7i.large");

        MergeResult second = ThreeWayMerge.withRules(FieldRules.none()).merge(base, afterFirst, target);

        assertThat(second.isBlocked()).as("the old template, still on m5.large, is not a customisation").isFalse();
        assertThat(second.changes(OLD)).isEmpty();
        assertThat(Content.of(second.documents().get(OLD).orElseThrow().tree()))
                .isEqualTo(Content.of(afterFirst.get(OLD).orElseThrow().tree()));
        JsonNode md = second.documents().get(MD).orElseThrow().tree();
        String live = md.at("/spec/template/spec/infrastructureRef/name").asText();
        assertThat(live).matches("prod-md-0-[0-9a-f]{8}").isNotEqualTo(first.documents().get(MD).orElseThrow().tree()
                .at("/spec/template/spec/infrastructureRef/name").asText());
        assertThat(second.documents().get(new DocumentId(OLD.group(), OLD.kind(), OLD.namespace(), live)).orElseThrow()
                .tree().at("/spec/template/spec/instanceType").asText()).isEqualTo("m7i.large");
    }

    @Test
    @DisplayName("a template nothing refers to, with no rotated sibling, is merged as any document")
    void anUnreferencedTemplateAloneIsMerged() {
        String lone = """
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata: {name: spare, namespace: org-a}
                spec: {template: {spec: {instanceType: %s}}}
                """;
        MergeResult r = merge(FieldRules.none(), lone.formatted("m5.large"), lone.formatted("m5.large"),
                lone.formatted("m6i.large"));
        assertThat(r.documents().ids()).extracting(DocumentId::name).anyMatch(n -> n.startsWith("spare-"));
    }

    /** The documents with every AWSMachineTemplate's instance type set, as a release's defaults set it on each. */
    private static DocumentSet withInstanceType(DocumentSet documents, String type) {
        List<com.fasterxml.jackson.databind.node.ObjectNode> trees = new java.util.ArrayList<>();
        for (Document d : documents.documents()) {
            com.fasterxml.jackson.databind.node.ObjectNode t = d.tree().deepCopy();
            if (d.id().kind().equals("AWSMachineTemplate")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) t.at("/spec/template/spec")).put("instanceType", type);
            }
            trees.add(t);
        }
        return DocumentSet.of(trees);
    }
}
