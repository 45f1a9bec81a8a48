package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PathText;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.ListType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How the items of one list are told apart: the list type (from a rule, else the built-in table,
 * else the {@code name} field), and indexing of items by key, with key defaults filling key fields
 * an item leaves out.
 */
final class ListItems {
    private static final List<String> DEFAULT_KEYS = List.of("name");

    private ListItems() {}

    /**
     * How a list is matched.
     *
     * @param type map, set or atomic
     * @param keys the key fields of a map list
     * @param defaults the value of a key field an item leaves out
     * @param decidedBy what decided
     * @param rule the rule that said so, for {@link ListDecision.DecidedBy#RULE}
     * @param explanation the decision's source in words
     */
    record Kind(ListType type, List<String> keys, Map<String, JsonNode> defaults, ListDecision.DecidedBy decidedBy,
            Optional<FieldRule> rule, String explanation) {
        static Kind atomic(ListDecision.DecidedBy by, String explanation) {
            return new Kind(ListType.ATOMIC, List.of(), Map.of(), by, Optional.empty(), explanation);
        }
    }

    /** An item that cannot be indexed: its position in the list and what is wrong with it. */
    record BadItem(int index, String message) {}

    /**
     * The rule's list type if one sets it; else the built-in table's declaration, when the given
     * lists' items fit it (when they do not, for instance two {@code env} entries with the same name,
     * the list is compared whole, as before there was a table); else a map keyed by {@code name} when
     * every item of the given lists is a mapping with a scalar {@code name} unique within its list;
     * otherwise atomic.
     */
    static Kind kind(FieldPolicy p, JsonNode b, JsonNode c, JsonNode t) {
        Optional<ListType> ruled = p.listType();
        if (ruled.isPresent()) {
            List<String> keys = ruled.get() == ListType.MAP && p.listKeys().isEmpty() ? DEFAULT_KEYS : p.listKeys();
            Optional<FieldRule> rule = p.listRule();
            return new Kind(ruled.get(), keys, p.keyDefaults(), ListDecision.DecidedBy.RULE, rule,
                    "rule " + rule.map(FieldRule::describe).orElse(""));
        }
        Optional<ListSchema.Spec> builtIn = p.builtInList();
        if (builtIn.isPresent()) {
            ListSchema.Spec spec = builtIn.get();
            Kind kind = new Kind(spec.type(), spec.keys(), spec.keyDefaults(), ListDecision.DecidedBy.BUILT_IN,
                    Optional.empty(), spec.explanation());
            String[] sides = {"base", "current", "target"};
            JsonNode[] lists = {b, c, t};
            for (int i = 0; i < lists.length; i++) {
                String[] misfit = new String[1];
                if (lists[i] != null && kind.type() != ListType.ATOMIC
                        && index(kind, lists[i], p, bad -> misfit[0] = bad.message()).isEmpty()) {
                    return Kind.atomic(ListDecision.DecidedBy.BUILT_IN, spec.source() + " matches it "
                            + (kind.type() == ListType.SET ? "as a set" : "by " + String.join(", ", kind.keys()))
                            + ", but in the " + sides[i] + " document " + misfit[0] + "; compared as one value");
                }
            }
            return kind;
        }
        int items = 0;
        for (JsonNode list : new JsonNode[] {b, c, t}) {
            if (list == null) {
                continue;
            }
            Set<JsonNode> names = new HashSet<>();
            for (JsonNode item : list) {
                JsonNode name = item.get("name");
                if (!item.isObject() || name == null || !name.isValueNode() || name.isNull()
                        || !names.add(JsonTrees.normalize(name))) {
                    return Kind.atomic(ListDecision.DecidedBy.NO_KEY,
                            "no rule or built-in entry, and not every item is a mapping with a unique name");
                }
                items++;
            }
        }
        return items == 0 ? Kind.atomic(ListDecision.DecidedBy.NO_KEY, "no rule or built-in entry, and no items")
                : new Kind(ListType.MAP, DEFAULT_KEYS, Map.of(), ListDecision.DecidedBy.NAME_FIELD, Optional.empty(),
                        "every item is a mapping with a unique name");
    }

    /**
     * The items of a list by their path element, in list order; empty, after handing the first
     * offending item to {@code onBad}, when an item is not a mapping (map lists), lacks a key field
     * that has no default or has a non-scalar one, or repeats a key or value. The message shows no
     * sensitive value: {@code p}, the rules at the list, says which.
     */
    static Optional<Map<PathElement, JsonNode>> index(Kind kind, JsonNode list, FieldPolicy p, Consumer<BadItem> onBad) {
        Map<PathElement, JsonNode> out = new LinkedHashMap<>();
        if (list == null) {
            return Optional.of(out);
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode item = list.get(i);
            JsonNode shown = p.sensitive() || p.sensitiveBelow() ? Masking.mask(p.child(new PathElement.Index(i)), item) : item;
            Optional<String> problem = kind.type() == ListType.SET ? Optional.empty() : keyProblem(kind, shown, i);
            if (problem.isPresent()) {
                onBad.accept(new BadItem(i, problem.get()));
                return Optional.empty();
            }
            PathElement e = kind.type() == ListType.SET ? new PathElement.Value(item) : key(kind, item);
            JsonNode first = out.putIfAbsent(e, item);
            if (first != null) {
                int at = new ArrayList<>(out.keySet()).indexOf(e);
                String rendered = PathText.render(Masking.shownElement(p.child(e), e));
                onBad.accept(new BadItem(i, (kind.type() == ListType.SET
                        ? "the set holds " + rendered.substring(2, rendered.length() - 1) + " twice"
                        : "two items have the key " + rendered) + " (items " + at + " and " + i + ")"));
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }

    /** Why an item of a map list has no key, if it has none. */
    private static Optional<String> keyProblem(Kind kind, JsonNode item, int i) {
        if (!item.isObject()) {
            return Optional.of("item " + i + " is " + JsonTrees.describe(item)
                    + ", but this list is keyed by " + String.join(", ", kind.keys()) + " and needs mappings");
        }
        for (String k : kind.keys()) {
            JsonNode v = item.get(k);
            if ((v == null || v.isNull()) && !kind.defaults().containsKey(k)) {
                return Optional.of("item " + i + " has no key field '" + k + "' (this list is keyed by "
                        + String.join(", ", kind.keys()) + ")");
            }
            if (v != null && !v.isNull() && !v.isValueNode()) {
                return Optional.of("item " + i + " has " + JsonTrees.describe(v) + " as key field '"
                        + k + "'; keys must be text, numbers or booleans");
            }
        }
        return Optional.empty();
    }

    /** The key of an item that has one ({@link #keyProblem} found nothing), key defaults filling in. */
    private static PathElement key(Kind kind, JsonNode item) {
        List<JsonNode> values = new ArrayList<>(kind.keys().size());
        for (String k : kind.keys()) {
            JsonNode v = item.get(k);
            values.add(v == null || v.isNull() ? kind.defaults().get(k) : v);
        }
        return new PathElement.Key(kind.keys(), values);
    }

    /** The path element of an item for walking a list whose items may be unkeyable; empty for those. */
    static Optional<PathElement> elementOf(Kind kind, JsonNode item) {
        if (kind.type() == ListType.SET) {
            return Optional.of(new PathElement.Value(item));
        }
        if (kind.type() == ListType.ATOMIC || keyProblem(kind, item, 0).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(key(kind, item));
    }

    /** The index of the item a key or value selects in a list, key defaults filling in; -1 when none does. */
    static int indexOf(Kind kind, JsonNode list, PathElement e) {
        for (int i = 0; i < list.size(); i++) {
            if (elementOf(kind, list.get(i)).filter(e::equals).isPresent()) {
                return i;
            }
        }
        return -1;
    }
}
