package dev.upshift.core.validate;

import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.file.DocumentFiles;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.fleet.FleetKinds;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Checks every document of a fleet folder (or a file, or documents loaded elsewhere) in one call,
 * and reports every problem at once.
 *
 * <p>Validation loads the files ({@link DocumentFiles}: syntax, limits, duplicate keys), checks
 * each document's header against the registry ({@link DocumentKinds#check}: a known {@code kind},
 * with the closest one suggested otherwise, and an {@code apiVersion} it reads or migrates), then
 * reads the documents of every kind with that kind's reader, which also checks the documents of a
 * kind against each other (two releases of one version, two schedules of one name). Last it checks
 * references across documents: a cluster's release and schedule must exist; an upgrade's release
 * must exist and not be withdrawn, its channel must be one some release is published in (a warning
 * when no release of the channel satisfies its constraint yet); its matchers should select some
 * cluster (a warning); no cluster may be in two stages of one upgrade; upgrades with different
 * targets that select one cluster get a warning. Nothing is written and no clock is read.
 *
 * <p>Documents of other API groups ({@code apiVersion: apps/v1}, {@code cluster.x-k8s.io/v1beta1},
 * {@code v1}) are resources, like those a cluster or a {@code diff} example holds: they are counted
 * ({@link ValidationReport#resources()}) and not checked. Reading a folder skips what git would not
 * keep (see {@link DocumentFiles}).
 *
 * <pre>{@code
 * ValidationReport report = FleetValidator.create().validate(Path.of("fleet"));
 * report.problems().forEach(System.err::println);   // file:line:col: field: message
 * if (report.hasErrors()) { ... }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class FleetValidator {
    private static final String UPSHIFT_GROUP = "upshift.dev";

    private final DocumentKinds kinds;
    private final DocumentFiles files;

    /**
     * A validator for the given kinds, reading files with the given reader.
     *
     * @param kinds the kinds documents may have (usually {@link FleetKinds#standard()}, or an
     *     extension of it)
     * @param files how files are read (limits included)
     */
    public FleetValidator(DocumentKinds kinds, DocumentFiles files) {
        this.kinds = Objects.requireNonNull(kinds, "kinds");
        this.files = Objects.requireNonNull(files, "files");
    }

    /** A validator for Upshift's own kinds, reading files with the default limits. */
    public static FleetValidator create() {
        return new FleetValidator(FleetKinds.standard(), DocumentFiles.create());
    }

    /**
     * Validates every document of a file, or of the document files below a folder. A path that does
     * not exist, or a file that cannot be read or parsed, is a problem in the report, not an
     * exception. The Kubernetes documents of the folders that clusters name in
     * {@code spec.resourcesFrom} are read as those clusters' resources ({@link FleetFiles}).
     */
    public ValidationReport validate(Path path) {
        FleetFiles fleet = FleetFiles.load(path, files);
        Problems problems = new Problems();
        problems.addAll(fleet.problems());
        return validate(fleet.documents(), fleet.kinds(kinds), problems);
    }

    /** Validates documents loaded elsewhere (from git, from a cluster). */
    public ValidationReport validate(List<SourceDocument> documents) {
        return validate(documents, kinds, new Problems());
    }

    private static ValidationReport validate(List<SourceDocument> documents, DocumentKinds kinds, Problems problems) {
        List<SourceDocument> upshift = documents.stream().filter(d -> !isOtherApiGroup(d)).toList();
        DocumentKinds.Values values = kinds.readAll(upshift, problems);
        References.check(kinds, values, upshift, problems);
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
