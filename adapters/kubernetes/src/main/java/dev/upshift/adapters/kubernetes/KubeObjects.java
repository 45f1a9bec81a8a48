package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads of namespaced custom resources as JSON trees, through a fabric8 client. The kinds' plurals are
 * derived from their names, as Cluster API's kinds follow the rule, so no discovery request is made.
 */
final class KubeObjects {
    private final KubernetesClient client;

    KubeObjects(KubernetesClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    KubernetesClient client() {
        return client;
    }

    static ResourceDefinitionContext context(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = apiVersion.substring(slash + 1);
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
                .withPlural(Pluralize.toPlural(kind.toLowerCase(Locale.ROOT))).withNamespaced(true).build();
    }

    private MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>>
            resources(String apiVersion, String kind) {
        return client.genericKubernetesResources(context(apiVersion, kind));
    }

    /** The object, or empty when the server has none of that name. */
    Optional<ObjectNode> get(String apiVersion, String kind, String namespace, String name) {
        GenericKubernetesResource found = resources(apiVersion, kind).inNamespace(namespace).withName(name).get();
        return Optional.ofNullable(found).map(this::tree);
    }

    /** The objects of a kind with the given labels, in one namespace or all, ordered by namespace and name. */
    List<ObjectNode> list(String apiVersion, String kind, Optional<String> namespace, Map<String, String> labels) {
        var op = resources(apiVersion, kind);
        GenericKubernetesResourceList found;
        if (namespace.isPresent()) {
            found = labels.isEmpty() ? op.inNamespace(namespace.get()).list()
                    : op.inNamespace(namespace.get()).withLabels(labels).list();
        } else {
            found = labels.isEmpty() ? op.inAnyNamespace().list() : op.inAnyNamespace().withLabels(labels).list();
        }
        List<ObjectNode> out = new ArrayList<>();
        for (GenericKubernetesResource r : found.getItems()) {
            out.add(tree(r));
        }
        out.sort(Comparator.comparing((ObjectNode o) -> Trees.text(o, "metadata", "namespace"))
                .thenComparing(o -> Trees.text(o, "metadata", "name")));
        return out;
    }

    ObjectNode tree(GenericKubernetesResource resource) {
        return client.getKubernetesSerialization().convertValue(resource, ObjectNode.class);
    }

    GenericKubernetesResource resource(ObjectNode tree) {
        return client.getKubernetesSerialization().convertValue(tree, GenericKubernetesResource.class);
    }
}
