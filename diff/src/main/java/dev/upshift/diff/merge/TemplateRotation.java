package dev.upshift.diff.merge;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.Mutability;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Replaces immutable templates instead of changing them. Cluster API's webhooks refuse any change
 * to the spec of an infrastructure machine template or a bootstrap config template; the documented
 * way is a new template under a new name, and the reference of the MachineDeployment (or control
 * plane, or ClusterClass) moved to it, which starts the rollout. For such a document, when the
 * merge changes something the rule {@code immutable: rotate} covers (built in: anything under
 * {@code spec} of the Cluster API kinds below), the merged document goes under a derived name, the
 * old one stays as the cluster has it, and every reference to the old one among the merged
 * documents moves to the new one.
 *
 * <p>The derived name is the old name (without a suffix a former rotation gave it) plus {@code -}
 * and the first eight hex digits of the SHA-256 of the merged document's canonical text, metadata
 * left out: the same merge gives the same name, so publishing twice creates nothing twice.
 */
final class TemplateRotation {
    private static final Pattern FORMER_SUFFIX = Pattern.compile("-[0-9a-f]{8}$");
    private static final int MAX_NAME = 253;

    private TemplateRotation() {}

    /** Whether a kind is built in as rotated: Cluster API infrastructure machine templates and bootstrap config templates. */
    static boolean builtIn(DocumentId id) {
        return id.group().equals("infrastructure.cluster.x-k8s.io") && id.kind().endsWith("MachineTemplate")
                || id.group().equals("bootstrap.cluster.x-k8s.io") && id.kind().endsWith("ConfigTemplate");
    }

    /**
     * The templates a former rotation left behind: a document of a kind that rotates that no other
     * document refers to, beside one of the same kind, namespace and name (a former rotation's
     * suffix aside) that a document does refer to. Cluster API keeps such a template until its
     * rollout is over; it is no longer the cluster's, so a merge leaves it exactly as it is, and a
     * later hop's merge neither changes it nor finds a conflict in it.
     */
    static Set<DocumentId> retired(DocumentSet current) {
        Set<DocumentId> out = new java.util.TreeSet<>();
        for (Document d : current.documents()) {
            if (!builtIn(d.id()) || referenced(current, d.id())) {
                continue;
            }
            String stem = FORMER_SUFFIX.matcher(d.id().name()).replaceFirst("");
            for (Document other : current.documents()) {
                DocumentId o = other.id();
                if (!o.equals(d.id()) && o.group().equals(d.id().group()) && o.kind().equals(d.id().kind())
                        && java.util.Objects.equals(o.namespace(), d.id().namespace())
                        && FORMER_SUFFIX.matcher(o.name()).replaceFirst("").equals(stem)
                        && FORMER_SUFFIX.matcher(o.name()).find() && referenced(current, o)) {
                    out.add(d.id());
                    break;
                }
            }
        }
        return out;
    }

    private static boolean referenced(DocumentSet current, DocumentId id) {
        for (Document d : current.documents()) {
            if (d.id().equals(id)) {
                continue;
            }
            List<List<PathElement>> found = new ArrayList<>();
            findReferences(d.tree(), id, new ArrayList<>(), found, true);
            if (!found.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rotates the merged documents that need it, in place in the two maps (by identity): the merged
     * documents, and the changes per document.
     */
    static void apply(Map<DocumentId, Document> merged, Map<DocumentId, List<FieldChange>> changes, DocumentSet current,
            CompiledRules rules) {
        for (DocumentId id : List.copyOf(merged.keySet())) {
            Document c = current.get(id).orElse(null);
            List<FieldChange> own = changes.getOrDefault(id, List.of());
            if (c == null || !merged.containsKey(id)) {
                continue;
            }
            FieldPolicy root = rules.policyFor(c);
            Optional<String> why = reason(root, own, builtIn(id));
            if (why.isPresent()) {
                rotate(id, c, why.get(), Masking.mask(root, c.tree()) != c.tree(), merged, changes, rules);
            }
        }
    }

    /** Why the document rotates (the rule, or the built-in kind), when a change it makes to the cluster is covered. */
    private static Optional<String> reason(FieldPolicy root, List<FieldChange> own, boolean builtIn) {
        for (FieldChange ch : own) {
            if (!ch.changesCluster() || ch.isBlocked()) {
                continue;
            }
            FieldPolicy p = root;
            for (PathElement e : ch.path().elements()) {
                p = p.child(e);
            }
            Optional<FieldRule> rule = p.mutableRule();
            if (rule.isPresent()) {
                if (rule.get().mutability().orElseThrow() == Mutability.ROTATE) {
                    return Optional.of("rule " + rule.get().describe() + " says immutable: rotate");
                }
            } else if (builtIn && !ch.path().isRoot() && ch.path().elements().get(0).equals(new PathElement.Field("spec"))) {
                return Optional.of("Cluster API refuses changes to a template's spec");
            }
        }
        return Optional.empty();
    }

    private static void rotate(DocumentId id, Document c, String why, boolean sensitive, Map<DocumentId, Document> merged,
            Map<DocumentId, List<FieldChange>> changes, CompiledRules rules) {
        Document result = merged.get(id);
        String newName = derivedName(id.name(), result.tree());
        DocumentId newId = new DocumentId(id.group(), id.kind(), id.namespace(), newName);
        ObjectNode tree = result.tree().deepCopy();
        ((ObjectNode) tree.get("metadata")).put("name", newName);
        Document replacement = new Document(newId, result.apiVersion(), tree, result.source(), result.sourcePointer());
        Document taken = merged.get(newId);
        if (taken != null && !JsonTrees.equal(taken.tree(), tree, CONTENT)) {
            List<FieldChange> own = new ArrayList<>(changes.getOrDefault(id, List.of()));
            own.add(0, new FieldChange(id, FieldPath.root(), Optional.empty(), Optional.of(c.tree()), Optional.empty(),
                    Optional.of(c.tree()), Optional.empty(), ChangeReason.TEMPLATE_REPLACED, Resolution.BLOCKED,
                    "cannot replace the template: " + why + ", and its new name " + newName
                            + " is taken by a different document; blocked", Impact.NONE, sensitive, FieldPath.root()));
            changes.put(id, own);
            return;
        }
        int moved = 0;
        List<String> referrers = new ArrayList<>();
        for (DocumentId other : List.copyOf(merged.keySet())) {
            if (other.equals(id) || other.equals(newId) || !other.namespace().equals(id.namespace())) {
                continue;
            }
            Document d = merged.get(other);
            List<List<PathElement>> refs = new ArrayList<>();
            findReferences(d.tree(), id, new ArrayList<>(), refs, true);
            if (refs.isEmpty()) {
                continue;
            }
            ObjectNode copy = d.tree().deepCopy();
            List<FieldChange> own = new ArrayList<>(changes.getOrDefault(other, List.of()));
            for (List<PathElement> ref : refs) {
                FieldPath path = new FieldPath(ref).field("name");
                ObjectNode holder = (ObjectNode) new FieldPath(ref).resolve(copy).orElseThrow();
                JsonNode before = holder.get("name");
                holder.put("name", newName);
                FieldPolicy docRoot = rules.policyFor(d);
                FieldPolicy there = Masking.at(docRoot, path);
                FieldPath shownPath = Masking.shownPath(docRoot, path);
                own.add(new FieldChange(other, path, Optional.empty(), Optional.of(before),
                        Optional.empty(), Optional.of(holder.get("name")), Optional.empty(), ChangeReason.REFERENCE_MOVED,
                        Resolution.TARGET, "now refers to " + newName + ", the template that replaces " + id.name()
                                + " (" + why + "); the rollout starts here", Impact.ROLLING,
                        Masking.mask(there, before) != before || Masking.mask(there, holder.get("name")) != holder.get("name")
                                || shownPath != path, shownPath));
                moved++;
            }
            own.sort(java.util.Comparator.comparing(FieldChange::path));
            changes.put(other, own);
            merged.put(other, d.withTree(copy));
            referrers.add(d.displayName());
        }
        List<FieldChange> movedChanges = new ArrayList<>();
        for (FieldChange ch : changes.getOrDefault(id, List.of())) {
            movedChanges.add(new FieldChange(newId, ch.path(), ch.base(), ch.current(), ch.target(), ch.result(), ch.rule(),
                    ch.reason(), ch.resolution(), ch.message(), ch.impact(), ch.sensitive(), ch.shownPath()));
        }
        changes.put(newId, movedChanges);
        String refsText = moved == 0 ? "no merged document refers to it, so move the references yourself"
                : "the references move to it (" + moved + (moved == 1 ? " reference in " : " references in ")
                        + String.join(", ", referrers) + ")";
        changes.put(id, List.of(new FieldChange(id, FieldPath.root(), Optional.empty(), Optional.of(c.tree()),
                Optional.empty(), Optional.of(c.tree()), Optional.empty(), ChangeReason.TEMPLATE_REPLACED,
                Resolution.CURRENT, "replaced by " + replacement.displayName() + ": " + why
                        + ", so the merged template is a new document; " + refsText
                        + "; this one stays until nothing refers to it", Impact.NONE, sensitive, FieldPath.root())));
        merged.put(id, c);
        merged.put(newId, replacement);
    }

    /**
     * Collects the mappings below {@code node} that refer to the template {@code id}: a
     * {@code kind} and {@code name} equal to its own, and an {@code apiVersion} or {@code apiGroup}
     * of its group and a {@code namespace} of its namespace where they are given.
     */
    private static void findReferences(JsonNode node, DocumentId id, List<PathElement> at, List<List<PathElement>> out,
            boolean root) {
        if (node.isObject()) {
            if (!root && refersTo(node, id)) {
                out.add(List.copyOf(at));
                return;
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (root && e.getKey().equals("metadata")) {
                    continue;
                }
                at.add(new PathElement.Field(e.getKey()));
                findReferences(e.getValue(), id, at, out, false);
                at.remove(at.size() - 1);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                at.add(itemElement(node.get(i), i));
                findReferences(node.get(i), id, at, out, false);
                at.remove(at.size() - 1);
            }
        }
    }

    /** A list item by its {@code name} or {@code class} (unique in the lists Cluster API keys so), else by index. */
    private static PathElement itemElement(JsonNode item, int index) {
        for (String key : List.of("name", "class")) {
            JsonNode v = item.get(key);
            if (v != null && v.isTextual()) {
                return PathElement.Key.of(key, v);
            }
        }
        return new PathElement.Index(index);
    }

    private static boolean refersTo(JsonNode node, DocumentId id) {
        return text(node, "kind").equals(id.kind()) && text(node, "name").equals(id.name())
                && (!node.has("apiVersion") || DocumentId.groupOf(text(node, "apiVersion")).equals(id.group()))
                && (!node.has("apiGroup") || text(node, "apiGroup").equals(id.group()))
                && (!node.has("namespace") || text(node, "namespace").equals(id.namespace()));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && v.isTextual() ? v.textValue() : "";
    }

    /** The old name without a former rotation's suffix, {@code -}, and eight hex digits of the content's hash. */
    static String derivedName(String oldName, JsonNode tree) {
        ObjectNode content = tree.deepCopy();
        content.remove("metadata");
        String stem = FORMER_SUFFIX.matcher(oldName).replaceFirst("");
        if (stem.length() > MAX_NAME - 9) {
            stem = stem.substring(0, MAX_NAME - 9).replaceAll("[-.]+$", "");
        }
        return stem + "-" + sha256(JsonText.canonical(content)).substring(0, 8);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
