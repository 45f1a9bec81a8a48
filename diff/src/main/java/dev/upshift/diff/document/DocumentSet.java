package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonTrees;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Kubernetes documents keyed by {@link DocumentId}, in identity order.
 *
 * <p>Reading a set:
 * <ul>
 *   <li>flattens {@code kind: List} documents into their {@code items};
 *   <li>requires {@code apiVersion}, {@code kind} and a non-empty {@code metadata.name} on every
 *       document, and rejects a second document with the same identity, naming both places;
 *   <li>strips server noise: {@code status}, and under {@code metadata}: {@code managedFields},
 *       {@code resourceVersion}, {@code uid}, {@code generation}, {@code creationTimestamp},
 *       {@code selfLink} and the annotation {@code kubectl.kubernetes.io/last-applied-configuration}
 *       (the {@code annotations} mapping goes too when nothing else is left in it);
 *   <li>rejects trees nested deeper than {@link #MAX_DEPTH} levels, so that everything built on a
 *       set (merge, renderings) is safe from stack exhaustion whatever built the trees.
 * </ul>
 * Sets are immutable; their trees are shared with what they were read from, never copied, and
 * nobody may change them (see {@link Document} for the rule).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DocumentSet {
    /** The deepest nesting a document may have (the loader's default limit is 128). */
    public static final int MAX_DEPTH = 256;

    private static final DocumentSet EMPTY = new DocumentSet(new TreeMap<>());
    private final Map<DocumentId, Document> documents;

    private DocumentSet(TreeMap<DocumentId, Document> documents) {
        this.documents = Collections.unmodifiableMap(documents);
    }

    /** The empty set. */
    public static DocumentSet empty() {
        return EMPTY;
    }

    /** Kinds the API server keeps outside namespaces, by {@code group/kind} ({@code /Namespace} for the core group). */
    private static final Set<String> CLUSTER_SCOPED = Set.of("/Namespace", "/Node", "/PersistentVolume",
            "/ComponentStatus", "rbac.authorization.k8s.io/ClusterRole", "rbac.authorization.k8s.io/ClusterRoleBinding",
            "apiextensions.k8s.io/CustomResourceDefinition", "apiregistration.k8s.io/APIService",
            "storage.k8s.io/StorageClass", "storage.k8s.io/CSIDriver", "storage.k8s.io/CSINode",
            "storage.k8s.io/VolumeAttachment", "scheduling.k8s.io/PriorityClass", "node.k8s.io/RuntimeClass",
            "networking.k8s.io/IngressClass", "networking.k8s.io/IPAddress", "networking.k8s.io/ServiceCIDR",
            "admissionregistration.k8s.io/MutatingWebhookConfiguration",
            "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
            "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
            "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
            "certificates.k8s.io/CertificateSigningRequest", "flowcontrol.apiserver.k8s.io/FlowSchema",
            "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration", "cert-manager.io/ClusterIssuer");

    /**
     * This set with {@code namespace} given to every document that has none and is of a namespaced
     * kind, as {@code kubectl -n} does for rendered manifests that leave {@code metadata.namespace}
     * out ({@code helm template}, kustomize). A kind is taken as cluster-scoped when Kubernetes
     * keeps it outside namespaces (Namespace, ClusterRole, CustomResourceDefinition, ...), or when
     * {@code cluster} holds a document of its group and kind without a namespace and none with one;
     * every other kind is namespaced. Documents that name a namespace keep it.
     *
     * @param cluster the cluster's documents, as evidence of which kinds are cluster-scoped
     * @throws IllegalArgumentException when the namespace is empty, or when a document given the
     *     namespace then has the identity of another document of this set
     */
    public DocumentSet withDefaultNamespace(String namespace, DocumentSet cluster) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(cluster, "cluster");
        if (namespace.isEmpty()) {
            throw new IllegalArgumentException("the default namespace must not be empty");
        }
        TreeMap<DocumentId, Document> out = new TreeMap<>();
        Map<DocumentId, Document> originals = new java.util.HashMap<>();
        for (Document d : documents.values()) {
            DocumentId id = d.id();
            Document moved = d;
            if (id.namespace().isEmpty() && !clusterScoped(id, cluster)) {
                ObjectNode tree = d.tree().deepCopy();
                ((ObjectNode) tree.get("metadata")).put("namespace", namespace);
                moved = new Document(new DocumentId(id.group(), id.kind(), namespace, id.name()), d.apiVersion(), tree,
                        d.source(), d.sourcePointer());
            }
            Document before = originals.put(moved.id(), d);
            if (before != null) {
                throw new IllegalArgumentException("with the default namespace " + namespace + ", " + before.displayName()
                        + " and " + d.displayName() + " have the same identity");
            }
            out.put(moved.id(), moved);
        }
        return new DocumentSet(out);
    }

    private static boolean clusterScoped(DocumentId id, DocumentSet cluster) {
        if (CLUSTER_SCOPED.contains(id.group() + "/" + id.kind())) {
            return true;
        }
        boolean without = false;
        for (DocumentId other : cluster.ids()) {
            if (other.group().equals(id.group()) && other.kind().equals(id.kind())) {
                if (!other.namespace().isEmpty()) {
                    return false;
                }
                without = true;
            }
        }
        return without;
    }

    /**
     * Reads loaded documents.
     *
     * @throws InputException listing every problem (with file, line and column)
     */
    public static DocumentSet read(List<SourceDocument> sources) {
        Problems problems = new Problems();
        DocumentSet set = read(sources, problems);
        problems.throwIfErrors();
        return set;
    }

    /** Reads loaded documents, recording problems and leaving out the documents they concern. */
    public static DocumentSet read(List<SourceDocument> sources, Problems problems) {
        TreeMap<DocumentId, Document> out = new TreeMap<>();
        for (SourceDocument source : sources) {
            ObjectNode root = source.root();
            if ("List".equals(text(root.get("kind"))) && root.has("items")) {
                readItems(source, "/items", "items", problems, out);
            } else {
                readOne(source, root, "", "", problems, out);
            }
        }
        return new DocumentSet(out);
    }

    /**
     * Reads the Kubernetes documents listed inside a loaded document, such as the
     * {@code spec.resources} of a {@code ManagedCluster}: each item of the list at
     * {@code listPointer} is one document, read as {@link #read(List, Problems)} reads a document,
     * and problems name the item by its place ({@code spec.resources[2].metadata.name}) and its
     * position in the source.
     *
     * @param source the loaded document holding the list
     * @param listPointer the RFC 6901 pointer of the list ({@code /spec/resources})
     * @param listField the list's dotted path, for messages ({@code spec.resources})
     * @param problems where problems go; the documents they concern are left out
     * @return the documents read; empty with a problem when the value there is not a list
     */
    public static DocumentSet readEmbedded(SourceDocument source, String listPointer, String listField,
            Problems problems) {
        TreeMap<DocumentId, Document> out = new TreeMap<>();
        readItems(source, listPointer, listField, problems, out);
        return new DocumentSet(out);
    }

    /**
     * A set of trees built in memory (named {@code <memory>} in problems).
     *
     * @throws InputException when a tree is not a valid document or two share an identity
     */
    public static DocumentSet of(List<ObjectNode> trees) {
        List<SourceDocument> sources = new ArrayList<>();
        for (int i = 0; i < trees.size(); i++) {
            sources.add(SourceDocument.of("<memory>", i, trees.get(i)));
        }
        return read(sources);
    }

    /** A set of trees built in memory. */
    public static DocumentSet of(ObjectNode... trees) {
        return of(List.of(trees));
    }

    /**
     * A set of documents already read (for example by {@link DocumentDefaults}).
     *
     * @throws IllegalArgumentException when two documents share an identity, or a document nests
     *     deeper than {@link #MAX_DEPTH} levels
     */
    public static DocumentSet ofDocuments(Collection<Document> documents) {
        for (Document d : documents) {
            if (JsonTrees.depthExceeds(d.tree(), MAX_DEPTH)) {
                throw new IllegalArgumentException(d.displayName() + " nests deeper than " + MAX_DEPTH + " levels");
            }
        }
        return ofBoundedDocuments(documents);
    }

    /** {@link #ofDocuments} for trees already known to be within {@link #MAX_DEPTH} (built from such trees). */
    static DocumentSet ofBoundedDocuments(Collection<Document> documents) {
        TreeMap<DocumentId, Document> out = new TreeMap<>();
        for (Document d : documents) {
            if (out.put(d.id(), d) != null) {
                throw new IllegalArgumentException("two documents are " + d.id());
            }
        }
        return new DocumentSet(out);
    }

    private static void readItems(SourceDocument source, String listPointer, String listField, Problems problems,
            TreeMap<DocumentId, Document> out) {
        JsonNode items = source.root().at(listPointer);
        if (!items.isArray()) {
            problems.error(source.locate(listPointer), listField, "expected a list of documents, got "
                    + (items.isMissingNode() ? "nothing" : JsonTrees.describe(items)));
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String pointer = listPointer + "/" + i;
            String field = listField + "[" + i + "]";
            if (item instanceof ObjectNode o) {
                readOne(source, o, pointer, field + ".", problems, out);
            } else {
                problems.error(source.locate(pointer), field,
                        "a list item must be a mapping (a Kubernetes document), got " + JsonTrees.describe(item));
            }
        }
    }

    private static void readOne(SourceDocument source, ObjectNode root, String pointer, String prefix,
            Problems problems, TreeMap<DocumentId, Document> out) {
        String apiVersion = required(source, root, pointer, "/apiVersion", prefix + "apiVersion", problems);
        String kind = required(source, root, pointer, "/kind", prefix + "kind", problems);
        JsonNode metadata = root.get("metadata");
        String name = "";
        String namespace = "";
        if (metadata == null || !metadata.isObject()) {
            problems.error(source.locate(pointer + (metadata == null ? "" : "/metadata")), prefix + "metadata",
                    metadata == null ? "missing metadata (a document needs metadata.name)" : "expected a mapping, got " + JsonTrees.describe(metadata));
        } else {
            name = required(source, root, pointer, "/metadata/name", prefix + "metadata.name", problems);
            JsonNode ns = metadata.get("namespace");
            if (ns != null && !ns.isNull() && !ns.isTextual()) {
                problems.error(source.locate(pointer + "/metadata/namespace"), prefix + "metadata.namespace",
                        "expected text, got " + JsonTrees.describe(ns));
            }
            namespace = text(ns);
        }
        if (JsonTrees.depthExceeds(root, MAX_DEPTH)) {
            problems.error(source.locate(pointer), prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1),
                    "the document nests deeper than " + MAX_DEPTH + " levels");
            return;
        }
        if (apiVersion.isEmpty() || kind.isEmpty() || name.isEmpty()) {
            return;
        }
        DocumentId id = DocumentId.of(apiVersion, kind, namespace, name);
        Document doc = new Document(id, apiVersion, ServerNoise.strip(root), source, pointer);
        Document first = out.get(id);
        if (first != null) {
            problems.error(doc.location(), "", "duplicate document " + id + " (first at " + where(first.location()) + ")");
            return;
        }
        out.put(id, doc);
    }

    private static String where(SourceLocation l) {
        return l.toString();
    }

    private static String required(SourceDocument source, ObjectNode root, String pointer, String field, String path,
            Problems problems) {
        JsonNode v = root.at(field);
        if (v.isMissingNode() || v.isNull()) {
            problems.error(source.locate(pointer + field.substring(0, field.lastIndexOf('/'))), path, "missing required field");
            return "";
        }
        if (!v.isTextual() || v.textValue().isBlank()) {
            problems.error(source.locate(pointer + field), path,
                    v.isTextual() ? "must not be empty" : "expected text, got " + JsonTrees.describe(v));
            return "";
        }
        return v.textValue();
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.textValue() : "";
    }

    /** The document with this identity. */
    public Optional<Document> get(DocumentId id) {
        return Optional.ofNullable(documents.get(id));
    }

    /** Whether a document has this identity. */
    public boolean contains(DocumentId id) {
        return documents.containsKey(id);
    }

    /** The documents in identity order. */
    public List<Document> documents() {
        return List.copyOf(documents.values());
    }

    /** The identities, in order. */
    public Set<DocumentId> ids() {
        return documents.keySet();
    }

    /** How many documents. */
    public int size() {
        return documents.size();
    }

    /** Whether there are none. */
    public boolean isEmpty() {
        return documents.isEmpty();
    }

    @Override
    public String toString() {
        return documents.values().toString();
    }
}
