package dev.upshift.diff.rule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.CompiledRules;
import dev.upshift.diff.merge.FieldPolicy;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code sensitive: true} in a field rule, and the built-in sensitive fields of a Secret. */
class SensitiveRuleTest {
    private final Problems problems = new Problems();

    private FieldRules read(String yaml) {
        ObjectView root = ObjectView.of(DocumentLoader.create().load("release.yaml", yaml).get(0), problems);
        return SpecLists.fieldRules(root.objects("fieldRules"));
    }

    private static FieldPolicy at(FieldRules rules, Document doc, String path) {
        FieldPolicy p = CompiledRules.of(rules).policyFor(doc);
        for (PathElement e : FieldPath.parse(path).elements()) {
            p = p.child(e);
        }
        return p;
    }

    private static Document doc(String apiVersion, String kind) {
        return Yaml.set("apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata: {name: x, namespace: n}\n")
                .documents().get(0);
    }

    @Test
    @DisplayName("sensitive: true is a setting on its own; false, or not a boolean, is an error at the field")
    void reading() {
        FieldRules rules = read("""
                fieldRules:
                  - match: {kind: DatabaseUser}
                    path: spec.credentials
                    sensitive: true
                  - path: spec.a
                    sensitive: false
                  - path: spec.b
                    sensitive: "yes"
                """);
        assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                "release.yaml:6:16: fieldRules[1].sensitive: only true is allowed: a rule marks fields sensitive, and none"
                        + " makes a field less so (a Secret's data and stringData always are); leave it out",
                "release.yaml:8:16: fieldRules[2].sensitive: expected true or false, got the text 'yes'");
        assertThat(rules.rules()).singleElement().satisfies(r -> assertThat(r.sensitive()).isTrue());
    }

    @Test
    @DisplayName("a field is sensitive below a rule that says so, whichever rule is more specific for other settings")
    void inherited() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.credentials").kind("DatabaseUser").sensitive().build(),
                FieldRule.forPath("spec.credentials.password").kind("DatabaseUser").onConflict(OnConflict.KEEP).build());
        Document user = doc("db.example.com/v1", "DatabaseUser");
        assertThat(at(rules, user, "spec").sensitive()).isFalse();
        assertThat(at(rules, user, "spec").sensitiveBelow()).isTrue();
        assertThat(at(rules, user, "spec.credentials").sensitive()).isTrue();
        assertThat(at(rules, user, "spec.credentials.password").sensitive()).isTrue();
        assertThat(at(rules, user, "spec.host").sensitive()).isFalse();
        assertThat(at(rules, user, "spec.host").sensitiveBelow()).isFalse();
        assertThat(at(rules, doc("db.example.com/v1", "Other"), "spec.credentials").sensitive()).isFalse();
    }

    @Test
    @DisplayName("a Secret's data and stringData are sensitive without any rule, whatever its apiVersion; its type is not")
    void builtIn() {
        for (String apiVersion : new String[] {"v1", "secrets.example.com/v1"}) {
            Document secret = doc(apiVersion, "Secret");
            assertThat(at(FieldRules.none(), secret, "data.password").sensitive()).isTrue();
            assertThat(at(FieldRules.none(), secret, "stringData").sensitive()).isTrue();
            assertThat(at(FieldRules.none(), secret, "type").sensitive()).isFalse();
            assertThat(at(FieldRules.none(), secret, "metadata.name").sensitive()).isFalse();
        }
        assertThat(at(FieldRules.none(), doc("v1", "ConfigMap"), "data.password").sensitive()).isFalse();
    }
}
