package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Renders a cluster at a release by asking the management cluster: the release's defaults and then
 * the cluster's values applied to its documents (as Upshift's embedded renderer does), each
 * document then sent as a server-side apply with {@code dryRun=All}, so that the API server's
 * defaulting, mutating and validating admission (Cluster API's webhooks among them) have their say.
 * The answer, server noise stripped, is the target side of the three-way merge.
 *
 * <p>A document the server refuses makes the rendering {@link Rendering#rejected rejected} with the
 * server's message (an admission webhook's denial, say that a version may not skip a minor); so does
 * a field-manager conflict, naming each field and the manager that owns it, since the publisher would
 * meet the same (unless conflicts are forced, {@link Builder#forceConflicts}). Nothing is stored: a
 * dry-run. A server that cannot be reached throws the client's exception (the planner blocks the
 * cluster for that round, {@code RENDERER_FAILED}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DryRunRenderer implements Renderer {
    private final ServerSideApply api;
    private final ApplyOptions options;

    private DryRunRenderer(Builder b) {
        this.api = b.api;
        this.options = new ApplyOptions(b.fieldManager, b.force, true);
    }

    /** A renderer that dry-runs through the client as field manager {@code upshift}. */
    public static DryRunRenderer of(KubernetesClient client) {
        return builder(new Fabric8ServerSideApply(client)).build();
    }

    /** Starts a renderer that dry-runs through {@code api}. */
    public static Builder builder(ServerSideApply api) {
        return new Builder(api);
    }

    @Override
    public Rendering render(ManagedCluster cluster, Release release) {
        DocumentSet local = release.defaults().then(cluster.values()).applyTo(cluster.resources(),
                "release " + release.version() + " defaults");
        List<ObjectNode> objects = new ArrayList<>();
        for (Document d : local.documents()) {
            objects.add(d.tree().deepCopy());
        }
        Refusals refusals = Refusals.applyAll(api, objects, options);
        if (!refusals.isEmpty()) {
            return Rendering.rejected("the management cluster refuses release " + release.version() + " for "
                    + cluster.id() + ": " + refusals.message());
        }
        List<SourceDocument> sources = new ArrayList<>();
        for (ObjectNode o : refusals.applied()) {
            sources.add(SourceDocument.of("dry-run of " + Trees.display(o), o));
        }
        return Rendering.rendered(DocumentSet.read(sources));
    }

    /** Builds a {@link DryRunRenderer}. */
    public static final class Builder {
        private final ServerSideApply api;
        private String fieldManager = ApplyOptions.UPSHIFT;
        private boolean force;

        private Builder(ServerSideApply api) {
            this.api = Objects.requireNonNull(api, "api");
        }

        /** The field manager the dry-runs apply as (default {@code upshift}); the publisher's, so that conflicts match. */
        public Builder fieldManager(String name) {
            this.fieldManager = new ApplyOptions(name, false, true).fieldManager();
            return this;
        }

        /** Whether the dry-runs take fields over from other managers instead of reporting conflicts (default: no). */
        public Builder forceConflicts(boolean takeOver) {
            this.force = takeOver;
            return this;
        }

        /** Builds the renderer. */
        public DryRunRenderer build() {
            return new DryRunRenderer(this);
        }
    }
}
