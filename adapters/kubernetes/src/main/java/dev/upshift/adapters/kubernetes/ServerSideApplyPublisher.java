package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Publishes an upgrade to the management cluster by server-side apply, as field manager
 * {@code upshift}: the cluster's documents after the three-way merge, its {@code Cluster} stamped with
 * the target release ({@link UpshiftLabels#RELEASE}) and the upgrade's id ({@link UpshiftLabels#UPGRADE}).
 * Templates go first, the {@code Cluster} last, so that a {@code Cluster} carrying the target release
 * means every object was applied.
 *
 * <p><b>Idempotent by the live objects.</b> Each document is compared with its live object; those
 * the live object already holds (every field at the same value) are not sent, and when none is left
 * the answer is {@code published} with a reference that says so, and nothing changes: a repeat after a
 * crash, or after another engine published the same change, does nothing.
 *
 * <p><b>Refusals.</b> Every document to send is first sent as a dry-run; if the server refuses any,
 * nothing is applied and the answer is {@code rejected}: a field-manager conflict names each field and
 * the manager that owns it (never forced, unless {@link Builder#forceConflicts} says so for this
 * upgrade), an admission denial carries the server's message. A refusal that appears only between
 * the dry-run and the apply (another writer raced) is rejected too, saying how many objects were
 * applied. A server that cannot be reached throws the client's exception: the engine records nothing
 * as published and tries again.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ServerSideApplyPublisher implements ChangePublisher {
    private final KubeObjects objects;
    private final ServerSideApply api;
    private final String fieldManager;
    private final Predicate<Upgrade> force;

    private ServerSideApplyPublisher(Builder b) {
        this.objects = new KubeObjects(b.client);
        this.api = b.api == null ? new Fabric8ServerSideApply(b.client) : b.api;
        this.fieldManager = b.fieldManager;
        this.force = b.force;
    }

    /** A publisher applying through the client as {@code upshift}, never forcing conflicts. */
    public static ServerSideApplyPublisher of(KubernetesClient client) {
        return builder(client).build();
    }

    /** Starts a publisher that reads live objects through the client. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        List<ObjectNode> desired = desired(upgrade, change);
        List<ObjectNode> pending = new ArrayList<>();
        for (ObjectNode d : desired) {
            Optional<ObjectNode> live = objects.get(Trees.text(d, "apiVersion"), Trees.text(d, "kind"),
                    Trees.text(d, "metadata", "namespace"), Trees.text(d, "metadata", "name"));
            if (live.isEmpty() || !Trees.contains(live.get(), d)) {
                pending.add(d);
            }
        }
        if (pending.isEmpty()) {
            return Publication.published("already applied: the live objects hold release " + upgrade.to() + " ("
                    + names(desired) + ")");
        }
        ApplyOptions options = new ApplyOptions(fieldManager, force.test(upgrade), false);
        Refusals dryRun = Refusals.applyAll(api, pending, options.asDryRun());
        if (!dryRun.isEmpty()) {
            return Publication.rejected("the management cluster refuses upgrade " + upgrade + ", nothing was applied: "
                    + dryRun.message() + (dryRun.conflicted() ? hint() : ""));
        }
        Refusals applied = new Refusals();
        int done = 0;
        for (ObjectNode d : pending) {
            applied.add(d, api.apply(d, options), options);
            if (!applied.isEmpty()) {
                return Publication.rejected("the management cluster refused upgrade " + upgrade + " after " + done
                        + " of " + pending.size() + " objects were applied: " + applied.message()
                        + (applied.conflicted() ? hint() : ""));
            }
            done++;
        }
        return Publication.published("applied " + pending.size() + " of " + desired.size() + " objects as "
                + fieldManager + ": " + names(pending));
    }

    private String hint() {
        return " (" + fieldManager + " never takes fields over from other managers unless told to for an upgrade:"
                + " hand the fields over, or let this upgrade force conflicts)";
    }

    private static List<ObjectNode> desired(Upgrade upgrade, MergeResult change) {
        List<ObjectNode> out = new ArrayList<>();
        for (Document d : change.documents().documents()) {
            ObjectNode tree = d.tree().deepCopy();
            if ("Cluster".equals(d.id().kind()) && ApiVersions.CLUSTER_GROUP.equals(d.id().group())) {
                Trees.metadataMap(tree, "labels").put(UpshiftLabels.RELEASE, upgrade.to().toString());
                Trees.metadataMap(tree, "annotations").put(UpshiftLabels.UPGRADE, upgrade.id());
            }
            out.add(tree);
        }
        out.sort(Comparator.comparingInt(ServerSideApplyPublisher::rank));
        return out;
    }

    /** Templates first (what the others reference), then the rest, the {@code Cluster} last. */
    private static int rank(ObjectNode o) {
        String kind = Trees.text(o, "kind");
        if (kind.endsWith("Template")) {
            return 0;
        }
        return "Cluster".equals(kind) && Trees.text(o, "apiVersion").startsWith(ApiVersions.CLUSTER_GROUP + "/") ? 2 : 1;
    }

    private static String names(List<ObjectNode> objects) {
        return String.join(", ", objects.stream().map(Trees::display).toList());
    }

    /** Builds a {@link ServerSideApplyPublisher}. */
    public static final class Builder {
        private final KubernetesClient client;
        private ServerSideApply api;
        private String fieldManager = ApplyOptions.UPSHIFT;
        private Predicate<Upgrade> force = u -> false;

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Applies through {@code apply} instead of the client (default: {@link Fabric8ServerSideApply}). */
        public Builder serverSideApply(ServerSideApply apply) {
            this.api = Objects.requireNonNull(apply, "serverSideApply");
            return this;
        }

        /** The field manager to apply as (default {@code upshift}). */
        public Builder fieldManager(String name) {
            this.fieldManager = new ApplyOptions(name, false, false).fieldManager();
            return this;
        }

        /**
         * Which upgrades may take fields over from other managers ({@code --force-conflicts}), for
         * example those of an intent that says so: {@code u -> u.intent().equals(Optional.of("take-over"))}.
         * Default: none.
         */
        public Builder forceConflicts(Predicate<Upgrade> when) {
            this.force = Objects.requireNonNull(when, "forceConflicts");
            return this;
        }

        /** Builds the publisher. */
        public ServerSideApplyPublisher build() {
            return new ServerSideApplyPublisher(this);
        }
    }
}
