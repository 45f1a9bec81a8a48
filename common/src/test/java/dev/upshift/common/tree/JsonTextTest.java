package dev.upshift.common.tree;

import static dev.upshift.testing.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.upshift.testing.Content;
import dev.upshift.testing.JsonGenerators;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** The JSON writer and quoter, with Jackson as the oracle for what JSON text means. */
class JsonTextTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    private static JsonNode read(String text) {
        try {
            return JACKSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Strings from every corner: ASCII, controls, DEL, C1, separators, surrogates, other scripts. */
    private static Gen<String> texts() {
        return Generate.oneOf(strings().allPossible().ofLengthBetween(0, 12), strings().ascii().ofLengthBetween(0, 12),
                Generate.pick(java.util.List.of("", "\"", "\\", "\n\r\t\b\f", "\u0000\u001f\u007f\u0080\u009f",
                        "\u2028\u2029", "é 中 😀", "\ud800", "a/b~c")));
    }

    @Test
    @DisplayName("Jackson reads every quoted string back as the same text")
    void quotedStringsReadBack() {
        qt().forAll(texts()).checkAssert(s -> {
            String quoted = JsonText.quote(s);
            assertThat(read(quoted).textValue()).isEqualTo(s);
            assertThat(quoted.chars()).noneMatch(ch -> ch < 0x20 || ch == 0x7f || ch >= 0x80 && ch <= 0x9f
                    || ch == 0x2028 || ch == 0x2029);
        });
    }

    @Test
    @DisplayName("where Jackson and we escape alike (all but \\b, \\f and the characters we escape on top), the text is Jackson's")
    void quotingMatchesJacksonOutsideTheExtraEscapes() throws JsonProcessingException {
        qt().forAll(texts()).checkAssert(s -> {
            boolean extra = s.chars().anyMatch(ch -> ch < 0x20 && ch != '\n' && ch != '\r' && ch != '\t'
                    || ch == 0x7f || ch >= 0x80 && ch <= 0x9f || ch == 0x2028 || ch == 0x2029);
            if (!extra) {
                assertThat(JsonText.quote(s)).isEqualTo(JsonNodeFactory.instance.textNode(s).toString());
            }
        });
        assertThat(JsonText.quote("\u0001\u007f\u2028")).isEqualTo("\"\\u0001\\u007f\\u2028\"");
    }

    @Test
    @DisplayName("pretty text reads back as the same tree, in the documented layout")
    void prettyTextReadsBack() {
        qt().forAll(JsonGenerators.values(4)).checkAssert(v -> assertThat(read(JsonText.pretty(v))).isEqualTo(v));
        assertThat(JsonText.pretty(json("{'a':[1,{}],'b':{'c':'x'},'d':[]}"))).isEqualTo("""
                {
                  "a": [
                    1,
                    {}
                  ],
                  "b": {
                    "c": "x"
                  },
                  "d": []
                }
                """);
        assertThat(JsonText.pretty(JsonNodeFactory.instance.numberNode(Double.NaN))).isEqualTo("null\n");
    }

    @Test
    @DisplayName("abbreviated text is Jackson's compact text, cut with '...' to the width")
    void abbreviatedTextIsJacksonsCut() {
        qt().forAll(JsonGenerators.values(4), Generate.range(4, 60)).checkAssert((v, max) -> {
            String full = v.toString();
            assertThat(JsonText.abbreviated(v, max)).isEqualTo(full.length() <= max ? full : full.substring(0, max - 3) + "...");
        });
        assertThat(JsonText.abbreviated(null, 10)).isEqualTo("nothing");
    }

    @Test
    @DisplayName("canonical texts are equal exactly when the contents are, and read back as the content")
    void canonicalTextsAreEqualExactlyForEqualContent() {
        qt().forAll(JsonGenerators.anyPairs(3)).checkAssert(p -> assertThat(JsonText.canonical(p._1).equals(JsonText.canonical(p._2)))
                .isEqualTo(Content.of(p._1).equals(Content.of(p._2))));
        qt().forAll(JsonGenerators.values(3)).checkAssert(v -> assertThat(Content.of(read(JsonText.canonical(v)))).isEqualTo(Content.of(v)));
        assertThat(JsonText.canonical(json("{'b':1.50,'a':null,'c':[2.0,null,true]}"))).isEqualTo("{\"b\":1.5,\"c\":[2,null,true]}");
        assertThat(JsonText.canonical(JsonNodeFactory.instance.numberNode(Double.NEGATIVE_INFINITY))).isEqualTo("-Infinity");
    }
}
