package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The fleet as a management cluster holds it: every Cluster API {@code Cluster}, with its control
 * plane, machine deployments and their infrastructure and bootstrap templates as the cluster's
 * documents (server noise stripped: {@code status}, {@code managedFields}, {@code resourceVersion},
 * {@code uid}, {@code generation}, {@code creationTimestamp}), as {@link ManagedCluster}s.
 *
 * <pre>{@code
 * ClusterInventory inventory = ClusterApiInventory.builder(client).namespace("fleet").build();
 * }</pre>
 *
 * <p>A cluster's id is {@code namespace/name}; its labels are the {@code Cluster}'s labels; its release
 * is the label (or annotation) {@link UpshiftLabels#RELEASE}; its schedule the annotation
 * {@link UpshiftLabels#SCHEDULE}; its infrastructure the annotation {@link UpshiftLabels#INFRASTRUCTURE}
 * or the kind of its infrastructure object. A {@code Cluster} without a readable release, or whose
 * references lead nowhere, is left out and reported among the listing's problems, located at
 * {@code Cluster namespace/name}. Reads only, one list of {@code Cluster}s and of each cluster's
 * {@code MachineDeployment}s and one get per referenced object; an API server that cannot be read
 * throws the client's exception (the planning round is abandoned).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClusterApiInventory implements ClusterInventory {
    private final KubeObjects objects;
    private final ApiVersions versions;
    private final Optional<String> namespace;

    private ClusterApiInventory(Builder b) {
        this.objects = new KubeObjects(b.client);
        this.versions = new ApiVersions(b.versions);
        this.namespace = Optional.ofNullable(b.namespace);
    }

    /** An inventory of every namespace's clusters, with the default API versions. */
    public static ClusterApiInventory of(KubernetesClient client) {
        return builder(client).build();
    }

    /** Starts an inventory reading through the client. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    @Override
    public Listing<ManagedCluster> clusters() {
        ClusterObjects gather = new ClusterObjects(objects, versions);
        List<ManagedCluster> items = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (ObjectNode cluster : objects.list(versions.core(), "Cluster", namespace, Map.of())) {
            SourceLocation where = SourceLocation.of(Trees.display(cluster));
            try {
                items.add(read(cluster, gather.of(cluster), where));
            } catch (ClusterObjects.UnreadableCluster e) {
                problems.add(Problem.error(where, e.field, e.getMessage()));
            } catch (IllegalArgumentException e) {
                problems.add(Problem.error(where, "metadata", Trees.display(cluster) + ": " + e.getMessage()));
            }
        }
        return Listing.of(items, problems);
    }

    private ManagedCluster read(ObjectNode cluster, List<ObjectNode> found, SourceLocation where) {
        String id = Trees.text(cluster, "metadata", "namespace") + "/" + Trees.text(cluster, "metadata", "name");
        Problems problems = new Problems();
        List<SourceDocument> sources = new ArrayList<>();
        for (ObjectNode o : found) {
            sources.add(SourceDocument.of(Trees.display(o), o));
        }
        DocumentSet resources = DocumentSet.read(sources, problems);
        if (problems.hasErrors()) {
            Problem first = problems.all().get(0);
            throw new ClusterObjects.UnreadableCluster(first.field(), first.location().source() + ": " + first.message());
        }
        ManagedCluster.Builder b = ManagedCluster.builder(id).labels(labels(cluster)).release(release(cluster))
                .infrastructure(infrastructure(cluster)).resources(resources).location(where);
        Trees.optionalText(cluster, "metadata", "annotations", UpshiftLabels.SCHEDULE).ifPresent(b::schedule);
        return b.build();
    }

    private static Map<String, String> labels(JsonNode cluster) {
        Map<String, String> labels = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = Trees.at(cluster, "metadata", "labels").properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            labels.put(e.getKey(), e.getValue().asText());
        }
        return labels;
    }

    private static Version release(JsonNode cluster) {
        Optional<String> label = Trees.optionalText(cluster, "metadata", "labels", UpshiftLabels.RELEASE);
        String field = "metadata.labels." + UpshiftLabels.RELEASE;
        Optional<String> text = label;
        if (label.isEmpty()) {
            text = Trees.optionalText(cluster, "metadata", "annotations", UpshiftLabels.RELEASE);
            field = "metadata.annotations." + UpshiftLabels.RELEASE;
        }
        if (text.isEmpty()) {
            throw new ClusterObjects.UnreadableCluster("metadata.labels." + UpshiftLabels.RELEASE, Trees.display(cluster)
                    + " has no label " + UpshiftLabels.RELEASE + " naming the release it runs (for example "
                    + UpshiftLabels.RELEASE + ": 1.0.0)");
        }
        Optional<Version> v = Version.tryParse(text.get());
        if (v.isEmpty()) {
            throw new ClusterObjects.UnreadableCluster(field, Trees.display(cluster) + ": " + field + " is '"
                    + text.get() + "', expected a release version such as 19.3.1");
        }
        return v.get();
    }

    private static String infrastructure(JsonNode cluster) {
        Optional<String> named = Trees.optionalText(cluster, "metadata", "annotations", UpshiftLabels.INFRASTRUCTURE);
        if (named.isPresent()) {
            return named.get();
        }
        String kind = Trees.text(cluster, "spec", "infrastructureRef", "kind");
        if (kind.isEmpty()) {
            return "unknown";
        }
        String bare = kind.endsWith("Cluster") && kind.length() > "Cluster".length()
                ? kind.substring(0, kind.length() - "Cluster".length()) : kind;
        return bare.toLowerCase(Locale.ROOT);
    }

    /** Builds a {@link ClusterApiInventory}; every setter checks its argument at once. */
    public static final class Builder {
        private final KubernetesClient client;
        private final Map<String, String> versions = new TreeMap<>();
        private String namespace;

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Reads the clusters of one namespace only (default: every namespace the client may list). */
        public Builder namespace(String name) {
            Objects.requireNonNull(name, "namespace");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a namespace name must not be empty");
            }
            this.namespace = name;
            return this;
        }

        /**
         * Reads the objects of an API group at a version, where a Cluster API reference names only the
         * group (default: {@code v1beta2} for {@code cluster.x-k8s.io} and its subgroups).
         */
        public Builder apiVersion(String group, String version) {
            versions.put(check(group, "group"), check(version, "version"));
            return this;
        }

        /** Reads one kind of an API group at a version (a provider whose kinds are at different versions). */
        public Builder apiVersion(String group, String kind, String version) {
            versions.put(check(group, "group") + "/" + check(kind, "kind"), check(version, "version"));
            return this;
        }

        private static String check(String value, String what) {
            Objects.requireNonNull(value, what);
            if (value.isBlank() || value.contains("/")) {
                throw new IllegalArgumentException("an API " + what + " is a non-empty name without '/', not '" + value
                        + "'");
            }
            return value;
        }

        /** Builds the inventory. */
        public ClusterApiInventory build() {
            return new ClusterApiInventory(this);
        }
    }
}
