package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Comparator;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The identity of a Kubernetes document: API group, kind, namespace and name. The version is not
 * part of it ({@code apps/v1} and {@code apps/v1beta2} name the same Deployment); a
 * {@link Document} reports it.
 *
 * @param group the API group ({@code apps}, {@code cluster.x-k8s.io}); empty for the core group
 * @param kind the kind
 * @param namespace the namespace; empty for cluster-scoped documents (and documents that do not
 *     say: no namespace is assumed)
 * @param name {@code metadata.name}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DocumentId(String group, String kind, String namespace, String name) implements Comparable<DocumentId> {
    private static final Comparator<DocumentId> ORDER = Comparator.comparing(DocumentId::group)
            .thenComparing(DocumentId::kind).thenComparing(DocumentId::namespace).thenComparing(DocumentId::name);

    /** Validates the parts: kind and name must not be empty. */
    public DocumentId {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        if (kind.isEmpty() || name.isEmpty()) {
            throw new IllegalArgumentException("a document needs a kind and a name");
        }
    }

    /** The identity of a document of the given {@code apiVersion} ({@code apps/v1} → group {@code apps}). */
    public static DocumentId of(String apiVersion, String kind, String namespace, String name) {
        return new DocumentId(groupOf(apiVersion), kind, namespace, name);
    }

    /** The group part of an {@code apiVersion}: what precedes the last {@code /}, or empty. */
    public static String groupOf(String apiVersion) {
        int slash = apiVersion.lastIndexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** Orders by group, kind, namespace, then name. */
    @Override
    public int compareTo(DocumentId o) {
        return ORDER.compare(this, o);
    }

    /** {@code Kind.group ns/name} (kubectl's style; no group for the core group, no namespace when empty). */
    @Override
    public String toString() {
        String type = group.isEmpty() ? kind : kind + "." + group;
        return type + " " + (namespace.isEmpty() ? name : namespace + "/" + name);
    }
}
