package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.upshift.diff.rule.ListType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How the API server keys the lists of the kinds it knows, read from a table of list declarations
 * ({@link BuiltInListTable}) into a tree per kind that the merge walks alongside a document. Nodes
 * of shared types (a pod spec, object metadata) are shared. Immutable once built. Not API.
 *
 * <p>The table is line based. {@code source NAME} names where the following lines come from;
 * {@code kind APIVERSION KIND TYPE} gives a kind's root type; {@code TYPE PATH TYPE2} says the
 * field at {@code PATH} holds a {@code TYPE2}; {@code TYPE PATH atomic|set [unique=F+...]...} and
 * {@code TYPE PATH map KEY[=DEFAULT],... [unique=F+...]... [ITEMTYPE]} declare a list. A path is
 * one field or dotted fields, {@code [*]} standing for the items of a list declared on an earlier
 * line. {@code unique=name} says the list's validation rules allow one item per {@code name}
 * (Cluster API's {@code self.all(x, self.exists_one(y, x.name == y.name))}); {@code F+G} is a
 * combination of fields. A map list whose declared keys include such a combination is keyed by it
 * alone: two items that agree on it are the same item, whatever else they hold.
 */
@API(status = INTERNAL, since = "0.1")
public final class ListSchema {
    /** No built-in lists at all. */
    public static final ListSchema NONE = new ListSchema(Map.of(), List.of());

    /**
     * What the table declares for one list.
     *
     * @param type map, set or atomic
     * @param keys the key fields of a map list
     * @param keyDefaults the value of a key field an item leaves out (the API server's default)
     * @param unique the combinations of fields the list's validation says no two items share
     * @param source where the declaration comes from, for explanations ({@code Kubernetes 1.36: core.v1.Container.ports})
     */
    public record Spec(ListType type, List<String> keys, Map<String, JsonNode> keyDefaults, List<List<String>> unique,
            String source) {
        /** Copies the parts. */
        public Spec {
            keys = List.copyOf(keys);
            unique = unique.stream().map(List::copyOf).toList();
        }

        /** The source, and when the keys are a combination the validation makes unique, that it does. */
        public String explanation() {
            return type == ListType.MAP && unique.contains(keys)
                    ? source + ", whose validation allows one item per " + String.join(" and ", keys) : source;
        }
    }

    /** The declarations at one place of a kind's documents. */
    public static final class Node {
        private final Map<String, Node> fields = new HashMap<>();
        private Node items;
        private Spec list;

        /** The node of a field below this one; null when the table knows nothing there. */
        public Node field(String name) {
            return fields.get(name);
        }

        /** The node of this list's items; null when the table knows nothing there. */
        public Node items() {
            return items;
        }

        /** The declaration of the list at this node, if it is one. */
        public Optional<Spec> list() {
            return Optional.ofNullable(list);
        }
    }

    private final Map<String, Node> kinds;
    private final List<String> sources;

    private ListSchema(Map<String, Node> kinds, List<String> sources) {
        this.kinds = kinds;
        this.sources = sources;
    }

    /** The bundled tables: Kubernetes' built-in kinds and Cluster API's. */
    public static ListSchema builtIn() {
        return Bundled.SCHEMA;
    }

    private static final class Bundled {
        static final ListSchema SCHEMA = parse(BuiltInListTable.KUBERNETES + BuiltInListTable.CLUSTER_API);
    }

    /** The root node of a kind's documents; null when the table does not know the kind. */
    public Node root(String apiVersion, String kind) {
        return kinds.get(apiVersion + " " + kind);
    }

    /** The names of the sources ({@code Kubernetes 1.36}), in table order. */
    public List<String> sources() {
        return sources;
    }

    /** The {@code apiVersion kind} pairs the table knows, sorted. */
    public List<String> kinds() {
        List<String> out = new ArrayList<>(kinds.keySet());
        Collections.sort(out);
        return out;
    }

    /**
     * Reads a table.
     *
     * @throws IllegalArgumentException naming the line, for a malformed line, a type used but never
     *     described, or two declarations of the same place
     */
    public static ListSchema parse(String table) {
        return new Reader().read(table);
    }

    private static final class Reader {
        private final Map<String, Node> types = new HashMap<>();
        private final Map<String, Integer> usedAt = new LinkedHashMap<>();
        private final Map<String, Node> kinds = new LinkedHashMap<>();
        private final List<String> sources = new ArrayList<>();
        private String source = "";
        private int lineNo;

        ListSchema read(String table) {
            for (String raw : table.split("\n", -1)) {
                lineNo++;
                String line = raw.strip();
                if (!line.isEmpty() && !line.startsWith("#")) {
                    line(line.split("\\s+"));
                }
            }
            usedAt.forEach((type, at) -> {
                if (!types.containsKey(type) || types.get(type).fields.isEmpty()) {
                    throw new IllegalArgumentException("line " + at + ": type " + type + " is used but never described");
                }
            });
            return new ListSchema(Map.copyOf(kinds), List.copyOf(sources));
        }

        private void line(String[] t) {
            if (t[0].equals("source")) {
                source = String.join(" ", List.of(t).subList(1, t.length));
                sources.add(source);
                return;
            }
            if (t[0].equals("kind")) {
                expect(t.length == 4, "kind APIVERSION KIND TYPE");
                expect(kinds.put(t[1] + " " + t[2], use(t[3])) == null, "a second line for kind " + t[1] + " " + t[2]);
                return;
            }
            expect(t.length >= 3, "TYPE PATH (TYPE | atomic | set | map KEYS [TYPE])");
            Node owner = types.computeIfAbsent(t[0], k -> new Node());
            List<String> steps = List.of(t[1].split("\\."));
            Node parent = walk(owner, steps.subList(0, steps.size() - 1));
            String last = steps.get(steps.size() - 1);
            String where = source + ": " + t[0] + "." + t[1];
            switch (t[2]) {
                case "atomic", "set" -> {
                    List<List<String>> unique = unique(t, 3);
                    expect(t.length == 3 + unique.size(), "nothing after " + t[2] + " but unique=FIELDS");
                    ListType type = t[2].equals("set") ? ListType.SET : ListType.ATOMIC;
                    declare(parent, last).list = new Spec(type, List.of(), Map.of(), unique, where);
                }
                case "map" -> {
                    expect(t.length >= 4, "map KEY[=DEFAULT],... [unique=FIELDS]... [ITEMTYPE]");
                    List<List<String>> unique = unique(t, 4);
                    int rest = 4 + unique.size();
                    expect(t.length == rest || t.length == rest + 1, "map KEY[=DEFAULT],... [unique=FIELDS]... [ITEMTYPE]");
                    Node list = declare(parent, last);
                    List<String> keys = new ArrayList<>();
                    Map<String, JsonNode> defaults = new LinkedHashMap<>();
                    for (String k : t[3].split(",")) {
                        int eq = k.indexOf('=');
                        keys.add(eq < 0 ? k : k.substring(0, eq));
                        if (eq >= 0) {
                            defaults.put(k.substring(0, eq), TextNode.valueOf(k.substring(eq + 1)));
                        }
                    }
                    list.list = mapSpec(keys, defaults, unique, where);
                    if (t.length == rest + 1) {
                        list.items = use(t[rest]);
                    }
                }
                default -> {
                    expect(t.length == 3 && !parent.fields.containsKey(last), "one declaration of " + t[1]);
                    parent.fields.put(last, use(t[2]));
                }
            }
        }

        /** The {@code unique=F+G} tokens from position {@code from} on, up to the first other token. */
        private List<List<String>> unique(String[] t, int from) {
            List<List<String>> out = new ArrayList<>();
            for (int i = from; i < t.length && t[i].startsWith("unique="); i++) {
                List<String> fields = List.of(t[i].substring("unique=".length()).split("\\+"));
                expect(fields.stream().noneMatch(String::isEmpty), "unique=FIELD[+FIELD]...");
                out.add(fields);
            }
            return out;
        }

        /**
         * A map list's declaration. When the validation makes a part of the declared keys unique,
         * that part is the key: Cluster API declares {@code extraArgs} keyed by name and value but
         * allows one item per name, so a flag whose value changed is one item that changed, not an
         * item removed and another added (which would leave two items with one name).
         */
        private static Spec mapSpec(List<String> declared, Map<String, JsonNode> defaults, List<List<String>> unique,
                String where) {
            List<String> keys = declared;
            for (List<String> u : unique) {
                if (declared.containsAll(u) && u.size() < keys.size()) {
                    keys = u;
                }
            }
            if (keys == declared) {
                return new Spec(ListType.MAP, keys, Collections.unmodifiableMap(defaults), unique, where);
            }
            Map<String, JsonNode> kept = new LinkedHashMap<>(defaults);
            kept.keySet().retainAll(keys);
            return new Spec(ListType.MAP, keys, Collections.unmodifiableMap(kept), unique, where);
        }

        /** Walks (creating) the intermediate fields and items of a dotted path. */
        private Node walk(Node from, List<String> steps) {
            Node node = from;
            for (String step : steps) {
                boolean items = step.endsWith("[*]");
                String field = items ? step.substring(0, step.length() - 3) : step;
                node = node.fields.computeIfAbsent(field, k -> new Node());
                if (items) {
                    expect(node.list != null, "a list declared before its items (" + field + ")");
                    if (node.items == null) {
                        node.items = new Node();
                    }
                    node = node.items;
                }
            }
            return node;
        }

        private Node declare(Node parent, String field) {
            Node node = parent.fields.computeIfAbsent(field, k -> new Node());
            expect(node.list == null, "one declaration of the list " + field);
            return node;
        }

        private Node use(String type) {
            usedAt.putIfAbsent(type, lineNo);
            return types.computeIfAbsent(type, k -> new Node());
        }

        private void expect(boolean ok, String what) {
            if (!ok) {
                throw new IllegalArgumentException("line " + lineNo + ": expected " + what);
            }
        }
    }
}
