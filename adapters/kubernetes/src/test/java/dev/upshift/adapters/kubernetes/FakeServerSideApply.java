package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the mock server cannot do, modelled: server-side apply with field ownership, dry-run, and
 * admission. Objects live in the mock server (so reads see them); who owns which field lives here.
 *
 * <p>The model, and where it is simpler than Kubernetes (docs/adapters.md says so too): a field is a
 * path to a value that is not an object; lists are atomic (one field; Kubernetes merges lists with a
 * map key item by item); an apply that changes a field another manager owns is a conflict unless
 * forced; an unchanged field becomes shared; a field the manager applied before and applies no more is
 * removed when nobody else owns it; admission sees the object before and after, and may deny.
 */
final class FakeServerSideApply implements ServerSideApply {
    private final ManagementCluster store;
    private final Map<String, Map<List<String>, Set<String>>> owners = new TreeMap<>();
    private final Map<String, Admission> admissions = new LinkedHashMap<>();
    private boolean unreachable;
    int writes;
    int dryRuns;

    /** A validating or mutating admission webhook: denies with a message, or changes the object. */
    @FunctionalInterface
    interface Admission {
        Optional<String> review(Optional<ObjectNode> before, ObjectNode after);
    }

    FakeServerSideApply(ManagementCluster store) {
        this.store = store;
    }

    /** Records that a manager owns a field of a stored object (as it would after its own apply). */
    FakeServerSideApply owns(String kind, String name, String manager, String... path) {
        owners.computeIfAbsent(key(kind, "default", name), k -> new TreeMap<>(FakeServerSideApply::compare))
                .computeIfAbsent(List.of(path), p -> new TreeSet<>()).add(manager);
        return this;
    }

    FakeServerSideApply admission(String webhook, Admission review) {
        admissions.put(webhook, review);
        return this;
    }

    void unreachable() {
        unreachable = true;
    }

    @Override
    public ApplyResult apply(ObjectNode object, ApplyOptions options) {
        if (unreachable) {
            throw new KubernetesClientException("Failed to connect to the API server: connection refused");
        }
        String kind = Trees.text(object, "kind");
        String namespace = Trees.text(object, "metadata", "namespace");
        String name = Trees.text(object, "metadata", "name");
        Optional<ObjectNode> live = store.get(Trees.text(object, "apiVersion"), kind, namespace, name);
        Map<List<String>, JsonNode> applied = new TreeMap<>(FakeServerSideApply::compare);
        leaves(object, new ArrayList<>(), applied);
        Map<List<String>, Set<String>> owned = owners.computeIfAbsent(key(kind, namespace, name),
                k -> new TreeMap<>(FakeServerSideApply::compare));
        List<FieldConflict> conflicts = new ArrayList<>();
        applied.forEach((path, value) -> {
            JsonNode now = live.map(l -> at(l, path)).orElse(null);
            if (now != null && !now.equals(value)) {
                for (String m : owned.getOrDefault(path, Set.of())) {
                    if (!m.equals(options.fieldManager())) {
                        conflicts.add(new FieldConflict(dotted(path), m));
                    }
                }
            }
        });
        if (!conflicts.isEmpty() && !options.force()) {
            return new ApplyResult.Conflicted(conflicts, "Apply failed with " + conflicts.size() + " conflict"
                    + (conflicts.size() == 1 ? "" : "s") + ": " + String.join(", ", conflicts.stream()
                            .map(c -> "conflict with \"" + c.manager() + "\": " + c.field()).toList()));
        }
        ObjectNode merged = live.map(ObjectNode::deepCopy).orElseGet(() -> identity(object));
        applied.forEach((path, value) -> put(merged, path, value.deepCopy()));
        List<List<String>> dropped = new ArrayList<>();
        owned.forEach((path, managers) -> {
            if (managers.equals(Set.of(options.fieldManager())) && !applied.containsKey(path)) {
                dropped.add(path);
                remove(merged, path);
            }
        });
        for (Map.Entry<String, Admission> a : admissions.entrySet()) {
            Optional<String> denied = a.getValue().review(live, merged);
            if (denied.isPresent()) {
                return new ApplyResult.Refused("admission webhook \"" + a.getKey() + "\" denied the request: "
                        + denied.get());
            }
        }
        if (options.dryRun()) {
            dryRuns++;
            return new ApplyResult.Applied(merged);
        }
        writes++;
        applied.forEach((path, value) -> {
            JsonNode before = live.map(l -> at(l, path)).orElse(null);
            Set<String> managers = owned.computeIfAbsent(path, p -> new TreeSet<>());
            if (options.force() || before == null || !before.equals(value)) {
                managers.clear();
            }
            managers.add(options.fieldManager());
        });
        dropped.forEach(owned::remove);
        if (live.isPresent()) {
            store.client.genericKubernetesResources(KubeObjects.context(Trees.text(object, "apiVersion"), kind))
                    .inNamespace(namespace).resource(store.objects.resource(merged)).update();
        } else {
            store.create(merged);
        }
        return new ApplyResult.Applied(store.get(Trees.text(object, "apiVersion"), kind, namespace, name).orElseThrow());
    }

    /** The fields a manager owns of an object, dotted as the API server names them. */
    List<String> fieldsOf(String kind, String name, String manager) {
        List<String> out = new ArrayList<>();
        owners.getOrDefault(key(kind, "default", name), Map.of()).forEach((path, managers) -> {
            if (managers.contains(manager)) {
                out.add(dotted(path));
            }
        });
        return out;
    }

    private static ObjectNode identity(ObjectNode object) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("apiVersion", Trees.text(object, "apiVersion"));
        o.put("kind", Trees.text(object, "kind"));
        ObjectNode metadata = o.putObject("metadata");
        metadata.put("name", Trees.text(object, "metadata", "name"));
        metadata.put("namespace", Trees.text(object, "metadata", "namespace"));
        return o;
    }

    private static void leaves(JsonNode node, List<String> path, Map<List<String>, JsonNode> out) {
        if (node.isObject() && !node.isEmpty()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                List<String> p = new ArrayList<>(path);
                p.add(f.getKey());
                if (!isIdentity(p)) {
                    leaves(f.getValue(), p, out);
                }
            }
        } else if (!path.isEmpty()) {
            out.put(List.copyOf(path), node);
        }
    }

    private static boolean isIdentity(List<String> p) {
        return p.equals(List.of("apiVersion")) || p.equals(List.of("kind")) || p.equals(List.of("metadata", "name"))
                || p.equals(List.of("metadata", "namespace"));
    }

    private static JsonNode at(JsonNode node, List<String> path) {
        JsonNode n = node;
        for (String p : path) {
            n = n == null ? null : n.get(p);
        }
        return n;
    }

    private static void put(ObjectNode root, List<String> path, JsonNode value) {
        ObjectNode o = root;
        for (String p : path.subList(0, path.size() - 1)) {
            o = o.get(p) instanceof ObjectNode next ? next : o.putObject(p);
        }
        o.set(path.get(path.size() - 1), value);
    }

    private static void remove(ObjectNode root, List<String> path) {
        JsonNode parent = at(root, path.subList(0, path.size() - 1));
        if (parent instanceof ObjectNode o) {
            o.remove(path.get(path.size() - 1));
        }
    }

    private static String dotted(List<String> path) {
        return "." + String.join(".", path);
    }

    private static String key(String kind, String namespace, String name) {
        return kind + "/" + namespace + "/" + name;
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("\u0000", a).compareTo(String.join("\u0000", b));
    }
}
