package dev.upshift.diff.path;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.testing.Content;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Coverage-guided fuzzing of paths and patterns built element by element (Jazzer), with field names
 * and key values that need quoting, numbers in every form and keys of several fields. It holds
 * {@link FieldPath} and {@link PathPattern} to their contracts, against independent references:
 * <ul>
 *   <li>a path's dotted form parses back to an equal path;
 *   <li>in a document built to hold the path, {@link FieldPath#resolve} finds the value put there
 *       and {@link FieldPath#toPointer} is an RFC 6901 pointer to it (as Jackson reads pointers);
 *   <li>a pattern written from steps (literals, {@code *}, {@code [*]}, {@code **}, keys with some of
 *       the path's key fields) parses, and {@link PathPattern#matches} and {@link PathPattern#covers}
 *       answer as a backtracking matcher written from the class comment does.
 * </ul>
 * Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/diff/path/PathPatternFuzzTestInputs/}; docs/fuzzing.md says
 * how to fuzz.
 */
class PathPatternFuzzTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> WORDS = List.of("spec", "name", "port", "a.b", "x y", "*", "**", "[0]", "=", ",",
            "\"", "null", "true", "1", "-0", "1e3", " a", "é", "\u0000", "a]", "0x", "[*]", "", "{", "a=b", "\\");

    /** A pattern step: a literal element, or one of the wildcards. */
    private sealed interface Step {}

    private record Literal(PathElement element) implements Step {}

    private enum Wildcard implements Step { ONE, ITEM, DEEP }

    @FuzzTest(maxDuration = "1m")
    void builtPathsRoundTripResolveAndMatchAsABacktrackingMatcherSays(FuzzedDataProvider data) {
        List<PathElement> elements = new ArrayList<>();
        for (int n = data.consumeInt(0, 7); n > 0; n--) {
            elements.add(element(data));
        }
        FieldPath path = new FieldPath(elements);
        assertThat(FieldPath.parse(path.toString())).as("%s read back", path).isEqualTo(path);
        document(path).ifPresent(doc -> {
            assertThat(path.resolve(doc.root())).as("%s in %s", path, doc.root()).containsSame(doc.leaf());
            String pointer = path.toPointer(doc.root()).orElseThrow();
            assertThat(doc.root().at(JsonPointer.compile(pointer))).as("%s at %s in %s", path, pointer, doc.root()).isSameAs(doc.leaf());
        });

        List<Step> steps = steps(data, elements);
        if (steps.isEmpty()) {
            return;
        }
        String text = text(steps);
        PathPattern pattern = PathPattern.parse(text);
        assertThat(pattern.matches(path)).as("%s matches %s", text, path).isEqualTo(matches(steps, 0, elements, 0));
        boolean covers = false;
        for (int k = 0; k <= elements.size() && !covers; k++) {
            covers = matches(steps, 0, elements.subList(0, k), 0);
        }
        assertThat(pattern.covers(path)).as("%s covers %s", text, path).isEqualTo(covers);
    }

    // ---- building paths

    private static String word(FuzzedDataProvider data) {
        return data.consumeBoolean() ? WORDS.get(data.consumeInt(0, WORDS.size() - 1)) : data.consumeString(6);
    }

    private static JsonNode scalar(FuzzedDataProvider data) {
        return switch (data.consumeInt(0, 5)) {
            case 0 -> NODES.textNode(word(data));
            case 1 -> NODES.numberNode(data.consumeLong());
            case 2 -> NODES.numberNode(BigDecimal.valueOf(data.consumeLong(), data.consumeInt(-12, 12)));
            case 3 -> NODES.numberNode(data.consumeRegularDouble() % 1e12);
            case 4 -> NODES.booleanNode(data.consumeBoolean());
            default -> NODES.nullNode();
        };
    }

    private static PathElement element(FuzzedDataProvider data) {
        switch (data.consumeInt(0, 3)) {
            case 0:
                return new PathElement.Field(word(data));
            case 1:
                Set<String> names = new LinkedHashSet<>();
                for (int n = data.consumeInt(1, 3); n > 0; n--) {
                    names.add(word(data));
                }
                List<JsonNode> values = new ArrayList<>();
                names.forEach(name -> values.add(scalar(data)));
                return new PathElement.Key(List.copyOf(names), values);
            case 2:
                JsonNode value = scalar(data);
                if (data.consumeInt(0, 3) == 0) {
                    ObjectNode o = NODES.objectNode();
                    o.set(word(data), value);
                    return new PathElement.Value(data.consumeBoolean() ? o : NODES.arrayNode().add(value));
                }
                return new PathElement.Value(value);
            default:
                return new PathElement.Index(data.consumeBoolean() ? data.consumeInt(0, 3) : data.consumeInt(0, Integer.MAX_VALUE));
        }
    }

    // ---- a document that holds a path

    private record Holder(JsonNode root, JsonNode leaf) {}

    /**
     * A document with a leaf at the path, and a decoy item before each keyed or set item; empty when
     * no document can hold the path (a set item or a keyed item followed by a list step, a key field
     * or set item that is null, which counts as absent, an index too large to build).
     */
    private static Optional<Holder> document(FieldPath path) {
        List<PathElement> e = path.elements();
        JsonNode leaf = NODES.textNode("leaf");
        JsonNode below = leaf;
        for (int i = e.size() - 1; i >= 0; i--) {
            PathElement step = e.get(i);
            boolean last = i == e.size() - 1;
            if (step instanceof PathElement.Field f) {
                ObjectNode o = NODES.objectNode();
                o.set(f.name(), below);
                below = o;
            } else if (step instanceof PathElement.Index index) {
                if (index.index() > 16) {
                    return Optional.empty();
                }
                ArrayNode list = NODES.arrayNode();
                for (int k = 0; k < index.index(); k++) {
                    list.add(NODES.textNode("filler " + k));
                }
                below = list.add(below);
            } else if (step instanceof PathElement.Value v) {
                if (!last || v.value().isNull()) {
                    return Optional.empty();
                }
                leaf = v.value().deepCopy();
                below = withDecoy(DECOY, leaf, Content.of(leaf).equals(Content.of(DECOY)));
            } else {
                PathElement.Key k = (PathElement.Key) step;
                if (!last && !(e.get(i + 1) instanceof PathElement.Field)) {
                    return Optional.empty();
                }
                ObjectNode item = last ? NODES.objectNode() : (ObjectNode) below;
                ObjectNode decoy = NODES.objectNode();
                boolean clash = false;
                for (int j = 0; j < k.names().size(); j++) {
                    JsonNode value = k.values().get(j);
                    if (item.has(k.names().get(j)) || value.isNull()) {
                        return Optional.empty(); // a field below named like a key field, or a key that counts as absent
                    }
                    item.set(k.names().get(j), value);
                    decoy.set(k.names().get(j), DECOY);
                    clash |= Content.of(value).equals(Content.of(DECOY));
                }
                if (last) {
                    leaf = item;
                }
                below = withDecoy(decoy, item, clash);
            }
        }
        return Optional.of(new Holder(below, leaf));
    }

    private static final JsonNode DECOY = NODES.textNode("decoy");

    private static ArrayNode withDecoy(JsonNode decoy, JsonNode item, boolean decoyWouldMatch) {
        ArrayNode list = NODES.arrayNode();
        if (!decoyWouldMatch) {
            list.add(decoy);
        }
        return list.add(item);
    }

    // ---- patterns

    /** Steps along the path: mostly ones that match it, sometimes ones that do not. */
    private static List<Step> steps(FuzzedDataProvider data, List<PathElement> path) {
        List<Step> steps = new ArrayList<>();
        int j = 0;
        while (j < path.size() && steps.size() < 16 && data.remainingBytes() > 0) {
            PathElement e = path.get(j);
            switch (data.consumeInt(0, 5)) {
                case 0 -> {
                    steps.add(Wildcard.ONE);
                    j++;
                }
                case 1 -> {
                    steps.add(Wildcard.ITEM);
                    j++;
                }
                case 2 -> {
                    steps.add(Wildcard.DEEP);
                    j += data.consumeInt(0, path.size() - j);
                }
                case 3 -> {
                    PathElement other = element(data);
                    steps.add(other instanceof PathElement.Index ? Wildcard.ONE : new Literal(other));
                    j++;
                }
                default -> {
                    steps.add(literal(data, e));
                    j++;
                }
            }
        }
        if (data.consumeInt(0, 3) == 0) {
            steps.add(data.consumeBoolean() ? Wildcard.DEEP : new Literal(new PathElement.Field(word(data))));
        }
        return steps;
    }

    /** The element itself, or for a key some of its fields; an index becomes {@code [*]}. */
    private static Step literal(FuzzedDataProvider data, PathElement e) {
        if (e instanceof PathElement.Index) {
            return Wildcard.ITEM;
        }
        if (e instanceof PathElement.Key k && k.names().size() > 1 && data.consumeBoolean()) {
            int keep = data.consumeInt(0, k.names().size() - 1);
            return new Literal(new PathElement.Key(List.of(k.names().get(keep)), List.of(k.values().get(keep))));
        }
        return new Literal(e);
    }

    private static String text(List<Step> steps) {
        StringBuilder out = new StringBuilder();
        for (Step s : steps) {
            String part = s instanceof Literal l ? new FieldPath(List.of(l.element())).toString()
                    : s == Wildcard.ONE ? "*" : s == Wildcard.DEEP ? "**" : "[*]";
            if (out.length() > 0 && !part.startsWith("[")) {
                out.append('.');
            }
            out.append(part);
        }
        return out.toString();
    }

    // ---- the reference matcher, from PathPattern's class comment

    private static boolean matches(List<Step> steps, int i, List<PathElement> path, int j) {
        if (i == steps.size()) {
            return j == path.size();
        }
        Step s = steps.get(i);
        if (s == Wildcard.DEEP) {
            return matches(steps, i + 1, path, j) || j < path.size() && matches(steps, i, path, j + 1);
        }
        if (j == path.size()) {
            return false;
        }
        PathElement e = path.get(j);
        boolean one = s instanceof Literal l ? literalMatches(l.element(), e) : s == Wildcard.ONE || !(e instanceof PathElement.Field);
        return one && matches(steps, i + 1, path, j + 1);
    }

    /** A literal key matches an item whose key includes its fields (values by content); anything else must be equal. */
    private static boolean literalMatches(PathElement literal, PathElement e) {
        if (literal instanceof PathElement.Key k && e instanceof PathElement.Key actual) {
            for (int n = 0; n < k.names().size(); n++) {
                int at = actual.names().indexOf(k.names().get(n));
                if (at < 0 || !Content.of(k.values().get(n)).equals(Content.of(actual.values().get(at)))) {
                    return false;
                }
            }
            return true;
        }
        if (literal instanceof PathElement.Value v && e instanceof PathElement.Value actual) {
            return Content.of(v.value()).equals(Content.of(actual.value()));
        }
        return literal.equals(e);
    }
}
