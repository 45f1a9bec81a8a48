package dev.upshift.diff.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.SensitiveValues;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, in the text editor: a file that changed under a merge's sensitive field since the change
 * was computed is a conflict whose message shows the three values masked, as the merge's rules say
 * (a Secret's data and stringData built in, {@code sensitive: true} by rule); other fields keep
 * their values in the message.
 */
class SecretEditsTest {
    private static final DocumentLoader LOADER = DocumentLoader.create();

    private static final String SECRET = """
            apiVersion: v1
            kind: Secret
            metadata: {name: db, namespace: shop}
            stringData:
              password: hunter2   # rotated by the release
            """;

    private static final String USER = """
            apiVersion: db.example.com/v1
            kind: DatabaseUser
            metadata: {name: app, namespace: shop}
            spec:
              credentials: {password: old-db-pw}
              replicas: 1
            """;

    private static MergeResult merge(String file, String text, String from, String to, FieldRules rules) {
        DocumentSet current = DocumentSet.read(LOADER.load(file, text));
        DocumentSet target = DocumentSet.read(LOADER.load(file, text.replace(from, to)));
        return ThreeWayMerge.withRules(rules).merge(current, current, target);
    }

    @Test
    @DisplayName("a Secret's password changed in the file since: the conflict shows three masks, never a value")
    void secretConflict() {
        MergeResult merge = merge("secret.yaml", SECRET, "hunter2", "new-default", FieldRules.none());
        String changed = SECRET.replace("hunter2", "correct-horse");

        assertThatThrownBy(() -> TextEdits.of("secret.yaml", changed).apply(merge))
                .isInstanceOf(TextEditException.class)
                .hasMessage("secret.yaml: v1/Secret/shop/db: stringData.password is the text '"
                        + SensitiveValues.mask(TextNode.valueOf("correct-horse")) + "' in the file, where the change"
                        + " expected the text '" + SensitiveValues.mask(TextNode.valueOf("hunter2")) + "' and writes the"
                        + " text '" + SensitiveValues.mask(TextNode.valueOf("new-default")) + "'; the file changed since"
                        + " the change was computed: compute it again")
                .message().doesNotContain("hunter2", "correct-horse", "new-default");
    }

    @Test
    @DisplayName("a field a rule marks sensitive is masked alike, and a mapping holding one is masked inside")
    void sensitiveRule() {
        FieldRules rules = FieldRules.of(FieldRule.forPath("spec.credentials").kind("DatabaseUser").sensitive().build());
        MergeResult merge = merge("user.yaml", USER, "old-db-pw", "new-db-pw", rules);

        assertThatThrownBy(() -> TextEdits.of("user.yaml", USER.replace("old-db-pw", "cluster-db-pw")).apply(merge))
                .isInstanceOf(TextEditException.class)
                .hasMessageContaining("spec.credentials.password is the text '<secret sha256:")
                .message().doesNotContain("old-db-pw", "cluster-db-pw", "new-db-pw");
        String replaced = USER.replace("credentials: {password: old-db-pw}", "credentials: vault-ref-hunter2");
        assertThatThrownBy(() -> TextEdits.of("user.yaml", replaced).apply(merge))
                .isInstanceOf(TextEditException.class)
                .hasMessageContaining("spec.credentials is the text '<secret sha256:")
                .message().doesNotContain("vault-ref-hunter2", "old-db-pw", "new-db-pw");
    }

    @Test
    @DisplayName("without a rule the same conflict names the values: the rules decide, not the editor")
    void plainFieldsKeepTheirValues() {
        MergeResult merge = merge("user.yaml", USER, "old-db-pw", "new-db-pw", FieldRules.none());
        assertThatThrownBy(() -> TextEdits.of("user.yaml", USER.replace("old-db-pw", "cluster-db-pw")).apply(merge))
                .isInstanceOf(TextEditException.class)
                .hasMessageContaining("is the text 'cluster-db-pw' in the file, where the change expected the text"
                        + " 'old-db-pw' and writes the text 'new-db-pw'");
        assertThat(merge.hasSensitiveValues()).isFalse();
    }
}
