package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What {@link JsonLinesJournal#cleanup} did.
 *
 * @param folder the state folder
 * @param removed the files it removed, in the order it removed them
 * @param notes what it left, and why, for a person; empty when there was nothing to leave
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CleanupReport(Path folder, List<Path> removed, List<String> notes) {
    /** Validates and copies the parts. */
    public CleanupReport {
        Objects.requireNonNull(folder, "folder");
        removed = List.copyOf(removed);
        notes = List.copyOf(notes);
    }
}
