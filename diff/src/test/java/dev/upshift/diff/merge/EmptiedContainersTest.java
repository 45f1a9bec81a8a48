package dev.upshift.diff.merge;

import static dev.upshift.diff.merge.MergeTableTest.spec;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.JsonPatches;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The empty-container rule: the merge never leaves an empty list or mapping where none of base,
 * current and target had one. Regression tests for the cases a peer suite's three-way merge cases
 * showed (issue 12).
 */
class EmptiedContainersTest {
    private static final FieldRules OVERWRITE = FieldRules.of(FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build());

    private static String patch(MergeResult r) {
        return JsonPatches.of(r).get(0).patch().orElseThrow().toString();
    }

    @Test
    @DisplayName("a keyed list whose last item the release removes goes with it")
    void emptiedKeyedListGoes() {
        MergeResult r = MergeTableTest.merge(OVERWRITE, "  l: [{name: a, v: 1}]\n  x: 1\n", "  l: [{name: a, v: 2}]\n  x: 1\n",
                "  x: 1\n");
        assertThat(spec(r).has("l")).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason() + " " + c.resolution()).containsExactly(
                "spec.l EMPTIED TARGET", "spec.l[name=a] CONFLICT TARGET");
        assertThat(r.changes().get(0).message()).isEqualTo("removed the list the merge emptied (was [{\"name\":\"a\",\"v\":2}]);"
                + " none of the old release, the cluster and the new release has it empty");
        assertThat(patch(r)).isEqualTo("[{\"op\":\"remove\",\"path\":\"/spec/l\"}]");
    }

    @Test
    @DisplayName("a mapping whose last field the release removes goes with it")
    void emptiedMappingGoes() {
        MergeResult r = MergeTableTest.merge(OVERWRITE, "  m: {a: 1}\n  x: 1\n", "  m: {a: 2}\n  x: 1\n", "  x: 1\n");
        assertThat(spec(r).toString()).isEqualTo("{\"x\":1}");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("spec.m EMPTIED", "spec.m.a CONFLICT");
        assertThat(patch(r)).isEqualTo("[{\"op\":\"remove\",\"path\":\"/spec/m\"}]");
    }

    @Test
    @DisplayName("a list emptied while the target still has items (the user removed the others) goes too")
    void emptiedListTheTargetStillHas() {
        MergeResult r = MergeTableTest.merge("  l: [{name: a}, {name: b}]\n  x: 1\n", "  l: [{name: b}]\n  x: 1\n",
                "  l: [{name: a}]\n  x: 1\n");
        assertThat(spec(r).has("l")).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.l EMPTIED", "spec.l[name=a] CUSTOMISATION_KEPT", "spec.l[name=b] RELEASE_REMOVED");
    }

    @Test
    @DisplayName("a policy/v1 PodDisruptionBudget never gets an empty selector, which would match every pod")
    void podDisruptionBudgetKeepsNoEmptySelector() {
        String base = """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: web, namespace: shop}
                spec:
                  minAvailable: 1
                  selector:
                    matchLabels: {app: web}
                """;
        String current = base.replace("{app: web}", "{app: web-v2}");
        String target = """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: web, namespace: shop}
                spec:
                  minAvailable: 1
                """;
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.selector").kind("PodDisruptionBudget")
                .onConflict(OnConflict.OVERWRITE).build());
        MergeResult r = ThreeWayMerge.withRules(rules).merge(Yaml.set("base.yaml", base), Yaml.set("current.yaml", current),
                Yaml.set("target.yaml", target));
        JsonNode merged = r.documents().get(DocumentId.of("policy/v1", "PodDisruptionBudget", "shop", "web")).orElseThrow().tree();
        assertThat(merged.get("spec").toString()).isEqualTo("{\"minAvailable\":1}");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly(
                "spec.selector EMPTIED", "spec.selector.matchLabels.app CONFLICT");
        assertThat(patch(r)).isEqualTo("[{\"op\":\"remove\",\"path\":\"/spec/selector\"}]");
        assertThat(ChangeFormat.REPORT.render(r)).contains(
                "    - spec.selector: removed, emptied by the merge (was {\"matchLabels\":{\"app\":\"web-v2\"}})",
                "    ? spec.selector.matchLabels.app: TARGET  conflict: the old release had \"web\", the cluster has \"web-v2\","
                        + " the new release drops it; onConflict: overwrite removes it");
    }

    @Test
    @DisplayName("a container the old or the new release has empty stays empty")
    void emptyInAReleaseStays() {
        MergeResult inTarget = MergeTableTest.merge(OVERWRITE, "  m: {a: 1}\n", "  m: {a: 2}\n", "  m: {}\n");
        assertThat(spec(inTarget).toString()).isEqualTo("{\"m\":{}}");
        MergeResult inBase = MergeTableTest.merge("  l: []\n  m: {a: 1}\n", "  l: [{name: a}]\n  m: {a: 1}\n",
                "  m: {a: 1}\n");
        assertThat(spec(inBase).toString()).isEqualTo("{\"l\":[{\"name\":\"a\"}],\"m\":{\"a\":1}}");
    }

    @Test
    @DisplayName("a mapping whose fields all hold null is empty: the new release having {template: null} keeps the spec")
    void aMappingOfNullsIsEmpty() {
        // found by ThreeWayMergeFuzzTest: merge(B, B, T) removed a spec that T has, since T's held a null member
        String untouched = "  template: {spec: {containers: []}}\n";
        MergeResult r = MergeTableTest.merge(untouched, untouched, "  template: null\n");
        assertThat(spec(r).toString()).isEqualTo("{}");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("spec.template RELEASE_REMOVED");
    }

    @Test
    @DisplayName("a container the cluster has empty is the cluster's business")
    void emptyInTheClusterStays() {
        MergeResult r = MergeTableTest.merge("  m: {a: 1}\n", "  m: {}\n", "  m: {a: 1}\n  x: 1\n");
        assertThat(spec(r).toString()).isEqualTo("{\"m\":{},\"x\":1}");
    }

    @Test
    @DisplayName("emptied containers inside each other are reported once, at the outermost")
    void nestedEmptiedContainersReportedOnce() {
        MergeResult r = MergeTableTest.merge(OVERWRITE, "  a: {b: {c: [x]}}\n  x: 1\n", "  a: {b: {c: [y]}}\n  x: 1\n",
                "  x: 1\n");
        assertThat(spec(r).toString()).isEqualTo("{\"x\":1}");
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("spec.a EMPTIED", "spec.a.b.c CONFLICT");
    }
}
