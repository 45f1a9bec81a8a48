package dev.upshift.diff.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.patch.JsonPatch;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.rule.OnConflict;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RenderingsTest {
    private static DocumentSet set(String name, String yaml) {
        return DocumentSet.read(DocumentLoader.create().load(name, yaml));
    }

    private static final String CM = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s, namespace: ns}\ndata: {k: '%s'}\n";

    private static MergeResult mixed() {
        FieldRules rules = FieldRules.of(
                FieldRule.forPath("spec.size").onConflict(OnConflict.KEEP).build(),
                FieldRule.forPath("spec.image").onConflict(OnConflict.OVERWRITE).impact(Impact.ROLLING).build(),
                FieldRule.forPath("spec.selector").mutable(false).build());
        String app = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: ns}
                spec: {replicas: %s, size: %s, image: %s, selector: %s, mode: %s, gone: %s}
                """;
        DocumentSet base = set("base.yaml", app.formatted(1, "s", "v1", "a", "x", "old") + "---\n" + CM.formatted("dropped", "1"));
        DocumentSet current = set("current.yaml", app.formatted(5, "m", "v1-hotfix", "a", "y", "old") + "---\n"
                + CM.formatted("dropped", "1"));
        DocumentSet target = set("target.yaml", app.formatted(1, "l", "v2", "b", "z", "null") + "---\n" + CM.formatted("new", "2"));
        return ThreeWayMerge.withRules(rules).merge(base, current, target);
    }

    @Test
    @DisplayName("the report groups release changes, kept customisations and conflicts per document")
    void report() {
        assertThat(ReviewReport.render(mixed())).isEqualTo("""
                3 documents change (1 added, 1 removed); 1 customisation kept; 4 conflicts (2 blocking); highest impact: rolling

                v1/ConfigMap/ns/dropped (removed)
                  release changes
                    - (whole document): removed (was {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dropped","namespace":"ns"},"data":{"k":...)  [inPlace]

                v1/ConfigMap/ns/new (new)
                  release changes
                    + (whole document): set to {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"new","namespace":"ns"},"data":{"k":"2"}}  [inPlace]

                apps/v1/Deployment/ns/web
                  release changes
                    - spec.gone: removed (was "old")  [inPlace]
                  kept customisations
                    = spec.replicas: 5 kept (both releases: 1)
                  conflicts
                    ? spec.image: TARGET  conflict: the old release had "v1", the cluster has "v1-hotfix", the new release has "v2"; onConflict: overwrite takes the target's value  [rolling]  (rule spec.image)
                    ! spec.mode: BLOCKED  conflict: the old release had "x", the cluster has "y", the new release has "z"; onConflict: fail blocks the upgrade
                    ! spec.selector: BLOCKED  immutable field: the merge would change "a" to "b" (the cluster had the old release's value); blocked  (rule spec.selector)
                    ? spec.size: CURRENT  conflict: the old release had "s", the cluster has "m", the new release has "l"; onConflict: keep keeps the cluster's value  (rule spec.size)

                blocked: 2 fields need a decision before this upgrade can go ahead
                """);
    }

    @Test
    @DisplayName("the unified diff compares canonical YAML per document, new and removed documents against /dev/null")
    void unified() {
        assertThat(UnifiedDiff.render(mixed())).isEqualTo("""
                --- current/v1/ConfigMap/ns/dropped
                +++ /dev/null
                @@ -1,7 +0,0 @@
                -apiVersion: v1
                -data:
                -  k: "1"
                -kind: ConfigMap
                -metadata:
                -  name: dropped
                -  namespace: ns
                --- /dev/null
                +++ merged/v1/ConfigMap/ns/new
                @@ -0,0 +1,7 @@
                +apiVersion: v1
                +data:
                +  k: "2"
                +kind: ConfigMap
                +metadata:
                +  name: new
                +  namespace: ns
                --- current/apps/v1/Deployment/ns/web
                +++ merged/apps/v1/Deployment/ns/web
                @@ -4,8 +4,7 @@
                   name: web
                   namespace: ns
                 spec:
                -  gone: old
                -  image: v1-hotfix
                +  image: v2
                   mode: "y"
                   replicas: 5
                   selector: a
                """);
    }

    @Test
    @DisplayName("JSON Patches guard every list index with tests of the item's key, and add items in their final order")
    void jsonPatchGuards() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.ports").listKeys("port", "protocol").build(),
                FieldRule.forPath("spec.finalizers").listType(ListType.SET).build());
        DocumentSet base = set("b.yaml", """
                apiVersion: v1
                kind: Service
                metadata: {name: dns}
                spec:
                  finalizers: [a, b]
                  ports: [{port: 53, protocol: UDP, name: u}, {port: 53, protocol: TCP, name: t}]
                """);
        DocumentSet current = set("c.yaml", """
                apiVersion: v1
                kind: Service
                metadata: {name: dns}
                spec:
                  finalizers: [b, a, mine]
                  ports: [{port: 53, protocol: TCP, name: t}, {port: 53, protocol: UDP, name: u}]
                """);
        DocumentSet target = set("t.yaml", """
                apiVersion: v1
                kind: Service
                metadata: {name: dns}
                spec:
                  finalizers: [b, c, d]
                  ports: [{port: 53, protocol: UDP, name: dns-udp}, {port: 80, protocol: TCP, name: h}, {port: 443, protocol: TCP, name: s}]
                """);
        MergeResult r = ThreeWayMerge.withRules(rules).merge(base, current, target);
        List<DocumentPatch> patches = JsonPatches.of(r);
        assertThat(patches).singleElement().satisfies(p -> {
            assertThat(p.action()).isEqualTo(DocumentPatch.Action.PATCH);
            assertThat(p.patch().orElseThrow().toString()).isEqualTo("["
                    + "{\"op\":\"test\",\"path\":\"/spec/finalizers/1\",\"value\":\"a\"},"
                    + "{\"op\":\"remove\",\"path\":\"/spec/finalizers/1\"},"
                    + "{\"op\":\"test\",\"path\":\"/spec/ports/0/port\",\"value\":53},"
                    + "{\"op\":\"test\",\"path\":\"/spec/ports/0/protocol\",\"value\":\"TCP\"},"
                    + "{\"op\":\"remove\",\"path\":\"/spec/ports/0\"},"
                    + "{\"op\":\"test\",\"path\":\"/spec/ports/0/port\",\"value\":53},"
                    + "{\"op\":\"test\",\"path\":\"/spec/ports/0/protocol\",\"value\":\"UDP\"},"
                    + "{\"op\":\"replace\",\"path\":\"/spec/ports/0/name\",\"value\":\"dns-udp\"},"
                    + "{\"op\":\"add\",\"path\":\"/spec/finalizers/-\",\"value\":\"c\"},"
                    + "{\"op\":\"add\",\"path\":\"/spec/finalizers/-\",\"value\":\"d\"},"
                    + "{\"op\":\"add\",\"path\":\"/spec/ports/-\",\"value\":{\"port\":80,\"protocol\":\"TCP\",\"name\":\"h\"}},"
                    + "{\"op\":\"add\",\"path\":\"/spec/ports/-\",\"value\":{\"port\":443,\"protocol\":\"TCP\",\"name\":\"s\"}}]");
        });
        JsonNode moved = current.documents().get(0).tree().deepCopy();
        ((com.fasterxml.jackson.databind.node.ArrayNode) moved.at("/spec/ports")).insert(0,
                moved.at("/spec/ports/1").deepCopy());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JsonPatch.apply(moved, patches.get(0).patch().orElseThrow()))
                .hasMessageContaining("test");
    }

    @Test
    @DisplayName("the test guarding a set item compares it as the cluster writes it, members holding null included")
    void jsonPatchGuardsASetItemAsWritten() {
        // found by ThreeWayMergeFuzzTest: the guard tested the normalised item, without its null member, and failed
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.finalizers").listType(ListType.SET).build());
        String before = "apiVersion: v1\nkind: Service\nmetadata: {name: dns}\nspec:\n  finalizers: [{a: 1, b: null}, x]\n";
        DocumentSet base = set("b.yaml", before);
        DocumentSet target = set("t.yaml", before.replace("{a: 1, b: null}, ", ""));
        MergeResult r = ThreeWayMerge.withRules(rules).merge(base, base, target);
        assertThat(JsonPatches.of(r)).singleElement().satisfies(p -> assertThat(p.patch().orElseThrow().toString()).isEqualTo("["
                + "{\"op\":\"test\",\"path\":\"/spec/finalizers/0\",\"value\":{\"a\":1,\"b\":null}},"
                + "{\"op\":\"remove\",\"path\":\"/spec/finalizers/0\"}]"));
    }

    @Test
    @DisplayName("merge patches say so when they cannot express a change, and documents are created and deleted")
    void mergePatches() {
        DocumentSet base = set("b.yaml", CM.formatted("a", "1") + "---\n" + CM.formatted("gone", "1"));
        DocumentSet current = set("c.yaml", CM.formatted("a", "1") + "---\n" + CM.formatted("gone", "1"));
        DocumentSet target = set("t.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: ns}\n"
                + "data: {k: '1'}\nspec: {holder: {x: null, y: 1}}\n---\n" + CM.formatted("fresh", "2"));
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(base, current, target);
        assertThat(MergePatches.of(r)).extracting(p -> p.name() + " " + p.action() + " " + p.patch().map(Object::toString).orElse("-"))
                .containsExactly("v1/ConfigMap/ns/a PATCH -", "v1/ConfigMap/ns/fresh CREATE "
                                + "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"fresh\",\"namespace\":\"ns\"},\"data\":{\"k\":\"2\"}}",
                        "v1/ConfigMap/ns/gone DELETE -");
        assertThat(MergePatches.render(r)).contains("\"mergePatch\": null,\n    \"note\": \"a merge patch cannot express"
                + " this change: the merged document sets a field to null");
        assertThat(JsonPatches.of(r)).extracting(DocumentPatch::action)
                .containsExactly(DocumentPatch.Action.PATCH, DocumentPatch.Action.CREATE, DocumentPatch.Action.DELETE);
    }

    @Test
    @DisplayName("the JSON rendering carries every decision with its reason, values and rule")
    void json() throws Exception {
        JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ResultJson.render(mixed()));
        assertThat(json.get("blocked").booleanValue()).isTrue();
        assertThat(json.get("highestImpact").textValue()).isEqualTo("rolling");
        JsonNode image = json.get("changes").get(3);
        assertThat(image.toString()).isEqualTo("{\"document\":\"apps/v1/Deployment/ns/web\",\"group\":\"apps\",\"kind\":"
                + "\"Deployment\",\"namespace\":\"ns\",\"name\":\"web\",\"path\":\"spec.image\",\"goPatch\":\"/spec/image\","
                + "\"reason\":\"CONFLICT\",\"resolution\":\"TARGET\",\"impact\":\"rolling\",\"base\":\"v1\",\"current\":"
                + "\"v1-hotfix\",\"target\":\"v2\",\"result\":\"v2\",\"rule\":{\"match\":{},\"path\":\"spec.image\","
                + "\"location\":\"\"},\"message\":\"conflict: the old release had \\\"v1\\\", the cluster has \\\"v1-hotfix\\\","
                + " the new release has \\\"v2\\\"; onConflict: overwrite takes the target's value\",\"sensitive\":false}");
        assertThat(json.get("documents")).hasSize(2);
        assertThat(json.get("removed").toString()).isEqualTo("[\"v1/ConfigMap/ns/dropped\"]");
    }
}
