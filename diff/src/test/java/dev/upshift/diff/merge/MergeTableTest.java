package dev.upshift.diff.merge;

import static dev.upshift.diff.testing.Yaml.deployment;
import static dev.upshift.diff.testing.Yaml.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** DESIGN.md section 6: one test per row of the merge table, and the two-way fallback. */
class MergeTableTest {
    private static final DocumentId WEB = DocumentId.of("apps/v1", "Deployment", "default", "web");

    static MergeResult merge(FieldRules rules, String base, String current, String target) {
        return ThreeWayMerge.withRules(rules).merge(set("base.yaml", deployment(base)),
                set("current.yaml", deployment(current)), set("target.yaml", deployment(target)));
    }

    static MergeResult merge(String base, String current, String target) {
        return merge(FieldRules.none(), base, current, target);
    }

    static JsonNode spec(MergeResult r) {
        return r.documents().get(WEB).orElseThrow().tree().get("spec");
    }

    @Nested
    @DisplayName("C empty (absent or null): take T")
    class CurrentEmpty {
        @Test
        void anAbsentFieldTakesTheTargetsValue() {
            MergeResult r = merge("  a: 1\n", "  a: 1\n", "  a: 1\n  b: 2\n");
            assertThat(spec(r).get("b").intValue()).isEqualTo(2);
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.b");
                assertThat(c.reason()).isEqualTo(ChangeReason.ADDED);
                assertThat(c.resolution()).isEqualTo(Resolution.TARGET);
                assertThat(c.impact()).isEqualTo(Impact.IN_PLACE);
            });
        }

        @Test
        void aNullFieldTakesTheTargetsValue() {
            MergeResult r = merge("  a: 1\n", "  a: 1\n  b: null\n", "  a: 1\n  b: 2\n");
            assertThat(spec(r).get("b").intValue()).isEqualTo(2);
            assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.ADDED);
        }

        @Test
        @DisplayName("a value the user removed is a customisation: kept when the release left it alone")
        void aRemovalTheReleaseLeftAloneIsKept() {
            MergeResult r = merge("  a: 1\n  b: 1\n", "  a: 1\n", "  a: 1\n  b: 1\n");
            assertThat(spec(r).has("b")).isFalse();
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.CUSTOMISATION_KEPT);
                assertThat(c.message()).isEqualTo("kept the cluster's removal; the old and the new release both have 1");
            });
        }

        @Test
        @DisplayName("a value the user removed or emptied is a conflict when the release changed it")
        void aRemovalTheReleaseChangedIsAConflict() {
            MergeResult r = merge("  b: 1\n", "  b: null\n", "  b: 2\n");
            assertThat(r.blocked()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.CONFLICT);
                assertThat(c.message()).startsWith("conflict: the old release had 1, the cluster has nothing, the new release has 2");
            });
        }

        @Test
        void staysAbsentWhenTheTargetHasNothingEither() {
            MergeResult r = merge("  a: 1\n  b: 1\n", "  a: 1\n", "  a: 1\n");
            assertThat(spec(r).has("b")).isFalse();
            assertThat(r.changes()).isEmpty();
        }
    }

    @Nested
    @DisplayName("C = B (never customised): take T, remove if T is absent")
    class NeverCustomised {
        @Test
        void takesTheNewReleasesValue() {
            MergeResult r = merge("  image: v1\n", "  image: v1\n", "  image: v2\n");
            assertThat(spec(r).get("image").textValue()).isEqualTo("v2");
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.RELEASE_CHANGED);
                assertThat(c.base()).hasValueSatisfying(v -> assertThat(v.textValue()).isEqualTo("v1"));
                assertThat(c.current()).hasValueSatisfying(v -> assertThat(v.textValue()).isEqualTo("v1"));
                assertThat(c.target()).hasValueSatisfying(v -> assertThat(v.textValue()).isEqualTo("v2"));
                assertThat(c.result()).hasValueSatisfying(v -> assertThat(v.textValue()).isEqualTo("v2"));
                assertThat(c.message()).isEqualTo("\"v1\" -> \"v2\"; the cluster had the old release's value");
            });
        }

        @Test
        void removesAFieldTheNewReleaseDrops() {
            MergeResult r = merge("  a: 1\n  old: x\n", "  a: 1\n  old: x\n", "  a: 1\n");
            assertThat(spec(r).has("old")).isFalse();
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.RELEASE_REMOVED);
                assertThat(c.result()).isEmpty();
                assertThat(c.changesCluster()).isTrue();
            });
        }

        @Test
        void comparesNumbersByValue() {
            MergeResult r = merge("  cpu: 1.0\n", "  cpu: 1\n", "  cpu: 2\n");
            assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.RELEASE_CHANGED);
        }
    }

    @Nested
    @DisplayName("C differs from B, T = B: keep C")
    class CustomisationTheReleaseLeftAlone {
        @Test
        void keepsTheClustersValueAndReportsIt() {
            MergeResult r = merge("  replicas: 1\n", "  replicas: 5\n", "  replicas: 1\n");
            assertThat(spec(r).get("replicas").intValue()).isEqualTo(5);
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.CUSTOMISATION_KEPT);
                assertThat(c.resolution()).isEqualTo(Resolution.CURRENT);
                assertThat(c.changesCluster()).isFalse();
                assertThat(c.impact()).isEqualTo(Impact.NONE);
            });
            assertThat(r.hasClusterChanges()).isFalse();
        }
    }

    @Nested
    @DisplayName("C differs from B, C = T: nothing to do")
    class AlreadyThere {
        @Test
        void recordsNothing() {
            MergeResult r = merge("  image: v1\n", "  image: v2\n", "  image: v2\n");
            assertThat(spec(r).get("image").textValue()).isEqualTo("v2");
            assertThat(r.changes()).isEmpty();
        }
    }

    @Nested
    @DisplayName("C, B and T all differ: conflict, decided by onConflict")
    class Conflicts {
        private MergeResult conflict(FieldRules rules) {
            return merge(rules, "  instanceType: m5.large\n", "  instanceType: m5.xlarge\n", "  instanceType: m6i.large\n");
        }

        @Test
        void failIsTheDefaultAndBlocks() {
            MergeResult r = conflict(FieldRules.none());
            assertThat(spec(r).get("instanceType").textValue()).isEqualTo("m5.xlarge");
            assertThat(r.isBlocked()).isTrue();
            assertThat(r.blocked()).singleElement().satisfies(c -> {
                assertThat(c.reason()).isEqualTo(ChangeReason.CONFLICT);
                assertThat(c.resolution()).isEqualTo(Resolution.BLOCKED);
                assertThat(c.rule()).isEmpty();
                assertThat(c.message()).isEqualTo("conflict: the old release had \"m5.large\", the cluster has"
                        + " \"m5.xlarge\", the new release has \"m6i.large\"; onConflict: fail blocks the upgrade");
            });
        }

        @Test
        void failStatedByARuleBlocksAndNamesTheRule() {
            FieldRule rule = FieldRule.forPath("spec.instanceType").onConflict(OnConflict.FAIL).build();
            MergeResult r = conflict(FieldRules.of(rule));
            assertThat(r.blocked()).singleElement().satisfies(c -> assertThat(c.rule()).contains(rule));
        }

        @Test
        void overwriteTakesTheTarget() {
            FieldRule rule = FieldRule.forPath("spec.instanceType").onConflict(OnConflict.OVERWRITE)
                    .impact(Impact.REPLACE).build();
            MergeResult r = conflict(FieldRules.of(rule));
            assertThat(spec(r).get("instanceType").textValue()).isEqualTo("m6i.large");
            assertThat(r.isBlocked()).isFalse();
            assertThat(r.conflicts()).singleElement().satisfies(c -> {
                assertThat(c.resolution()).isEqualTo(Resolution.TARGET);
                assertThat(c.rule()).contains(rule);
                assertThat(c.impact()).isEqualTo(Impact.REPLACE);
            });
            assertThat(r.highestImpact()).isEqualTo(Impact.REPLACE);
        }

        @Test
        void keepKeepsTheClustersValue() {
            FieldRule rule = FieldRule.forPath("spec.instanceType").onConflict(OnConflict.KEEP).build();
            MergeResult r = conflict(FieldRules.of(rule));
            assertThat(spec(r).get("instanceType").textValue()).isEqualTo("m5.xlarge");
            assertThat(r.isBlocked()).isFalse();
            assertThat(r.conflicts()).singleElement().satisfies(c -> {
                assertThat(c.resolution()).isEqualTo(Resolution.CURRENT);
                assertThat(c.impact()).isEqualTo(Impact.NONE);
            });
        }

        @Test
        void aCustomisedFieldTheNewReleaseDropsIsAConflict() {
            MergeResult r = merge("  a: 1\n", "  a: 2\n", "  b: 1\n");
            assertThat(r.conflicts()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.a");
                assertThat(c.target()).isEmpty();
            });
        }

        @Test
        void aFieldTheNewReleaseStartsToSetOverAUsersValueIsAConflict() {
            MergeResult r = merge("  a: 1\n", "  a: 1\n  b: mine\n", "  a: 1\n  b: release\n");
            assertThat(r.conflicts()).singleElement().satisfies(c -> assertThat(c.base()).isEmpty());
        }
    }

    @Nested
    @DisplayName("only in C: keep")
    class OnlyInCurrent {
        @Test
        void keepsFieldsAndDocumentsTheReleaseNeverHad() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(
                    set(deployment("  a: 1\n")),
                    set(deployment("  a: 1\n  extra: {x: 1}\n") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: mine}\n"),
                    set(deployment("  a: 2\n")));
            assertThat(spec(r).get("extra").get("x").intValue()).isEqualTo(1);
            assertThat(r.documents().contains(DocumentId.of("v1", "ConfigMap", "", "mine"))).isTrue();
            assertThat(r.changes()).extracting(c -> c.path().toString()).containsExactly("spec.a");
        }
    }

    @Nested
    @DisplayName("a keyed list item in B and C, absent from T")
    class ItemTheReleaseDrops {
        @Test
        void isRemovedWhenTheClustersItemEqualsTheBase() {
            String both = "  containers:\n  - {name: web, image: v1}\n  - {name: helper, image: h1}\n";
            MergeResult r = merge(both, both, "  containers:\n  - {name: web, image: v1}\n");
            assertThat(spec(r).get("containers")).hasSize(1);
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.containers[name=helper]");
                assertThat(c.reason()).isEqualTo(ChangeReason.RELEASE_REMOVED);
            });
        }

        @Test
        void isAConflictWhenTheClusterChangedIt() {
            MergeResult r = merge("  containers:\n  - {name: web, image: v1}\n  - {name: helper, image: h1}\n",
                    "  containers:\n  - {name: web, image: v1}\n  - {name: helper, image: h1, args: [x]}\n",
                    "  containers:\n  - {name: web, image: v1}\n");
            assertThat(spec(r).get("containers")).hasSize(2);
            assertThat(r.blocked()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.containers[name=helper]");
                assertThat(c.reason()).isEqualTo(ChangeReason.CONFLICT);
            });
        }

        @Test
        void isRemovedUnderOverwriteEvenWhenChanged() {
            FieldRules rules = FieldRules.of(FieldRule.forPath("spec.containers[*]").onConflict(OnConflict.OVERWRITE).build());
            MergeResult r = merge(rules, "  containers:\n  - {name: web}\n  - {name: helper, image: h1}\n",
                    "  containers:\n  - {name: web}\n  - {name: helper, image: h2}\n", "  containers:\n  - {name: web}\n");
            assertThat(spec(r).get("containers")).hasSize(1);
            assertThat(r.isBlocked()).isFalse();
        }
    }

    @Nested
    @DisplayName("a change to an immutable field: blocked, naming the field")
    class Immutable {
        private final FieldRules rules = FieldRules.of(FieldRule.forPath("spec.selector").mutable(false).build());

        @Test
        void blocksAReleaseChange() {
            MergeResult r = merge(rules, "  selector: {app: a}\n", "  selector: {app: a}\n", "  selector: {app: b}\n");
            assertThat(r.isBlocked()).isTrue();
            assertThat(spec(r).get("selector").get("app").textValue()).isEqualTo("a");
            assertThat(r.blocked()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.selector.app");
                assertThat(c.reason()).isEqualTo(ChangeReason.IMMUTABLE);
                assertThat(c.rule()).contains(rules.rules().get(0));
                assertThat(c.message()).isEqualTo("immutable field: the merge would change \"a\" to \"b\""
                        + " (the cluster had the old release's value); blocked");
            });
        }

        @Test
        void blocksAddingAFieldInsideAnImmutableMapping() {
            MergeResult r = merge(rules, "  selector: {app: a}\n", "  selector: {app: a}\n", "  selector: {app: a, tier: web}\n");
            assertThat(r.blocked()).extracting(c -> c.path().toString()).containsExactly("spec.selector.tier");
        }

        @Test
        @DisplayName("blocks replacing or removing a mapping that holds an immutable field, naming the field")
        void blocksChangesAboveAnImmutableField() {
            FieldRules appImmutable = FieldRules.of(FieldRule.forPath("spec.selector.app").mutable(false).build());
            MergeResult removed = merge(appImmutable, "  selector: {app: a}\n", "  selector: {app: a}\n", "  other: 1\n");
            assertThat(removed.blocked()).singleElement().satisfies(c -> {
                assertThat(c.path()).hasToString("spec.selector");
                assertThat(c.message()).isEqualTo("immutable field spec.selector.app: the merge would remove \"a\" by"
                        + " replacing spec.selector (the cluster had the old release's value); blocked");
            });
            MergeResult replaced = merge(appImmutable, "  selector: {app: a}\n", "  selector: {app: a}\n", "  selector: x\n");
            assertThat(replaced.blocked()).extracting(FieldChange::reason).containsExactly(ChangeReason.IMMUTABLE);
            MergeResult sameValue = merge(appImmutable, "  selector: {app: a, x: 1}\n", "  selector: {app: a, x: 1}\n",
                    "  selector: {app: a}\n");
            assertThat(sameValue.isBlocked()).isFalse();
        }

        @Test
        @DisplayName("allows adding or removing a whole list item that holds an immutable field")
        void wholeItemsMayComeAndGo() {
            FieldRules classImmutable = FieldRules.of(FieldRule.forPath("spec.md[*].class").mutable(false).build());
            MergeResult r = merge(classImmutable, "  md: [{name: a, class: x}, {name: b, class: x}]\n",
                    "  md: [{name: a, class: x}, {name: b, class: x}]\n", "  md: [{name: a, class: y}, {name: c, class: x}]\n");
            assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason() + " " + c.resolution()).containsExactly(
                    "spec.md[name=a].class IMMUTABLE BLOCKED", "spec.md[name=b] RELEASE_REMOVED TARGET", "spec.md[name=c] ADDED TARGET");
        }

        @Test
        void allowsFillingAnEmptyImmutableField() {
            MergeResult r = merge(rules, "  a: 1\n", "  a: 1\n", "  a: 1\n  selector: {app: a}\n");
            assertThat(r.isBlocked()).isFalse();
            assertThat(spec(r).get("selector")).isNotNull();
        }

        @Test
        void aMoreSpecificRuleCanMakeAPartMutableAgain() {
            FieldRules withException = rules.and(FieldRules.of(FieldRule.forPath("spec.selector.tier").mutable(true).build()));
            MergeResult r = merge(withException, "  selector: {app: a}\n", "  selector: {app: a}\n",
                    "  selector: {app: a, tier: web}\n");
            assertThat(r.isBlocked()).isFalse();
        }
    }

    @Nested
    @DisplayName("without a base: every C != T leaf is a conflict with reason 'no baseline'")
    class TwoWay {
        @Test
        void treatsEveryDifferenceAsAConflictButFillsEmptyFieldsAndKeepsClusterOnlyFields() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).mergeWithoutBase(
                    set(deployment("  image: v1\n  replicas: 5\n  mine: x\n")),
                    set(deployment("  image: v2\n  replicas: 5\n  added: y\n")));
            assertThat(r.isThreeWay()).isFalse();
            assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason() + " " + c.resolution())
                    .containsExactly("spec.added ADDED TARGET", "spec.image NO_BASELINE BLOCKED");
            assertThat(r.changes().get(1).message()).startsWith("no baseline: the cluster has \"v1\", the target \"v2\"");
            assertThat(spec(r).get("mine").textValue()).isEqualTo("x");
        }

        @Test
        void overwriteTakesTheTargetWithoutABaseToo() {
            FieldRules rules = FieldRules.of(FieldRule.forPath("spec.image").onConflict(OnConflict.OVERWRITE).build());
            MergeResult r = ThreeWayMerge.withRules(rules).mergeWithoutBase(set(deployment("  image: v1\n")),
                    set(deployment("  image: v2\n")));
            assertThat(spec(r).get("image").textValue()).isEqualTo("v2");
            assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.NO_BASELINE);
        }
    }

    @Nested
    @DisplayName("documents")
    class Documents {
        private final String configMap = "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: '1'}\n";
        private final DocumentId cfg = DocumentId.of("v1", "ConfigMap", "", "cfg");

        @Test
        void aDocumentTheTargetAddsIsAdded() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(set(deployment("  a: 1\n")),
                    set(deployment("  a: 1\n")), set(deployment("  a: 1\n") + configMap));
            assertThat(r.documents().contains(cfg)).isTrue();
            assertThat(r.changes()).singleElement().satisfies(c -> {
                assertThat(c.path().isRoot()).isTrue();
                assertThat(c.reason()).isEqualTo(ChangeReason.ADDED);
            });
        }

        @Test
        void aDocumentTheReleaseOwnedAndDropsIsRemovedWhenUnchanged() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(set(deployment("  a: 1\n") + configMap),
                    set(deployment("  a: 1\n") + configMap), set(deployment("  a: 1\n")));
            assertThat(r.documents().contains(cfg)).isFalse();
            assertThat(r.changedDocuments()).containsExactly(cfg);
            assertThat(r.changes()).extracting(FieldChange::reason).containsExactly(ChangeReason.RELEASE_REMOVED);
        }

        @Test
        void aDocumentTheReleaseDropsButTheClusterChangedIsAConflict() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(set(configMap),
                    set(configMap.replace("'1'", "'2'")), DocumentSet.empty());
            assertThat(r.documents().contains(cfg)).isTrue();
            assertThat(r.blocked()).extracting(FieldChange::reason).containsExactly(ChangeReason.CONFLICT);
        }

        @Test
        void changesAreOrderedByDocumentThenPath() {
            MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(DocumentSet.empty(),
                    set(deployment("  a: 1\n")), set(deployment("  z: 1\n  a: 1\n  b: 2\n") + configMap));
            assertThat(r.changes()).extracting(c -> c.document().kind() + " " + c.path())
                    .isEqualTo(List.of("ConfigMap ", "Deployment spec.b", "Deployment spec.z"));
        }
    }
}
