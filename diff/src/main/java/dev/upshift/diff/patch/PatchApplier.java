package dev.upshift.diff.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonPointers;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import java.util.List;

/**
 * Applies checked operations, in order, to a private copy of a document (RFC 6902 section 3:
 * all or nothing). Walking pointers, copying and comparing are iterative, so depth costs no stack.
 */
final class PatchApplier {
    private static final int VALUE_LIMIT = 80;

    private JsonNode root;

    private PatchApplier(JsonNode document) {
        this.root = JsonTrees.copy(document);
    }

    static JsonNode apply(JsonNode document, List<PatchOperation> operations) {
        PatchApplier applier = new PatchApplier(document);
        for (PatchOperation operation : operations) {
            applier.apply(operation);
        }
        return applier.root;
    }

    private void apply(PatchOperation op) {
        switch (op.kind()) {
            case ADD -> add(op, op.pathTokens(), JsonTrees.copy(op.value()));
            case REMOVE -> remove(op, op.pathTokens());
            case REPLACE -> replace(op, op.pathTokens(), JsonTrees.copy(op.value()));
            case MOVE -> move(op);
            case COPY -> add(op, op.pathTokens(), JsonTrees.copy(get(op, op.fromTokens())));
            case TEST -> test(op);
        }
    }

    private void add(PatchOperation op, List<String> tokens, JsonNode value) {
        if (tokens.isEmpty()) {
            root = value;
            return;
        }
        JsonNode parent = parentOf(op, tokens);
        String last = tokens.get(tokens.size() - 1);
        if (parent instanceof ObjectNode object) {
            object.set(last, value);
        } else if (parent instanceof ArrayNode array) {
            array.insert(index(op, array, tokens, tokens.size() - 1, true), value);
        } else {
            throw op.fail(cannotHold(parent, tokens, tokens.size() - 1));
        }
    }

    private JsonNode remove(PatchOperation op, List<String> tokens) {
        if (tokens.isEmpty()) {
            throw op.fail("the whole document cannot be removed (replace it instead)");
        }
        JsonNode parent = parentOf(op, tokens);
        String last = tokens.get(tokens.size() - 1);
        if (parent instanceof ObjectNode object) {
            JsonNode removed = object.remove(last);
            if (removed == null) {
                throw op.fail(noMember(tokens, tokens.size() - 1));
            }
            return removed;
        }
        if (parent instanceof ArrayNode array) {
            return array.remove(index(op, array, tokens, tokens.size() - 1, false));
        }
        throw op.fail(cannotHold(parent, tokens, tokens.size() - 1));
    }

    private void replace(PatchOperation op, List<String> tokens, JsonNode value) {
        if (tokens.isEmpty()) {
            root = value;
            return;
        }
        JsonNode parent = parentOf(op, tokens);
        String last = tokens.get(tokens.size() - 1);
        if (parent instanceof ObjectNode object) {
            if (!object.has(last)) {
                throw op.fail(noMember(tokens, tokens.size() - 1));
            }
            object.set(last, value);
        } else if (parent instanceof ArrayNode array) {
            array.set(index(op, array, tokens, tokens.size() - 1, false), value);
        } else {
            throw op.fail(cannotHold(parent, tokens, tokens.size() - 1));
        }
    }

    private void move(PatchOperation op) {
        List<String> from = op.fromTokens();
        List<String> path = op.pathTokens();
        if (from.equals(path)) {
            get(op, from);
            return;
        }
        if (path.size() > from.size() && path.subList(0, from.size()).equals(from)) {
            throw op.fail("cannot move a value into one of its own children");
        }
        add(op, path, remove(op, from));
    }

    private void test(PatchOperation op) {
        JsonNode actual = get(op, op.pathTokens());
        if (!JsonTrees.equal(actual, op.value(), JsonTrees.Equality.NUMERIC)) {
            throw op.fail("test failed: found " + JsonText.abbreviated(actual, VALUE_LIMIT)
                    + ", expected " + JsonText.abbreviated(op.value(), VALUE_LIMIT));
        }
    }

    private JsonNode get(PatchOperation op, List<String> tokens) {
        return walk(op, tokens, tokens.size());
    }

    private JsonNode parentOf(PatchOperation op, List<String> tokens) {
        return walk(op, tokens, tokens.size() - 1);
    }

    /** The value named by the first {@code depth} tokens, which must all exist. */
    private JsonNode walk(PatchOperation op, List<String> tokens, int depth) {
        JsonNode node = root;
        for (int i = 0; i < depth; i++) {
            if (node.isObject()) {
                JsonNode child = node.get(tokens.get(i));
                if (child == null) {
                    throw op.fail(noMember(tokens, i));
                }
                node = child;
            } else if (node.isArray()) {
                node = node.get(index(op, (ArrayNode) node, tokens, i, false));
            } else {
                throw op.fail(cannotHold(node, tokens, i));
            }
        }
        return node;
    }

    /** The array index named by token {@code i}; for {@code add}, the size and "-" are allowed. */
    private static int index(PatchOperation op, ArrayNode array, List<String> tokens, int i, boolean forAdd) {
        String token = tokens.get(i);
        String at = at(tokens, i);
        if (token.equals("-")) {
            if (forAdd) {
                return array.size();
            }
            throw op.fail("'-' at " + at + " names the position after the last item, which only add can use");
        }
        long index = JsonPointers.arrayIndex(token);
        if (index < 0) {
            String why = JsonPointers.allDigits(token) ? " has a leading zero" : " is not an array index";
            throw op.fail("'" + token + "' at " + at + why + " (expected 0, a positive integer without leading zeros"
                    + (forAdd ? ", or '-')" : ")"));
        }
        long last = forAdd ? array.size() : array.size() - 1L;
        if (index > last) {
            throw op.fail("index " + token + " at " + at + " is out of range: the array has " + array.size()
                    + (array.size() == 1 ? " item" : " items") + (forAdd ? " (add accepts 0 to " + last + " or '-')" : ""));
        }
        return (int) index;
    }

    private static String noMember(List<String> tokens, int i) {
        return "no member '" + tokens.get(i) + "' at " + at(tokens, i);
    }

    private static String cannotHold(JsonNode node, List<String> tokens, int i) {
        return at(tokens, i) + " holds " + JsonTrees.jsonType(node) + ", which has no member '" + tokens.get(i) + "'";
    }

    /** The location of the container that token {@code i} looks into, for messages. */
    private static String at(List<String> tokens, int i) {
        return i == 0 ? "the document root" : JsonPointers.format(tokens.subList(0, i));
    }
}
