package dev.upshift.diff.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.diff.testing.Yaml;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 1: sensitive values (a Secret's data and stringData, fields a rule marks
 * sensitive) never appear in outputs for people, and the outputs meant to be applied carry them.
 * Fingerprints are checked against {@code printf %s VALUE | sha256sum | cut -c1-8}, computed outside.
 */
class SecretMaskingTest {
    private static final String OLD = "hunter2";
    private static final String CLUSTER = "correct-horse";
    private static final String NEW = "new-default";
    private static final List<String> ALL = List.of(OLD, CLUSTER, NEW);
    // printf %s hunter2 | sha256sum, and so on
    private static final String OLD_MASK = "<secret sha256:f52fbd32>";
    private static final String CLUSTER_MASK = "<secret sha256:9dca666e>";
    private static final String NEW_MASK = "<secret sha256:31965c2c>";

    private static String secret(String password, String token) {
        return """
                apiVersion: v1
                kind: Secret
                metadata: {name: db, namespace: shop}
                type: Opaque
                stringData: {password: %s, user: admin}
                data: {token: %s}
                """.formatted(password, token);
    }

    /** The release changes the password and the cluster changed it too; the token only the release changes. */
    private static MergeResult passwordConflict(FieldRules rules) {
        return ThreeWayMerge.withRules(rules).merge(Yaml.set(secret(OLD, "aHVudGVyMg==")),
                Yaml.set(secret(CLUSTER, "aHVudGVyMg==")), Yaml.set(secret(NEW, "Y29ycmVjdC1ob3JzZQ==")));
    }

    private static final List<String> BASE64 = List.of("aHVudGVyMg==", "Y29ycmVjdC1ob3JzZQ==");

    @Test
    @DisplayName("a Secret's password conflict names the field and the fingerprints, never the values")
    void conflictMessageIsMasked() {
        MergeResult r = passwordConflict(FieldRules.none());
        FieldChange c = r.blocked().get(0);
        assertThat(c.path()).hasToString("stringData.password");
        assertThat(c.sensitive()).isTrue();
        assertThat(c.message()).isEqualTo("conflict: the old release had \"" + OLD_MASK + "\", the cluster has \""
                + CLUSTER_MASK + "\", the new release has \"" + NEW_MASK + "\"; onConflict: fail blocks the upgrade");
        assertThat(c.toString()).doesNotContain(ALL);
        // the change list itself carries the real values: the applied outputs are made from it
        assertThat(c.current().orElseThrow().textValue()).isEqualTo(CLUSTER);
    }

    @Test
    @DisplayName("the review report and the unified diff mask every sensitive value, base64 data included")
    void reviewOutputsAreMasked() {
        MergeResult r = passwordConflict(FieldRules.none());
        String report = ChangeFormat.REPORT.render(r);
        String unified = ChangeFormat.UNIFIED.render(r);
        assertThat(report).doesNotContain(ALL).doesNotContain(BASE64)
                .contains("~ data.token: \"<secret sha256:b073aefd>\" -> \"<secret sha256:76d27541>\"")
                .contains("! stringData.password: BLOCKED  conflict: the old release had \"" + OLD_MASK);
        assertThat(unified).doesNotContain(ALL).doesNotContain(BASE64)
                .contains("-  token: <secret sha256:b073aefd>").contains("+  token: <secret sha256:76d27541>");
        assertThat(ReviewReport.render(r)).isEqualTo(report);
        assertThat(UnifiedDiff.render(r)).isEqualTo(unified);
    }

    @Test
    @DisplayName("the outputs meant to be applied carry the real values")
    void appliedOutputsCarryTheValues() {
        MergeResult r = passwordConflict(FieldRules.of(FieldRule.forPath("stringData.password")
                .onConflict(OnConflict.OVERWRITE).build()));
        assertThat(r.hasSensitiveValues()).isTrue();
        assertThat(ChangeFormat.YAML.render(r)).contains("password: " + NEW).contains("Y29ycmVjdC1ob3JzZQ==");
        assertThat(ChangeFormat.JSON_PATCH.render(r)).contains(NEW).contains("Y29ycmVjdC1ob3JzZQ==");
        assertThat(ChangeFormat.MERGE_PATCH.render(r)).contains(NEW);
        assertThat(ChangeFormat.JSON.render(r)).contains("\"" + NEW + "\"").contains("\"sensitive\": true");
        for (ChangeFormat f : ChangeFormat.values()) {
            assertThat(f.carriesSecrets()).as(f.word()).isEqualTo(f != ChangeFormat.REPORT && f != ChangeFormat.UNIFIED);
        }
    }

    @Test
    @DisplayName("shown on request, the report gives the values, and conflict lines add them in clear")
    void shownOnRequest() {
        MergeResult r = passwordConflict(FieldRules.none());
        String report = ChangeFormat.REPORT.render(r, SecretValues.SHOWN);
        assertThat(report).contains("~ data.token: \"aHVudGVyMg==\" -> \"Y29ycmVjdC1ob3JzZQ==\"")
                .contains("onConflict: fail blocks the upgrade  [in clear: old release \"hunter2\", cluster"
                        + " \"correct-horse\", new release \"new-default\", result \"correct-horse\"]");
        assertThat(ChangeFormat.UNIFIED.render(r, SecretValues.SHOWN)).contains("+  token: Y29ycmVjdC1ob3JzZQ==");
    }

    @Test
    @DisplayName("an immutable sensitive field is named with its masks, whether changed itself or by replacing a value above it")
    void immutable() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.credentials").sensitive().build(),
                FieldRule.forPath("spec.credentials.password").mutable(false).build());
        String doc = "apiVersion: db.example.com/v1\nkind: DatabaseUser\nmetadata: {name: app, namespace: shop}\n"
                + "spec: {credentials: %s}\n";
        MergeResult changed = ThreeWayMerge.withRules(rules).merge(Yaml.set(doc.formatted("{password: hunter2}")),
                Yaml.set(doc.formatted("{password: hunter2}")), Yaml.set(doc.formatted("{password: new-default}")));
        assertThat(changed.blocked()).singleElement().satisfies(c -> assertThat(c.toString())
                .isEqualTo("DatabaseUser.db.example.com shop/app: spec.credentials.password: immutable field: the merge"
                        + " would change \"" + OLD_MASK + "\" to \"" + NEW_MASK + "\" (the cluster had the old release's"
                        + " value); blocked"));
        FieldRules above = FieldRules.of(FieldRule.forPath("spec.credentials.password").sensitive().build(),
                FieldRule.forPath("spec.credentials.password").kind("DatabaseUser").mutable(false).build());
        MergeResult replaced = ThreeWayMerge.withRules(above).merge(Yaml.set(doc.formatted("{password: hunter2}")),
                Yaml.set(doc.formatted("{password: hunter2}")), Yaml.set(doc.formatted("from-vault")));
        assertThat(replaced.blocked()).singleElement().satisfies(c -> assertThat(c.message())
                .startsWith("immutable field spec.credentials.password: the merge would remove \"" + OLD_MASK + "\" by replacing")
                .doesNotContain(OLD));
    }

    @Test
    @DisplayName("a sensitive key field is masked in the paths below its item, in changes and in the list report")
    void sensitiveKeys() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.users[*].name").sensitive().build());
        String doc = "apiVersion: example.com/v1\nkind: Access\nmetadata: {name: a, namespace: n}\n"
                + "spec: {users: [{name: hunter2, roles: [%s]}]}\n";
        MergeResult r = ThreeWayMerge.withRules(rules).merge(Yaml.set(doc.formatted("read")), Yaml.set(doc.formatted("read")),
                Yaml.set(doc.formatted("read, write")));
        String shown = ChangeFormat.REPORT.render(r) + ListKeysReport.render(r)
                + String.join("\n", r.changes().stream().map(FieldChange::toString).toList());
        assertThat(shown).doesNotContain(OLD).contains("spec.users[name=" + OLD_MASK + "].roles");
        assertThat(ChangeFormat.JSON_PATCH.render(r)).contains("\"value\": \"hunter2\"");
    }

    @Test
    @DisplayName("a whole Secret added or removed shows its keys and masks, never its values")
    void wholeSecrets() {
        String other = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\ndata: {a: b}\n";
        MergeResult added = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set(other), Yaml.set(other),
                Yaml.set(other + "---\n" + secret(NEW, "aHVudGVyMg==")));
        assertThat(added.changes()).singleElement().satisfies(c -> assertThat(c.sensitive()).isTrue());
        assertThat(added.changes().get(0).message()).doesNotContain(NEW);
        assertThat(ChangeFormat.REPORT.render(added)).contains("+ (whole document): set to {").doesNotContain(NEW)
                .doesNotContain("aHVudGVyMg==");
        assertThat(added.masked().changes().get(0).target().orElseThrow().get("stringData").toString())
                .isEqualTo("{\"password\":\"" + NEW_MASK + "\",\"user\":\"<secret sha256:8c6976e5>\"}");
        assertThat(ChangeFormat.UNIFIED.render(added)).contains("+  password: " + NEW_MASK).doesNotContain(NEW);
        MergeResult removed = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set(other + "---\n" + secret(OLD, "eA==")),
                Yaml.set(other + "---\n" + secret(OLD, "eA==")), Yaml.set(other));
        assertThat(ChangeFormat.REPORT.render(removed) + ChangeFormat.UNIFIED.render(removed)).doesNotContain(OLD)
                .contains(OLD_MASK);
    }

    @Test
    @DisplayName("a field a rule marks sensitive is masked in a custom resource, and only that field")
    void sensitiveRule() {
        String creds = """
                apiVersion: db.example.com/v1
                kind: DatabaseUser
                metadata: {name: app, namespace: shop}
                spec:
                  host: db.internal
                  credentials: {password: %s, rotation: %s}
                """;
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.credentials.password").kind("DatabaseUser").sensitive()
                .build());
        MergeResult r = ThreeWayMerge.withRules(rules).merge(Yaml.set(creds.formatted(OLD, "30d")),
                Yaml.set(creds.formatted(CLUSTER, "30d")), Yaml.set(creds.formatted(NEW, "60d")));
        assertThat(r.blocked()).singleElement().satisfies(c -> {
            assertThat(c.sensitive()).isTrue();
            assertThat(c.message()).contains(OLD_MASK, CLUSTER_MASK, NEW_MASK).doesNotContain(ALL);
        });
        String report = ChangeFormat.REPORT.render(r);
        assertThat(report).doesNotContain(ALL).contains("~ spec.credentials.rotation: \"30d\" -> \"60d\"");
        assertThat(r.changes().stream().filter(c -> c.path().toString().endsWith("rotation")))
                .singleElement().satisfies(c -> assertThat(c.sensitive()).isFalse());
        // without the rule the same merge shows the values: the rule is what masks them
        assertThat(ChangeFormat.REPORT.render(ThreeWayMerge.withRules(FieldRules.none()).merge(
                Yaml.set(creds.formatted(OLD, "30d")), Yaml.set(creds.formatted(CLUSTER, "30d")),
                Yaml.set(creds.formatted(NEW, "60d"))))).contains(CLUSTER);
    }

    @Test
    @DisplayName("a sensitive field inside list items is masked when the whole item is added, and in duplicate-item messages")
    void listItems() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.template.spec.containers[*].env[*].value").sensitive()
                .build());
        String env = "      containers:\n        - name: web\n          image: web:1\n          env:\n%s";
        String base = Yaml.deployment("  template:\n    spec:\n" + env.formatted("            - {name: A, value: tok-A}\n"));
        String target = Yaml.deployment("  template:\n    spec:\n" + env.formatted(
                "            - {name: A, value: tok-A}\n            - {name: B, value: tok-B}\n"));
        MergeResult r = ThreeWayMerge.withRules(rules).merge(Yaml.set(base), Yaml.set(base), Yaml.set(target));
        assertThat(ChangeFormat.REPORT.render(r)).doesNotContain("tok-A", "tok-B").contains("<secret sha256:cb5ddacc>")
                .contains("\"name\":\"B\"");
        assertThat(ChangeFormat.UNIFIED.render(r)).doesNotContain("tok-A", "tok-B")
                .contains("value: <secret sha256:717876b4>");
        assertThat(ChangeFormat.JSON_PATCH.render(r)).contains("tok-B");
    }

    @Test
    @DisplayName("a set list marked sensitive masks each item, and equal items keep equal masks")
    void setLists() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.tokens").listType(ListType.SET).sensitive().build());
        String doc = "apiVersion: example.com/v1\nkind: Api\nmetadata: {name: a, namespace: n}\nspec: {tokens: %s}\n";
        MergeResult r = ThreeWayMerge.withRules(rules).merge(Yaml.set(doc.formatted("[tok-A]")),
                Yaml.set(doc.formatted("[tok-A, tok-B]")), Yaml.set(doc.formatted("[tok-C]")));
        String shown = ChangeFormat.REPORT.render(r) + ChangeFormat.UNIFIED.render(r)
                + String.join("\n", r.changes().stream().map(FieldChange::toString).toList());
        assertThat(shown).doesNotContain("tok-A", "tok-B", "tok-C").contains("<secret sha256:5ef16dd6>");
    }

    @Test
    @DisplayName("an input error about a sensitive list names the item without its value")
    void inputErrors() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.tokens").listType(ListType.SET).sensitive().build());
        String doc = "apiVersion: example.com/v1\nkind: Api\nmetadata: {name: a, namespace: n}\nspec: {tokens: %s}\n";
        assertThatThrownBy(() -> ThreeWayMerge.withRules(rules).merge(Yaml.set(doc.formatted("[tok-A]")),
                Yaml.set(doc.formatted("[tok-A, tok-A]")), Yaml.set(doc.formatted("[tok-C]"))))
                .isInstanceOf(InputException.class).hasMessageContaining("the set holds <secret sha256:717876b4> twice")
                .message().doesNotContain("tok-A");
    }

    @Test
    @DisplayName("nothing sensitive: the masked view is the result itself")
    void nothingSensitive() {
        String d = Yaml.deployment("  replicas: %s\n");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set(d.formatted(1)), Yaml.set(d.formatted(1)),
                Yaml.set(d.formatted(2)));
        assertThat(r.masked()).isSameAs(r);
        assertThat(r.hasSensitiveValues()).isFalse();
        assertThat(r.changes()).allSatisfy(c -> assertThat(c.sensitive()).isFalse());
    }

    @Test
    @DisplayName("masking twice changes nothing more: a masked view is its own masked view")
    void maskedIsIdempotent() {
        MergeResult masked = passwordConflict(FieldRules.none()).masked();
        assertThat(masked.isMasked()).isTrue();
        assertThat(masked.masked()).isSameAs(masked);
        assertThat(ChangeFormat.REPORT.render(masked, SecretValues.SHOWN)).isEqualTo(ChangeFormat.REPORT.render(masked))
                .doesNotContain(ALL);
    }
}
