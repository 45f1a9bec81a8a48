package dev.upshift.common.read;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * A typed, position-aware reader over one mapping of a {@link SourceDocument}, for turning a
 * document into a domain value while collecting every problem instead of stopping at the first.
 *
 * <p>Each accessor reads one field. A field of the wrong type, or one whose text a parser rejects,
 * records an error at that field's position and reads as absent, so the caller goes on and finds
 * the next problem. {@link #rejectUnknownFields()} then reports every field that no accessor asked
 * for, with the names that were expected. Parsers signal bad text by throwing a
 * {@link SyntaxException}; its message, which names the input, the reason and the character, becomes
 * the problem's message at the field's position.
 *
 * <p>Not thread-safe; a view lives for one reading.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ObjectView {
    private final SourceDocument document;
    private final Problems problems;
    private final ObjectNode node;
    private final String pointer;
    private final String path;
    private final Set<String> read = new LinkedHashSet<>();

    private ObjectView(SourceDocument document, Problems problems, ObjectNode node, String pointer, String path) {
        this.document = document;
        this.problems = problems;
        this.node = node;
        this.pointer = pointer;
        this.path = path;
    }

    /** A view of a document's root. */
    public static ObjectView of(SourceDocument document, Problems problems) {
        return new ObjectView(document, problems, document.root(), "", "");
    }

    /** The document this view reads. */
    public SourceDocument document() {
        return document;
    }

    /** The collector problems go to. */
    public Problems problems() {
        return problems;
    }

    /** The dotted path of this mapping ({@code spec.stages[1]}), empty at the root. */
    public String path() {
        return path;
    }

    /** The mapping itself (read-only by convention). */
    public ObjectNode node() {
        return node;
    }

    /** Where this mapping starts. */
    public SourceLocation location() {
        return document.locate(pointer);
    }

    /** Where a field's value starts, or this mapping's start when the field is absent. */
    public SourceLocation location(String field) {
        return document.locate(childPointer(field));
    }

    /** The dotted path of a field of this mapping. */
    public String fieldPath(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** Whether the field is present and not null. */
    public boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    /** Records an error about a field of this mapping. */
    public void error(String field, String message) {
        problems.error(location(field), fieldPath(field), message);
    }

    /** Records a warning about a field of this mapping. */
    public void warning(String field, String message) {
        problems.warning(location(field), fieldPath(field), message);
    }

    /** Records an error about this mapping as a whole. */
    public void error(String message) {
        problems.error(location(), path, message);
    }

    /** The field's raw value, marked as read; absent when missing or null. */
    public Optional<JsonNode> raw(String field) {
        read.add(field);
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v);
    }

    /**
     * The field as text. Numbers are accepted and read as written ({@code 1.20} stays "1.20"); a
     * boolean, a list or a mapping is an error.
     */
    public Optional<String> string(String field) {
        return raw(field).flatMap(v -> {
            if (v.isTextual() || v.isNumber()) {
                return Optional.of(v.asText());
            }
            error(field, expected("text", v));
            return Optional.empty();
        });
    }

    /** The field as text; records "missing" when absent. */
    public Optional<String> requiredString(String field) {
        Optional<String> s = string(field);
        if (s.isEmpty() && !node.has(field)) {
            missing(field);
        } else if (s.isEmpty() && node.get(field).isNull()) {
            error(field, "must not be null");
        }
        return s;
    }

    /** The field as a boolean (only {@code true} or {@code false}). */
    public Optional<Boolean> bool(String field) {
        return raw(field).flatMap(v -> {
            if (v.isBoolean()) {
                return Optional.of(v.booleanValue());
            }
            error(field, expected("true or false", v));
            return Optional.empty();
        });
    }

    /** The field as a whole number within [min, max]. */
    public Optional<Long> integer(String field, long min, long max) {
        return raw(field).flatMap(v -> {
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                error(field, expected("a whole number", v));
                return Optional.empty();
            }
            long n = v.longValue();
            if (n < min || n > max) {
                error(field, "must be between " + min + " and " + max + ", got " + n);
                return Optional.empty();
            }
            return Optional.of(n);
        });
    }

    /** The field's text turned into a value by {@code parser}; a rejected text is an error here. */
    public <T> Optional<T> parsed(String field, Function<String, T> parser) {
        return string(field).flatMap(text -> parse(field, text, parser));
    }

    /** Like {@link #parsed} but records "missing" when absent. */
    public <T> Optional<T> requiredParsed(String field, Function<String, T> parser) {
        return requiredString(field).flatMap(text -> parse(field, text, parser));
    }

    /**
     * The field as one of a fixed set of words, matched exactly, with the allowed words listed when
     * it matches none.
     */
    public <E extends Enum<E>> Optional<E> choice(String field, Map<String, E> words) {
        return string(field).flatMap(text -> {
            E e = words.get(text);
            if (e == null) {
                error(field, "unknown value '" + SyntaxException.abbreviate(text, 60) + "'; expected one of: " + String.join(", ", words.keySet()));
            }
            return Optional.ofNullable(e);
        });
    }

    /** A nested mapping; a value of another type is an error. */
    public Optional<ObjectView> object(String field) {
        return raw(field).flatMap(v -> {
            if (v instanceof ObjectNode o) {
                return Optional.of(child(o, childPointer(field), fieldPath(field)));
            }
            error(field, expected("a mapping", v));
            return Optional.empty();
        });
    }

    /** A nested mapping; records "missing" when absent. */
    public Optional<ObjectView> requiredObject(String field) {
        if (!has(field)) {
            read.add(field);
            missing(field);
            return Optional.empty();
        }
        return object(field);
    }

    /** A list of mappings; items of another type are errors and are skipped. */
    public List<ObjectView> objects(String field) {
        List<ObjectView> out = new ArrayList<>();
        forEachItem(field, (item, i) -> {
            String itemPath = fieldPath(field) + "[" + i + "]";
            if (item instanceof ObjectNode o) {
                out.add(child(o, childPointer(field) + "/" + i, itemPath));
            } else {
                problems.error(document.locate(childPointer(field) + "/" + i), itemPath, expected("a mapping", item));
            }
        });
        return out;
    }

    /** A list of texts (numbers read as written). */
    public List<String> strings(String field) {
        List<String> out = new ArrayList<>();
        forEachItem(field, (item, i) -> {
            if (item.isTextual() || item.isNumber()) {
                out.add(item.asText());
            } else {
                problems.error(document.locate(childPointer(field) + "/" + i),
                        fieldPath(field) + "[" + i + "]", expected("text", item));
            }
        });
        return out;
    }

    /** A mapping of texts to texts (for labels, annotations, component versions), in source order. */
    public Map<String, String> stringMap(String field) {
        Map<String, String> out = new LinkedHashMap<>();
        object(field).ifPresent(view -> {
            Iterator<Map.Entry<String, JsonNode>> it = view.node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                view.string(e.getKey()).ifPresent(v -> out.put(e.getKey(), v));
            }
        });
        return out;
    }

    /** Reports every field that was present but never read, naming the expected ones. */
    public void rejectUnknownFields(Collection<String> expected) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!read.contains(name) && !expected.contains(name)
                    && !document.legacyFields().contains(childPointer(name))) {
                problems.error(document.keyLocation(childPointer(name)), () -> fieldPath(name), () -> {
                    Set<String> known = new LinkedHashSet<>(read);
                    known.addAll(expected);
                    return "unknown field" + Suggestions.closest(name, known).map(Suggestions::didYouMean)
                            .orElse("; expected " + (known.isEmpty() ? "no fields" : "one of: " + String.join(", ", known)));
                });
            }
        }
    }

    /** Reports every field that was present but never read. */
    public void rejectUnknownFields() {
        rejectUnknownFields(List.of());
    }

    /** Records that a required field is missing. */
    public void missing(String field) {
        problems.error(location(), fieldPath(field), "missing required field");
    }

    private <T> Optional<T> parse(String field, String text, Function<String, T> parser) {
        try {
            return Optional.ofNullable(parser.apply(text));
        } catch (SyntaxException e) {
            error(field, e.getMessage());
            return Optional.empty();
        }
    }

    private interface ItemVisitor {
        void visit(JsonNode item, int index);
    }

    private void forEachItem(String field, ItemVisitor visitor) {
        raw(field).ifPresent(v -> {
            if (!v.isArray()) {
                error(field, expected("a list", v));
                return;
            }
            for (int i = 0; i < v.size(); i++) {
                visitor.visit(v.get(i), i);
            }
        });
    }

    private ObjectView child(ObjectNode o, String childPointer, String childPath) {
        return new ObjectView(document, problems, o, childPointer, childPath);
    }

    private String childPointer(String field) {
        return pointer + "/" + JsonPointers.escape(field);
    }

    static String expected(String what, JsonNode got) {
        String hint = "";
        if (got.isBoolean() && what.equals("text")) {
            hint = " (YAML reads unquoted yes/no/on/off/true/false as booleans: quote the value)";
        }
        return "expected " + what + ", got " + JsonTrees.describe(got) + hint;
    }
}
