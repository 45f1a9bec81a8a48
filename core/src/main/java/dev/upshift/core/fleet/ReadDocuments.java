package dev.upshift.core.fleet;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.schedule.CalendarSource;
import java.util.List;
import java.util.Objects;

/** {@link FleetDocuments#of}: documents read elsewhere, copied. */
record ReadDocuments(List<SourceDocument> documents, List<Problem> problems, ResourceFolders resourceFolders,
        CalendarSource calendars) implements FleetDocuments {
    ReadDocuments {
        documents = List.copyOf(documents);
        problems = List.copyOf(problems);
        Objects.requireNonNull(resourceFolders, "resourceFolders");
        Objects.requireNonNull(calendars, "calendars");
    }
}
