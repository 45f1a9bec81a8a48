package dev.upshift.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.adapters.kubernetes.ApplyOptions;
import dev.upshift.adapters.kubernetes.ApplyResult;
import dev.upshift.adapters.kubernetes.ServerSideApply;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What the packaged operator publishes with when {@code UPSHIFT_MOCK_API_SERVER} says the API server
 * is fabric8's mock server, which answers a server-side apply with 415 (404 for a new object) and
 * stores a dry-run for real: the applied configuration is sent as a JSON merge patch (a new object
 * is created), and a dry-run is answered here, from the live object, without a request.
 *
 * <p>It has no field ownership (no conflict is ever found) and no admission: never for a real API
 * server, which is why the main refuses the setting unless the API server is on this machine's
 * loopback. What it leaves unproven is listed in docs/operator.md.
 */
final class MockServerApply implements ServerSideApply {
    private static final PatchContext MERGE = PatchContext.of(PatchType.JSON_MERGE);
    private final KubernetesClient client;

    MockServerApply(KubernetesClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public ApplyResult apply(ObjectNode object, ApplyOptions options) {
        var kind = client.genericKubernetesResources(context(object.path("apiVersion").asText(),
                object.path("kind").asText())).inNamespace(object.path("metadata").path("namespace").asText());
        var resource = kind.withName(object.path("metadata").path("name").asText());
        GenericKubernetesResource live = resource.get();
        if (options.dryRun()) {
            return new ApplyResult.Applied(live == null ? object.deepCopy() : merge(tree(live), object));
        }
        if (live == null) {
            return new ApplyResult.Applied(tree(kind.resource(client.getKubernetesSerialization().convertValue(object,
                    GenericKubernetesResource.class)).create()));
        }
        return new ApplyResult.Applied(tree(resource.patch(MERGE, object.toString())));
    }

    /** A namespaced kind the client has no model of: Cluster API's plurals are the lower-case kind and s. */
    static ResourceDefinitionContext context(String apiVersion, String kind) {
        String[] gv = apiVersion.split("/", 2);
        return new ResourceDefinitionContext.Builder().withGroup(gv.length == 2 ? gv[0] : "")
                .withVersion(gv[gv.length - 1]).withKind(kind).withPlural(kind.toLowerCase(Locale.ROOT) + "s")
                .withNamespaced(true).build();
    }

    private ObjectNode tree(GenericKubernetesResource r) {
        return client.getKubernetesSerialization().convertValue(r, ObjectNode.class);
    }

    /** RFC 7386's merge, as the server applies the patch (the applied configuration holds no nulls). */
    private static ObjectNode merge(ObjectNode live, ObjectNode applied) {
        for (Map.Entry<String, JsonNode> e : applied.properties()) {
            if (live.get(e.getKey()) instanceof ObjectNode mine && e.getValue() instanceof ObjectNode theirs) {
                merge(mine, theirs);
            } else {
                live.set(e.getKey(), e.getValue().deepCopy());
            }
        }
        return live;
    }
}
