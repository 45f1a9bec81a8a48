package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A release's {@code spec.defaults}, and how they become the base and target documents of a
 * three-way merge when no renderer's dry-run output is at hand.
 *
 * <h2>Rendering defaults over a cluster</h2>
 * {@link #applyTo} turns the cluster's documents into what this release puts on them: for each
 * cluster document that at least one defaults item matches, a document holding only the
 * cluster document's identity ({@code apiVersion}, {@code kind}, {@code metadata.name},
 * {@code metadata.namespace}) with the {@code values} of every matching item deep-merged over it in
 * declaration order (mappings merge key by key; any other value, lists included, replaces what an
 * earlier item set). Cluster documents that no item matches are left out. So for an upgrade from
 * release x to y: B = x's defaults applied to the cluster, T = y's defaults applied to the cluster,
 * C = the cluster. A field no release ever defaults is only in C and is kept; a default the new
 * release adds fills empty fields; a field the user set that a release now defaults differently is
 * a conflict.
 *
 * <p>Defaults never create documents that the cluster does not have (they have no identity of their
 * own); a renderer's dry-run output is the way to add documents.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DocumentDefaults {
    private static final DocumentDefaults NONE = new DocumentDefaults(List.of());
    private final List<DefaultsRule> rules;

    private DocumentDefaults(List<DefaultsRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** No defaults. */
    public static DocumentDefaults none() {
        return NONE;
    }

    /** Defaults in declaration order (later items override earlier ones). */
    public static DocumentDefaults of(List<DefaultsRule> rules) {
        return new DocumentDefaults(rules);
    }

    /** The items, in declaration order. */
    public List<DefaultsRule> rules() {
        return rules;
    }

    /** Whether there are no items. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * These defaults followed by {@code later}, whose items apply after (and so override) these:
     * a release's defaults and then a cluster's own values.
     */
    public DocumentDefaults then(DocumentDefaults later) {
        if (later.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return later;
        }
        List<DefaultsRule> all = new ArrayList<>(rules);
        all.addAll(later.rules);
        return new DocumentDefaults(all);
    }

    /** Defaults are equal when their items are, in the same order. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DocumentDefaults d && rules.equals(d.rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    /** The documents these defaults put on the cluster, named {@code defaults} in problems. */
    public DocumentSet applyTo(DocumentSet cluster) {
        return applyTo(cluster, "defaults");
    }

    /**
     * The documents these defaults put on the cluster (see the class description).
     *
     * @param cluster the cluster's documents
     * @param sourceName the name the rendered documents carry ({@code release 20.1.0 defaults})
     * @throws InputException when an item's {@code apiVersion} moves a document to another API group
     */
    public DocumentSet applyTo(DocumentSet cluster, String sourceName) {
        return applyTo(cluster, sourceName, none());
    }

    /**
     * The documents these defaults put on the cluster, and at every field {@code asFound} sets, the
     * value the cluster has there now (the field absent where the cluster lacks it): the base of a
     * three-way merge in which those fields count as never customised, so that the target's value
     * there is applied and never reported as a conflict with a baseline nobody recorded. A
     * cluster's own values are such defaults: with them as {@code asFound} in the base, and the
     * release's defaults followed by the values as the target, the values are applied whether or
     * not the release sets the same fields.
     *
     * @param cluster the cluster's documents
     * @param sourceName the name the rendered documents carry
     * @param asFound the defaults whose fields take the cluster's current values
     * @throws InputException when an item's {@code apiVersion} moves a document to another API group
     */
    public DocumentSet applyTo(DocumentSet cluster, String sourceName, DocumentDefaults asFound) {
        Objects.requireNonNull(sourceName, "sourceName");
        Objects.requireNonNull(asFound, "asFound");
        List<Document> out = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Document doc : cluster.documents()) {
            ObjectNode tree = null;
            for (DefaultsRule rule : rules) {
                if (rule.match().matches(doc)) {
                    tree = tree == null ? skeleton(doc) : tree;
                    deepMerge(tree, rule.values());
                    JsonNode version = tree.get("apiVersion");
                    if (!version.isTextual() || !DocumentId.groupOf(version.asText()).equals(doc.id().group())) {
                        problems.add(Problem.error(rule.location(), "values.apiVersion", "moves " + doc.id()
                                + " to " + JsonTrees.describe(version) + ", outside its API group"));
                        tree.put("apiVersion", doc.apiVersion());
                    }
                }
            }
            for (DefaultsRule rule : asFound.rules) {
                if (rule.match().matches(doc)) {
                    tree = tree == null ? skeleton(doc) : tree;
                    keepCurrent(tree, rule.values(), doc.tree());
                }
            }
            if (tree != null) {
                SourceDocument source = SourceDocument.of(sourceName, out.size(), tree);
                out.add(new Document(doc.id(), tree.get("apiVersion").asText(), tree, source, ""));
            }
        }
        if (!problems.isEmpty()) {
            throw new InputException(problems);
        }
        return DocumentSet.ofBoundedDocuments(out);
    }

    private static ObjectNode skeleton(Document doc) {
        ObjectNode tree = JsonTrees.NODES.objectNode();
        tree.put("apiVersion", doc.apiVersion());
        tree.put("kind", doc.id().kind());
        ObjectNode metadata = tree.putObject("metadata");
        metadata.put("name", doc.id().name());
        if (!doc.id().namespace().isEmpty()) {
            metadata.put("namespace", doc.id().namespace());
        }
        return tree;
    }

    /** At every leaf {@code values} sets, puts what {@code current} has there, or removes the field. */
    private static void keepCurrent(ObjectNode into, JsonNode values, JsonNode current) {
        for (Iterator<Map.Entry<String, JsonNode>> it = values.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode now = current instanceof ObjectNode c ? c.get(key) : null;
            if (e.getValue().isObject() && now instanceof ObjectNode) {
                JsonNode existing = into.get(key);
                ObjectNode child = existing instanceof ObjectNode o ? o : into.putObject(key);
                keepCurrent(child, e.getValue(), now);
            } else if (now == null) {
                into.remove(key);
            } else {
                into.set(key, JsonTrees.copy(now));
            }
        }
    }

    /** Merges values into a tree this class owns; values are copied, never shared. */
    private static void deepMerge(ObjectNode into, JsonNode values) {
        for (Iterator<Map.Entry<String, JsonNode>> it = values.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode existing = into.get(e.getKey());
            if (existing instanceof ObjectNode o && e.getValue().isObject()) {
                deepMerge(o, e.getValue());
            } else {
                into.set(e.getKey(), JsonTrees.copy(e.getValue()));
            }
        }
    }

    @Override
    public String toString() {
        return rules.toString();
    }
}
