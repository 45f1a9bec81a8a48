package dev.upshift.core.fleet;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads documents of a kind whose names are unique: a later document of a name already seen is an error. */
final class UniqueNames {
    private UniqueNames() {}

    static <T> DocumentKind.ListReader<T> of(String kind) {
        return (documents, one, problems) -> readAll(kind, documents, one, problems);
    }

    private static <T> List<T> readAll(String kind, List<SourceDocument> documents, DocumentKind.Reader<T> one,
            Problems problems) {
        List<T> out = new ArrayList<>();
        Map<String, SourceDocument> seen = new HashMap<>();
        for (SourceDocument d : documents) {
            SourceDocument first = d.name().isEmpty() ? null : seen.putIfAbsent(d.name(), d);
            if (first != null) {
                problems.error(d.locate("/metadata/name"), "metadata.name", "another " + kind + " is named '"
                        + d.name() + "' (" + first.locate("/metadata/name") + ")");
                continue;
            }
            one.read(d, problems).ifPresent(out::add);
        }
        return out;
    }
}
