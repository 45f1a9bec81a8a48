package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.testing.Yaml;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How field rules steer the merge: ignored fields and the impact of replaced subtrees. */
class RulesInMergeTest {

    @Test
    @DisplayName("ignored fields are never diffed nor merged: the result keeps the cluster's value")
    void ignoredFields() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.replicas").ignore(true).build());
        MergeResult r = MergeTableTest.merge(rules, "  replicas: 1\n  image: a\n", "  replicas: 7\n  image: a\n",
                "  replicas: 3\n  image: b\n");
        assertThat(MergeTableTest.spec(r).get("replicas").intValue()).isEqualTo(7);
        assertThat(r.changes()).extracting(c -> c.path().toString()).containsExactly("spec.image");
        assertThat(r.isBlocked()).isFalse();
    }

    @Test
    @DisplayName("a change's impact is the highest a rule gives to any field it replaces")
    void impactOfWholeSubtrees() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.template.spec.instanceType").impact(Impact.REPLACE).build(),
                FieldRule.forPath("spec.template.metadata").impact(Impact.NONE).build());
        MergeResult r = MergeTableTest.merge(rules, "  other: 1\n", "  other: 1\n",
                "  other: 1\n  template: {spec: {instanceType: m5.large}}\n");
        assertThat(r.highestImpact()).isEqualTo(Impact.REPLACE);
        MergeResult labels = MergeTableTest.merge(rules, "  template: {}\n", "  template: {}\n",
                "  template: {metadata: {labels: {a: b}}}\n");
        assertThat(labels.changes()).singleElement().satisfies(c -> assertThat(c.impact()).isEqualTo(Impact.NONE));
        assertThat(ThreeWayMerge.withRules(FieldRules.none()).defaultImpact(Impact.ROLLING)
                .merge(Yaml.set(Yaml.deployment("  a: 1\n")), Yaml.set(Yaml.deployment("  a: 1\n")),
                        Yaml.set(Yaml.deployment("  a: 2\n"))).highestImpact()).isEqualTo(Impact.ROLLING);
        assertThat(List.of(Impact.values())).containsExactly(Impact.NONE, Impact.IN_PLACE, Impact.ROLLING, Impact.REPLACE);
    }
}
