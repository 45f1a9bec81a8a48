package dev.upshift.diff.patch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One operation of an RFC 6902 patch, checked for shape: a known {@code op}, a valid {@code path},
 * and the {@code from} or {@code value} its kind needs. Members the operation does not use are
 * ignored, as the RFC requires.
 *
 * @param index the position of the operation in the patch, from 0
 * @param kind what the operation does
 * @param path the target location as written
 * @param pathTokens the unescaped tokens of {@code path}
 * @param from the source location of {@code move} and {@code copy} as written, otherwise null
 * @param fromTokens the unescaped tokens of {@code from}, otherwise null
 * @param value the {@code value} of {@code add}, {@code replace} and {@code test}, otherwise null
 */
record PatchOperation(
        int index, Kind kind, String path, List<String> pathTokens, String from, List<String> fromTokens, JsonNode value) {

    /** The six operations of RFC 6902 section 4. */
    enum Kind {
        ADD, REMOVE, REPLACE, MOVE, COPY, TEST;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean needsFrom() {
            return this == MOVE || this == COPY;
        }

        boolean needsValue() {
            return this == ADD || this == REPLACE || this == TEST;
        }
    }

    /** Checks every operation of a patch before any is applied. */
    static List<PatchOperation> parseAll(JsonNode patch) {
        if (patch == null || !patch.isArray()) {
            throw new JsonPatchException("a JSON Patch must be an array of operations, found "
                    + (patch == null ? "nothing" : JsonTrees.jsonType(patch)));
        }
        List<PatchOperation> operations = new ArrayList<>(patch.size());
        for (int i = 0; i < patch.size(); i++) {
            operations.add(parse(i, patch.get(i)));
        }
        return operations;
    }

    private static PatchOperation parse(int index, JsonNode operation) {
        String where = "operation " + index;
        if (!operation.isObject()) {
            throw new JsonPatchException(where + ": must be an object, found " + JsonTrees.jsonType(operation));
        }
        Kind kind = kind(where, operation.get("op"));
        String path = text(where + " (" + kind.label() + ")", operation, "path");
        String from = kind.needsFrom() ? text(where + " (" + kind.label() + " " + shown(path) + ")", operation, "from") : null;
        String label = where + " (" + kind.label() + " " + shown(path) + (from == null ? ")" : " from " + shown(from) + ")");
        List<String> pathTokens = pointer(label, "path", path);
        List<String> fromTokens = from == null ? null : pointer(label, "from", from);
        JsonNode value = kind.needsValue() ? operation.get("value") : null;
        if (kind.needsValue() && value == null) {
            throw new JsonPatchException(label + ": missing member 'value'");
        }
        return new PatchOperation(index, kind, path, pathTokens, from, fromTokens, value);
    }

    private static Kind kind(String where, JsonNode op) {
        if (op == null) {
            throw new JsonPatchException(where + ": missing member 'op'");
        }
        if (!op.isTextual()) {
            throw new JsonPatchException(where + ": member 'op' must be a string, found " + JsonTrees.jsonType(op));
        }
        for (Kind kind : Kind.values()) {
            if (kind.label().equals(op.textValue())) {
                return kind;
            }
        }
        throw new JsonPatchException(where + ": unknown op \"" + op.textValue()
                + "\" (expected add, remove, replace, move, copy or test)");
    }

    private static String text(String where, JsonNode operation, String member) {
        JsonNode node = operation.get(member);
        if (node == null) {
            throw new JsonPatchException(where + ": missing member '" + member + "'");
        }
        if (!node.isTextual()) {
            throw new JsonPatchException(where + ": member '" + member + "' must be a JSON Pointer string, found "
                    + JsonTrees.jsonType(node));
        }
        return node.textValue();
    }

    private static List<String> pointer(String label, String member, String pointer) {
        JsonPointers.syntaxError(pointer).ifPresent(e -> {
            throw new JsonPatchException(label + ": invalid pointer in '" + member + "': " + e.reason());
        });
        return JsonPointers.tokens(pointer);
    }

    /** "operation 2 (remove /spec/replicas)", or with "from /a" for move and copy. */
    String label() {
        String label = "operation " + index + " (" + kind.label() + " " + shown(path);
        return (from == null ? label : label + " from " + shown(from)) + ")";
    }

    /** A pointer as messages show it: the empty pointer (the whole document) as {@code ""}. */
    private static String shown(String pointer) {
        return pointer.isEmpty() ? "\"\"" : pointer;
    }

    /** An exception for this operation with the given explanation. */
    JsonPatchException fail(String explanation) {
        return new JsonPatchException(label() + ": " + explanation);
    }
}
