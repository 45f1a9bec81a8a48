package dev.upshift.common.tree;

import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.SyntaxException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 6901 pointers: escaping, parsing with positions, formatting, resolving. */
class JsonPointersTest {

    @Test
    void escapesTildeBeforeSlash() {
        assertThat(JsonPointers.escape("a/b~c")).isEqualTo("a~1b~0c");
        assertThat(JsonPointers.escape("~1")).isEqualTo("~01");
        assertThat(JsonPointers.escape("plain")).isEqualTo("plain");
    }

    @Test
    void parsesIntoUnescapedTokens() {
        assertThat(JsonPointers.parse("")).isEmpty();
        assertThat(JsonPointers.parse("/")).containsExactly("");
        assertThat(JsonPointers.parse("/a~1b/~0c/0/")).containsExactly("a/b", "~c", "0", "");
        assertThat(JsonPointers.parse("/~01")).containsExactly("~1");
    }

    @Test
    void unescapesTokensInTheOrderTheRfcGives() {
        assertThat(JsonPointers.unescape("a~1b~0c")).isEqualTo("a/b~c");
        assertThat(JsonPointers.unescape("~01")).isEqualTo("~1");
        assertThat(JsonPointers.unescape("plain")).isEqualTo("plain");
        for (String token : List.of("", "~", "/", "~1", "~0", "a/b~c", "~~//")) {
            assertThat(JsonPointers.unescape(JsonPointers.escape(token))).isEqualTo(token);
        }
    }

    @Test
    void formatIsTheInverseOfParse() {
        List<String> tokens = List.of("metadata", "annotations", "upshift.dev/owner", "~x", "");
        assertThat(JsonPointers.parse(JsonPointers.format(tokens))).isEqualTo(tokens);
        assertThat(JsonPointers.format(List.of())).isEmpty();
    }

    @Test
    void rejectsBadSyntaxWithThePosition() {
        assertThatThrownBy(() -> JsonPointers.parse("a/b"))
                .isInstanceOfSatisfying(SyntaxException.class, e -> assertThat(e.position()).isZero())
                .hasMessage("invalid JSON pointer \"a/b\": must be empty or start with '/'");
        assertThatThrownBy(() -> JsonPointers.parse("/ok/bad~2"))
                .isInstanceOfSatisfying(SyntaxException.class, e -> assertThat(e.position()).isEqualTo(7))
                .hasMessage("invalid JSON pointer \"/ok/bad~2\": '~' at character 8 must be followed by '0' or '1' "
                        + "(write '~0' for '~', '~1' for '/')");
        assertThatThrownBy(() -> JsonPointers.parse("/~")).hasMessageContaining("'~' at character 2");
    }

    @Test
    void resolvesWhatExistsAndNothingElse() {
        JsonNode doc = json("{'spec':{'ports':[80,443],'a/b':true},'':0}");
        assertThat(JsonPointers.resolve(doc, "")).contains(doc);
        assertThat(JsonPointers.resolve(doc, "/spec/ports/1")).contains(json("443"));
        assertThat(JsonPointers.resolve(doc, "/spec/a~1b")).contains(json("true"));
        assertThat(JsonPointers.resolve(doc, "/")).contains(json("0"));
        assertThat(JsonPointers.resolve(doc, "/spec/ports/2")).isEmpty();
        assertThat(JsonPointers.resolve(doc, "/spec/ports/01")).isEmpty();
        assertThat(JsonPointers.resolve(doc, "/spec/ports/-")).isEmpty();
        assertThat(JsonPointers.resolve(doc, "/spec/ports/99999999999999999999")).isEmpty();
        assertThat(JsonPointers.resolve(doc, "/spec/ports/0/x")).isEmpty();
        assertThat(JsonPointers.resolve(doc, "/status")).isEmpty();
    }
}
