package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.ServerSideApplicable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * {@link ServerSideApply} on a real API server through the fabric8 client: a {@code PATCH} of type
 * {@code application/apply-patch+yaml} with {@code fieldManager}, {@code force} and
 * {@code dryRun=All} as asked.
 *
 * <p>The server's refusals become answers: {@code 409 Conflict} with field-manager causes is
 * {@link ApplyResult.Conflicted} (each cause's field and the manager its message names);
 * {@code 400}, {@code 403}, {@code 404} and {@code 422} (an admission webhook or validating policy
 * that denies, an invalid object, missing rights, an unknown kind) are {@link ApplyResult.Refused}
 * with the server's message. Everything else (no answer, {@code 401}, {@code 408}, {@code 429},
 * server errors) is thrown as the client's exception: trying again may help.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Fabric8ServerSideApply implements ServerSideApply {
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
    private final KubeObjects objects;

    /**
     * Applies through the client.
     *
     * @param client the client of the management cluster; its rights decide what may be applied
     */
    public Fabric8ServerSideApply(KubernetesClient client) {
        this.objects = new KubeObjects(Objects.requireNonNull(client, "client"));
    }

    @Override
    public ApplyResult apply(ObjectNode object, ApplyOptions options) {
        GenericKubernetesResource resource = objects.resource(object.deepCopy());
        Resource<GenericKubernetesResource> target = objects.client()
                .genericKubernetesResources(KubeObjects.context(Trees.text(object, "apiVersion"),
                        Trees.text(object, "kind")))
                .inNamespace(Trees.text(object, "metadata", "namespace")).resource(resource);
        ServerSideApplicable<GenericKubernetesResource> apply = options.dryRun()
                ? target.dryRun(true).fieldManager(options.fieldManager()) : target.fieldManager(options.fieldManager());
        if (options.force()) {
            apply = apply.forceConflicts();
        }
        try {
            return new ApplyResult.Applied(objects.tree(apply.serverSideApply()));
        } catch (KubernetesClientException e) {
            return refusal(e, Trees.display(object));
        }
    }

    /** The server's refusal as an answer, or the exception again when trying later may help. */
    static ApplyResult refusal(KubernetesClientException e, String object) {
        Status status = e.getStatus();
        String message = status != null && status.getMessage() != null ? status.getMessage() : e.getMessage();
        int code = e.getCode();
        if (code == 409) {
            List<FieldConflict> conflicts = new ArrayList<>();
            if (status != null && status.getDetails() != null && status.getDetails().getCauses() != null) {
                for (StatusCause cause : status.getDetails().getCauses()) {
                    if (cause.getField() != null) {
                        Matcher m = QUOTED.matcher(cause.getMessage() == null ? "" : cause.getMessage());
                        conflicts.add(new FieldConflict(cause.getField(), m.find() ? m.group(1) : "another manager"));
                    }
                }
            }
            return conflicts.isEmpty() ? new ApplyResult.Refused(object + ": " + message)
                    : new ApplyResult.Conflicted(conflicts, message);
        }
        if (code == 400 || code == 403 || code == 404 || code == 422) {
            return new ApplyResult.Refused(object + ": " + message);
        }
        throw e;
    }
}
