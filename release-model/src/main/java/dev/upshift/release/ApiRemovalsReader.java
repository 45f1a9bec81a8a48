package dev.upshift.release;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code ApiRemovals} documents for {@link ApiRemovals#KIND}: {@code spec.component}
 * (default {@code kubernetes}) and {@code spec.removals}, a list of {@code {apiVersion, kind,
 * deprecatedIn, removedIn, replacement, replacementSince}}. Read together, a second entry for the
 * same API is an error naming the first.
 */
final class ApiRemovalsReader {
    private static final List<String> ITEM_FIELDS =
            List.of("apiVersion", "kind", "deprecatedIn", "removedIn", "replacement", "replacementSince");

    private ApiRemovalsReader() {}

    /** An entry and where it is written. */
    private record Entry(ApiRemoval removal, SourceLocation at) {}

    static Optional<ApiRemovals> read(SourceDocument document, Problems problems) {
        Problems mine = new Problems();
        List<Entry> entries = entries(document, mine);
        problems.addAll(mine.all());
        return mine.hasErrors() ? Optional.empty() : Optional.of(table(entries));
    }

    private static ApiRemovals table(List<Entry> entries) {
        return ApiRemovals.none().with(entries.stream().map(Entry::removal).toList());
    }

    static List<ApiRemovals> readAll(List<SourceDocument> documents, DocumentKind.Reader<ApiRemovals> one,
            Problems problems) {
        Map<String, SourceLocation> seen = new HashMap<>();
        List<ApiRemovals> out = new ArrayList<>();
        for (SourceDocument d : documents) {
            Problems mine = new Problems();
            List<Entry> entries = entries(d, mine);
            for (Entry e : entries) {
                SourceLocation first = seen.putIfAbsent(e.removal().api(), e.at());
                if (first != null) {
                    mine.error(e.at(), "apiVersion", "another ApiRemovals entry is for " + e.removal().api() + " ("
                            + first + "); give each API once");
                }
            }
            problems.addAll(mine.all());
            if (!mine.hasErrors()) {
                out.add(table(entries));
            }
        }
        return out;
    }

    private static List<Entry> entries(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        if (root.spec().isEmpty()) {
            return List.of();
        }
        ObjectView spec = root.spec().get();
        String component = spec.string("component").orElse(ApiRemovals.KUBERNETES);
        if (component.isBlank()) {
            spec.error("component", "must name the release component that serves these APIs, such as kubernetes");
        }
        if (!spec.has("removals")) {
            spec.missing("removals");
        }
        List<Entry> out = new ArrayList<>();
        for (ObjectView item : spec.objects("removals")) {
            entry(item, component).ifPresent(out::add);
        }
        spec.rejectUnknownFields(List.of("component", "removals"));
        return out;
    }

    private static Optional<Entry> entry(ObjectView item, String component) {
        Optional<String> apiVersion = item.requiredString("apiVersion");
        if (apiVersion.isPresent() && !ApiRemoval.isApiVersion(apiVersion.get())) {
            item.error("apiVersion", "expected group/version or version, such as batch/v1beta1, got '"
                    + apiVersion.get() + "'");
            apiVersion = Optional.empty();
        }
        Optional<String> kind = item.requiredString("kind");
        if (kind.isPresent() && !ApiRemoval.isKind(kind.get())) {
            item.error("kind", "expected a kind such as CronJob, got '" + kind.get() + "'");
            kind = Optional.empty();
        }
        Optional<Version> deprecatedIn = item.parsed("deprecatedIn", Version::parse);
        Optional<Version> removedIn = item.requiredParsed("removedIn", Version::parse);
        Optional<String> replacement = item.string("replacement");
        if (replacement.isPresent() && !ApiRemoval.isApiVersion(replacement.get())) {
            item.error("replacement", "expected the apiVersion to migrate to, such as batch/v1, got '"
                    + replacement.get() + "'");
            return Optional.empty();
        }
        Optional<Version> since = item.parsed("replacementSince", Version::parse);
        item.rejectUnknownFields(ITEM_FIELDS);
        if (removedIn.isPresent() && deprecatedIn.isPresent() && deprecatedIn.get().compareMajorMinor(removedIn.get()) >= 0) {
            item.error("deprecatedIn", "an API is deprecated before it is removed; " + ApiRemoval.text(deprecatedIn.get())
                    + " is not before removedIn " + ApiRemoval.text(removedIn.get()));
            return Optional.empty();
        }
        if (replacement.isPresent() && since.isEmpty() && !item.has("replacementSince")) {
            item.error("replacementSince", "missing: the release from which " + replacement.get() + " is served, so"
                    + " that a plan can tell whether a cluster can migrate before its upgrade");
            return Optional.empty();
        }
        if (since.isPresent() && replacement.isEmpty() && !item.has("replacement")) {
            item.error("replacement", "missing: replacementSince is given without the apiVersion it is for");
            return Optional.empty();
        }
        if (apiVersion.isEmpty() || kind.isEmpty() || removedIn.isEmpty() || component.isBlank()
                || replacement.isPresent() != since.isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new Entry(new ApiRemoval(apiVersion.get(), kind.get(), component, deprecatedIn,
                removedIn.get(), replacement, since, item.location().toString()), item.location()));
    }
}
