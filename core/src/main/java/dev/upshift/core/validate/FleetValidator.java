package dev.upshift.core.validate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.FleetDocuments;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.fleet.ResourceFolders;
import dev.upshift.schedule.CalendarSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Checks every document of a fleet in one call, and reports every problem at once. It takes the
 * documents as read ({@link FleetDocuments}) and reads nothing itself: the embedded file adapter
 * {@code core.file.FleetFiles} reads a folder or a file for it.
 *
 * <p>Validation starts from the problems of reading (syntax, limits, duplicate keys), checks each
 * document's header against the registry ({@link DocumentKinds#check}: a known {@code kind}, with
 * the closest one suggested otherwise, and an {@code apiVersion} it reads or migrates), then reads
 * the documents of every kind with that kind's reader, which also checks the documents of a kind
 * against each other (two releases of one version, two schedules of one name). Last it checks
 * references across documents: a cluster's release and schedule must exist; an upgrade's release
 * must exist and not be withdrawn, its channel must be one some release is published in (a warning
 * when no release of the channel satisfies its constraint yet); its matchers should select some
 * cluster (a warning); no cluster may be in two stages of one upgrade; upgrades with different
 * targets that select one cluster get a warning. Nothing is written and no clock is read.
 *
 * <p>Documents of other API groups ({@code apiVersion: apps/v1}, {@code cluster.x-k8s.io/v1beta1},
 * {@code v1}) are resources, like those a cluster or a {@code diff} example holds: they are counted
 * ({@link ValidationReport#resources()}) and not checked.
 *
 * <pre>{@code
 * ValidationReport report = FleetValidator.create().validate(FleetFiles.load(Path.of("fleet")));
 * report.problems().forEach(System.err::println);   // file:line:col: field: message
 * if (report.hasErrors()) { ... }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetValidator {
    private static final String UPSHIFT_GROUP = "upshift.dev";

    private final List<DocumentKind<?>> more;

    private FleetValidator(List<DocumentKind<?>> more) {
        this.more = List.copyOf(more);
        kinds(ResourceFolders.none(), CalendarSource.none());
    }

    /** A validator for Upshift's own kinds ({@link FleetKinds#standard(ResourceFolders)}). */
    public static FleetValidator create() {
        return new FleetValidator(List.of());
    }

    /**
     * A validator that also knows {@code kind}, a tool's own kind.
     *
     * @throws IllegalArgumentException when a kind of that name is already known
     */
    public FleetValidator with(DocumentKind<?> kind) {
        List<DocumentKind<?>> kinds = new ArrayList<>(more);
        kinds.add(Objects.requireNonNull(kind, "kind"));
        return new FleetValidator(kinds);
    }

    /**
     * Validates a fleet's documents as read: the problems of reading them are in the report with
     * the rest, and the documents of the folders clusters name in {@code spec.resourcesFrom} are
     * found through the fleet's {@link FleetDocuments#resourceFolders()}.
     */
    public ValidationReport validate(FleetDocuments fleet) {
        Problems problems = new Problems();
        problems.addAll(fleet.problems());
        return validate(fleet.documents(), kinds(fleet.resourceFolders(), fleet.calendars()), problems);
    }

    /**
     * Validates documents loaded elsewhere (from a stream, from git, from a cluster); a cluster that
     * names a resource folder is an error ({@link ResourceFolders#none()}).
     */
    public ValidationReport validate(List<SourceDocument> documents) {
        return validate(documents, kinds(ResourceFolders.none(), CalendarSource.none()), new Problems());
    }

    private DocumentKinds kinds(ResourceFolders folders, CalendarSource calendars) {
        DocumentKinds kinds = FleetKinds.standard(folders, calendars);
        for (DocumentKind<?> k : more) {
            kinds = kinds.with(k);
        }
        return kinds;
    }

    private static ValidationReport validate(List<SourceDocument> documents, DocumentKinds kinds, Problems problems) {
        List<SourceDocument> upshift = documents.stream().filter(d -> !isOtherApiGroup(d)).toList();
        DocumentKinds.Values values = kinds.readAll(upshift, problems);
        References.check(kinds, values, upshift, problems);
        ReadinessFindings.check(kinds, values, problems);
        SortedMap<String, Integer> perKind = new TreeMap<>();
        for (SourceDocument d : upshift) {
            if (kinds.get(d.kind()).isPresent()) {
                perKind.merge(d.kind(), 1, Integer::sum);
            }
        }
        return new ValidationReport(documents.size(), perKind, documents.size() - upshift.size(), problems.all());
    }

    /**
     * A document whose {@code apiVersion} names an API group other than {@code upshift.dev}
     * ({@code apps/v1}, {@code cluster.x-k8s.io/v1beta1}, or Kubernetes' core {@code v1}): a
     * resource, such as a cluster carries, not an Upshift document. A missing {@code apiVersion}
     * is not one: the header check reports it.
     */
    private static boolean isOtherApiGroup(SourceDocument d) {
        String apiVersion = d.apiVersion();
        int slash = apiVersion.indexOf('/');
        return !apiVersion.isEmpty() && !(slash > 0 && apiVersion.substring(0, slash).equals(UPSHIFT_GROUP));
    }
}
