package dev.upshift.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.adapters.kubernetes.ApplyOptions;
import dev.upshift.adapters.kubernetes.ApplyResult;
import dev.upshift.adapters.kubernetes.ServerSideApply;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Map;

/**
 * A server-side apply the fabric8 mock server can take: the applied configuration merged into the
 * live object and stored with an update (a dry-run stores nothing). It models no field ownership:
 * the Kubernetes adapter's own tests cover conflicts with their fake; this one only carries the
 * operator's publications to the mock's objects, which the mock cannot take as an apply-patch.
 */
final class MergeApply implements ServerSideApply {
    private final KubernetesClient client;
    int writes;

    MergeApply(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public synchronized ApplyResult apply(ObjectNode object, ApplyOptions options) {
        var kind = client.genericKubernetesResources(context(object.path("apiVersion").asText(), object.path("kind").asText()))
                .inNamespace(object.path("metadata").path("namespace").asText());
        var resource = kind.withName(object.path("metadata").path("name").asText());
        GenericKubernetesResource live = resource.get();
        ObjectNode merged = live == null ? object.deepCopy() : merge(node(live), object);
        if (options.dryRun()) {
            return new ApplyResult.Applied(merged);
        }
        writes++;
        GenericKubernetesResource next = client.getKubernetesSerialization().convertValue(merged,
                GenericKubernetesResource.class);
        return new ApplyResult.Applied(node(live == null ? kind.resource(next).create() : kind.resource(next).update()));
    }

    /** How the client finds a namespaced kind it has no model of: Cluster API's plural is the lower-case kind and s. */
    static ResourceDefinitionContext context(String apiVersion, String kind) {
        String[] gv = apiVersion.split("/", 2);
        return new ResourceDefinitionContext.Builder().withGroup(gv[0]).withVersion(gv[1]).withKind(kind)
                .withPlural(kind.toLowerCase(java.util.Locale.ROOT) + "s").withNamespaced(true).build();
    }

    private ObjectNode node(GenericKubernetesResource r) {
        return client.getKubernetesSerialization().convertValue(r, ObjectNode.class);
    }

    private static ObjectNode merge(ObjectNode live, ObjectNode applied) {
        for (Map.Entry<String, JsonNode> e : applied.properties()) {
            JsonNode mine = live.get(e.getKey());
            if (mine instanceof ObjectNode m && e.getValue() instanceof ObjectNode a) {
                merge(m, a);
            } else {
                live.set(e.getKey(), e.getValue().deepCopy());
            }
        }
        return live;
    }
}
