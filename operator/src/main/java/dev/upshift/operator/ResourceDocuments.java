package dev.upshift.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.FieldLocator;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.CustomResource;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Reads the operator's custom resources as the documents they mirror: each becomes the document
 * {@code apiVersion: upshift.dev/v1alpha1, kind, metadata: {name, labels, annotations}, spec} and is
 * read by the kind's own reader, the one a fleet folder's files go through, so that a resource and
 * a file of the same content mean the same thing and are refused with the same words.
 */
final class ResourceDocuments {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DocumentLoader loader = DocumentLoader.create();

    /**
     * What the resources held: the three listings, every problem, where their fields are, and which
     * documents named themselves but could not be read.
     */
    record Read(Listing<Release> releases, Listing<MaintenanceSchedule> schedules, Listing<ClusterUpgrade> upgrades,
            List<Problem> problems, FieldLocator fields, List<UnreadDocument> unread) {

        /** The problems found in one resource's document, in order. */
        List<Problem> problemsOf(HasMetadata resource) {
            String source = sourceOf(resource);
            return problems.stream().filter(p -> p.location().source().equals(source)).toList();
        }
    }

    Read read(List<? extends CustomResource<?, ?>> releases, List<? extends CustomResource<?, ?>> schedules,
            List<? extends CustomResource<?, ?>> upgrades) {
        List<Problem> all = new ArrayList<>();
        List<SourceDocument> documents = new ArrayList<>();
        documents.addAll(load(releases, all));
        documents.addAll(load(schedules, all));
        documents.addAll(load(upgrades, all));
        Listing<Release> r = listing(Release.KIND, documents, all);
        Listing<MaintenanceSchedule> s = listing(MaintenanceSchedule.KIND, documents, all);
        Listing<ClusterUpgrade> u = listing(FleetKinds.CLUSTER_UPGRADE, documents, all);
        all.sort(null);
        Map<String, Set<String>> read = Map.of(
                FleetKinds.CLUSTER_UPGRADE.name(), u.items().stream().map(ClusterUpgrade::name).collect(Collectors.toSet()),
                MaintenanceSchedule.KIND.name(), s.items().stream().map(MaintenanceSchedule::name)
                        .collect(Collectors.toSet()),
                Release.KIND.name(), r.items().stream().map(x -> x.version().toString()).collect(Collectors.toSet()));
        return new Read(r, s, u, List.copyOf(all), SourceDocument.locator(documents),
                UnreadDocument.find(documents, all, read));
    }

    /**
     * How problems name a resource: {@code ClusterUpgrade upshift-system/fleet-to-20.1}, followed by
     * the line and column in the document shown by {@link #documentText}.
     */
    static String sourceOf(HasMetadata resource) {
        return resource.getKind() + " " + resource.getMetadata().getNamespace() + "/" + resource.getMetadata().getName();
    }

    /** The document a resource stands for, as text: one field a line, so that a problem's line points at it. */
    static String documentText(HasMetadata resource, Object spec) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("apiVersion", resource.getApiVersion());
        doc.put("kind", resource.getKind());
        ObjectNode metadata = doc.putObject("metadata");
        metadata.put("name", resource.getMetadata().getName());
        Map<String, String> labels = resource.getMetadata().getLabels();
        if (labels != null && !labels.isEmpty()) {
            metadata.set("labels", JSON.valueToTree(new TreeMap<>(labels)));
        }
        doc.set("spec", spec == null ? JSON.createObjectNode() : JSON.valueToTree(spec));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<SourceDocument> load(List<? extends CustomResource<?, ?>> resources, List<Problem> problems) {
        List<SourceDocument> out = new ArrayList<>();
        for (CustomResource<?, ?> resource : resources) {
            String source = sourceOf(resource);
            try {
                out.addAll(loader.load(source, documentText(resource, resource.getSpec())));
            } catch (InputException e) {
                problems.addAll(e.problems());
            } catch (RuntimeException e) {
                problems.add(Problem.error(SourceLocation.of(source), "", "could not be read as a document: "
                        + e.getMessage()));
            }
        }
        return out;
    }

    private static <T> Listing<T> listing(DocumentKind<T> kind, List<SourceDocument> documents, List<Problem> all) {
        Problems mine = new Problems();
        List<T> items = kind.readAll(documents, mine);
        all.addAll(mine.all());
        return Listing.of(items, mine.all());
    }
}
