package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.spi.HistoryEntry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One entry as one line of the journal's current format (docs/journal.md, version {@value #VERSION}),
 * for other stores that keep the same JSON: the PostgreSQL history stores each entry as this line, so
 * that an entry reads back equal from either store and {@code upshift history import} compares like
 * with like.
 *
 * <pre>{@code
 * String json = JournalLines.line(entry);                        // {"at":"2026-03-10T07:00:00Z",...}
 * HistoryEntry back = JournalLines.entry(json, "history row 42"); // equal to entry
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JournalLines {
    /** The version of the lines this class writes and reads. */
    public static final int VERSION = EntryLines.VERSION;

    private JournalLines() {}

    /**
     * The entry as a line of the current version, without its line end: compact, with its fields in
     * a fixed order, so that equal entries give equal text.
     *
     * @throws IllegalArgumentException when the journal could not write it either: an instant
     *     outside the years 0000 to 9999, or a line over 1 MiB
     */
    public static String line(HistoryEntry entry) {
        byte[] bytes = EntryLines.lines(List.of(Objects.requireNonNull(entry, "entry")));
        return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
    }

    /**
     * Reads a line of the current version back.
     *
     * @param line the line, without its line end
     * @param source what holds the line, as a problem names it (a file, a table row)
     * @throws InputException naming the source, column and field when the line is not an entry
     */
    public static HistoryEntry entry(String line, String source) {
        Objects.requireNonNull(line, "line");
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return new EntryReader(Objects.requireNonNull(source, "source"), VERSION).entry(bytes, 0, bytes.length, 1);
    }
}
