package dev.upshift.core.fleet;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.kind.ApiVersions;
import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.SpecLists;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.FreezeReader;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import dev.upshift.spi.ReadinessAcceptance;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Reads {@code ManagedCluster} documents for {@link FleetKinds#MANAGED_CLUSTER}. */
final class ManagedClusterReader {
    private static final List<String> SPEC_FIELDS =
            List.of("release", "infrastructure", "schedule", "freeze", "values", "resources", "resourcesFrom",
                    "manifestsFrom", "readiness");
    private static final String UPSHIFT_GROUP = ApiVersions.CURRENT.substring(0, ApiVersions.CURRENT.indexOf('/') + 1);

    private final ResourceFolders folders;

    ManagedClusterReader(ResourceFolders folders) {
        this.folders = Objects.requireNonNull(folders, "folders");
    }

    Optional<ManagedCluster> read(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems, List.of("status"));
        root.view().object("status").ifPresent(ObservedStatus::read);
        Optional<Metadata> metadata = root.metadata();
        metadata.ifPresent(m -> checkLabels(root.view(), m));
        if (root.spec().isEmpty()) {
            return Optional.empty();
        }
        ObjectView spec = root.spec().get();
        Optional<Version> release = spec.requiredParsed("release", Version::parse);
        Optional<String> infrastructure = nonBlank(spec, "infrastructure", spec.requiredString("infrastructure"),
                "must name where the cluster runs, such as aws");
        Optional<String> schedule = nonBlank(spec, "schedule", spec.string("schedule"),
                "must name a MaintenanceSchedule; leave the field out when upgrades may run at any time");
        Optional<Freeze> freeze = spec.object("freeze").flatMap(FreezeReader::read);
        DocumentDefaults values = values(spec);
        DocumentSet resources = resources(spec, document, problems);
        List<Manifest> manifests = ManifestsReader.read(spec, document, folders, problems);
        List<ReadinessAcceptance> accepted = ManifestsReader.accepted(spec);
        spec.rejectUnknownFields(SPEC_FIELDS);
        if (problems.hasErrors() || metadata.isEmpty() || release.isEmpty() || infrastructure.isEmpty()) {
            return Optional.empty();
        }
        ManagedCluster.Builder b = ManagedCluster.builder(metadata.get().name())
                .labels(metadata.get().labels())
                .infrastructure(infrastructure.get())
                .release(release.get())
                .resources(resources)
                .manifests(manifests)
                .accepted(accepted)
                .location(document.location());
        schedule.ifPresent(b::schedule);
        freeze.ifPresent(b::freeze);
        b.values(values);
        return Optional.of(b.build());
    }

    private static void checkLabels(ObjectView root, Metadata metadata) {
        if (metadata.labels().keySet().stream().anyMatch(String::isBlank)) {
            root.object("metadata").ifPresent(m -> m.error("labels", "a label key must not be empty"));
        }
    }

    /** {@code spec.values}: {@code {match, values}} items, read exactly as a release's {@code spec.defaults}. */
    private static DocumentDefaults values(ObjectView spec) {
        if (spec.raw("values").orElse(null) instanceof ObjectNode) {
            spec.error("values", "expected a list of {match, values} items, as a Release's spec.defaults, got a mapping;"
                    + " write - values: {...} to apply the mapping to every resource");
            return DocumentDefaults.none();
        }
        return SpecLists.defaults(spec.objects("values"));
    }

    private static Optional<String> nonBlank(ObjectView spec, String field, Optional<String> value, String message) {
        if (value.isPresent() && value.get().isBlank()) {
            spec.error(field, message);
            return Optional.empty();
        }
        return value;
    }

    private DocumentSet resources(ObjectView spec, SourceDocument document, Problems problems) {
        boolean inline = spec.raw("resources").isPresent();
        Optional<String> folder = spec.string("resourcesFrom");
        if (inline && spec.has("resourcesFrom")) {
            spec.error("resourcesFrom", "give either resources or resourcesFrom, not both");
            return DocumentSet.empty();
        }
        DocumentSet set;
        if (inline) {
            set = DocumentSet.readEmbedded(document, "/spec/resources", spec.fieldPath("resources"), problems);
        } else if (folder.isPresent()) {
            if (folder.get().isBlank()) {
                spec.error("resourcesFrom", "must name a folder of Kubernetes documents, relative to this file");
                return DocumentSet.empty();
            }
            set = DocumentSet.read(folders.documents(document, folder.get(), problems), problems);
        } else {
            return DocumentSet.empty();
        }
        for (Document d : set.documents()) {
            if (d.apiVersion().startsWith(UPSHIFT_GROUP)) {
                String pointer = d.sourcePointer();
                String field = pointer.startsWith("/spec/resources/")
                        ? "spec.resources[" + pointer.substring("/spec/resources/".length()) + "].apiVersion" : "apiVersion";
                problems.error(d.locate("/apiVersion"), field, "an Upshift " + d.id().kind() + " among the resources of "
                        + "cluster " + document.name() + "; resources are the cluster's Kubernetes documents");
            }
        }
        return set;
    }
}
