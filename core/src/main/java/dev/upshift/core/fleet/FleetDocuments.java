package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.schedule.CalendarSource;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A fleet's documents as one reading found them, wherever they came from (a folder, git, an API):
 * Upshift's own documents, the problems of reading them, and where the Kubernetes documents of the
 * folders its clusters name in {@code spec.resourcesFrom} are. What validation takes
 * ({@code core.validate.FleetValidator}), so that it reads nothing itself; the embedded file adapter
 * {@code core.file.FleetFiles} is one.
 *
 * <pre>{@code
 * FleetDocuments read = FleetDocuments.of(documents, List.of(), ResourceFolders.none());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface FleetDocuments {

    /** Upshift's own documents, in the order they were read (path order for a folder). */
    List<SourceDocument> documents();

    /** The problems of reading them: files that could not be read or parsed, limits exceeded. */
    List<Problem> problems();

    /** Where the documents of the clusters' resource folders are found. */
    ResourceFolders resourceFolders();

    /**
     * Where the iCalendar files the schedules name in {@code spec.exclusionsFrom} are found. The
     * default finds none: a schedule that names one is an error at its {@code ics} field
     * ({@link CalendarSource#none()}); the embedded file adapter finds them beside the schedule's file.
     */
    default CalendarSource calendars() {
        return CalendarSource.none();
    }

    /** Documents read elsewhere, with the problems of reading them and their clusters' resource folders. */
    static FleetDocuments of(List<SourceDocument> documents, List<Problem> problems, ResourceFolders resourceFolders) {
        return of(documents, problems, resourceFolders, CalendarSource.none());
    }

    /** Documents read elsewhere, as {@link #of(List, List, ResourceFolders)}, with where their calendars are. */
    static FleetDocuments of(List<SourceDocument> documents, List<Problem> problems, ResourceFolders resourceFolders,
            CalendarSource calendars) {
        return new ReadDocuments(documents, problems, resourceFolders, calendars);
    }
}
