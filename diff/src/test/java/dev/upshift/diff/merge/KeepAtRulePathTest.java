package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.diff.testing.Yaml;
import dev.upshift.testing.Content;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * Issue 25, item 4: {@code onConflict: keep} decides at the level of its rule's path. Where the
 * cluster's and the release's values conflict as a whole, the cluster's whole value stays: never a
 * fragment that is neither the cluster's nor the release's.
 */
class KeepAtRulePathTest {
    private static final DocumentId WEB = DocumentId.of("apps/v1", "Deployment", "default", "web");

    @Test
    @DisplayName("a release that drops spec.strategy, which the cluster customised, keeps the cluster's whole strategy (maxUnavailable: 0 included)")
    void keepKeepsTheWholeMapping() {
        String base = Yaml.deployment("""
                  replicas: 3
                  strategy:
                    type: RollingUpdate
                    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
                """);
        String current = base.replace("maxSurge: 1", "maxSurge: 2");
        String target = Yaml.deployment("  replicas: 3\n");
        FieldRules keep = FieldRules.of(FieldRule.forPath("spec.strategy").onConflict(OnConflict.KEEP).build());

        MergeResult r = ThreeWayMerge.withRules(keep).merge(Yaml.set("base.yaml", base), Yaml.set("current.yaml", current),
                Yaml.set("target.yaml", target));

        assertThat(Content.of(r.documents().get(WEB).orElseThrow().tree().at("/spec/strategy")))
                .isEqualTo(Content.of(Yaml.value("{type: RollingUpdate, rollingUpdate: {maxSurge: 2, maxUnavailable: 0}}")));
        assertThat(r.changes()).singleElement().satisfies(c -> {
            assertThat(c.path()).hasToString("spec.strategy");
            assertThat(c.reason()).isEqualTo(ChangeReason.CONFLICT);
            assertThat(c.resolution()).isEqualTo(Resolution.CURRENT);
            assertThat(c.message()).endsWith("onConflict: keep keeps the cluster's value");
        });
        assertThat(r.hasClusterChanges()).isFalse();
    }

    @Test
    @DisplayName("where the cluster never changed the mapping, the release's changes inside it are still taken")
    void keepLetsAnUntouchedMappingFollowTheRelease() {
        String base = Yaml.deployment("  strategy:\n    type: RollingUpdate\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n");
        String target = base.replace("maxSurge: 1", "maxSurge: 25%");
        FieldRules keep = FieldRules.of(FieldRule.forPath("spec.strategy").onConflict(OnConflict.KEEP).build());
        MergeResult r = ThreeWayMerge.withRules(keep).merge(Yaml.set(base), Yaml.set(base), Yaml.set(target));
        assertThat(r.documents().get(WEB).orElseThrow().tree().at("/spec/strategy/rollingUpdate/maxSurge").asText())
                .isEqualTo("25%");
    }

    @Test
    @DisplayName("a keep on ** still decides field by field, since it names every field")
    void keepOnEverythingStaysFieldByField() {
        String base = Yaml.deployment("  strategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n");
        String current = base.replace("maxSurge: 1", "maxSurge: 2");
        FieldRules keep = FieldRules.of(FieldRule.forPath("**").onConflict(OnConflict.KEEP).build());
        MergeResult r = ThreeWayMerge.withRules(keep).merge(Yaml.set(base), Yaml.set(current),
                Yaml.set(Yaml.deployment("  replicas: 1\n")));
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).contains(
                "spec.strategy.rollingUpdate.maxSurge CONFLICT");
    }

    @Test
    @DisplayName("property: with keep on a path, the result there is the cluster's value or the release's, never a mix")
    void keepNeverMixes() {
        qt().forAll(ClusterGenerators.triples(), Generate.range(0, 10_000), Generate.booleans()).checkAssert((t, i, overwriteElsewhere) -> {
            List<FieldTargets.Target> candidates = FieldTargets.of(t.current());
            if (candidates.isEmpty()) {
                return;
            }
            FieldTargets.Target x = candidates.get(i % candidates.size());
            List<FieldRule> rules = new ArrayList<>();
            rules.add(FieldRule.forPath(x.path().toString()).match(DocumentMatch.any().withName(x.doc().name()))
                    .onConflict(OnConflict.KEEP).build());
            if (overwriteElsewhere) {
                rules.add(FieldRule.forPath("**").onConflict(OnConflict.OVERWRITE).build());
            }
            for (MergeResult r : List.of(ThreeWayMerge.withRules(FieldRules.of(rules)).merge(t.base(), t.current(), t.target()),
                    ThreeWayMerge.withRules(FieldRules.of(rules)).mergeWithoutBase(t.current(), t.target()))) {
                Document merged = r.documents().get(x.doc()).orElse(null);
                if (merged == null || FieldTargets.unit(x.path()).resolve(merged.tree()).isEmpty()) {
                    continue; // the document or the list item holding the path went whole
                }
                // keyed items keep the cluster's order in a merge: compare them in key order
                JsonNode result = sorted(JsonTrees.present(x.path().resolve(merged.tree()).orElse(null)));
                JsonNode current = sorted(valueAt(t.current(), x));
                JsonNode target = sorted(valueAt(t.target(), x));
                assertThat(JsonTrees.equal(result, current, JsonTrees.Equality.CONTENT)
                        || JsonTrees.equal(result, target, JsonTrees.Equality.CONTENT))
                        .as("%s %s: result %s, cluster %s, release %s; %s", x.doc(), x.path(), result, current, target, r.changes())
                        .isTrue();
            }
        });
    }

    private static JsonNode sorted(JsonNode v) {
        return v == null ? null : ClusterGenerators.keyedListsSorted(v);
    }

    private static JsonNode valueAt(DocumentSet set, FieldTargets.Target x) {
        return JsonTrees.present(set.get(x.doc()).flatMap(d -> x.path().resolve(d.tree())).orElse(null));
    }
}
