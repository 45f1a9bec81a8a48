package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.tree.JsonText;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.UpgradeEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The embedded event sink: one JSON line per finished attempt, appended to {@code events.jsonl} in
 * the state folder next to the journal (docs/journal.md lists the fields). Appends are written but
 * not forced to disk: events are telemetry, delivered at least once (after a crash an event may be
 * written again; its {@code upgradeId} tells), and never hold an upgrade up.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EventLog implements EventSink {
    /** The file's name in the state folder. */
    public static final String FILE = "events.jsonl";

    private final Path file;

    private EventLog(Path file) {
        this.file = file;
    }

    /** The event log of a state folder (created on the first event). */
    public static EventLog in(Path stateFolder) {
        return new EventLog(Objects.requireNonNull(stateFolder, "stateFolder").resolve(FILE));
    }

    /** The file events go to. */
    public Path file() {
        return file;
    }

    /**
     * Appends one event's line.
     *
     * @throws UpshiftException when the file cannot be written (the engine reports it and drops it)
     */
    @Override
    public void emit(UpgradeEvent event) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, (line(event) + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UpshiftException("cannot append the event of " + event.upgrade().id() + " to " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /** One event as its JSON line, fields in a fixed order (without the newline). */
    public static String line(UpgradeEvent e) {
        StringBuilder out = new StringBuilder(256).append('{');
        field("upgradeId", e.upgrade().id(), out);
        field("cluster", e.upgrade().cluster().id(), out);
        field("infrastructure", e.upgrade().cluster().infrastructure(), out);
        out.append(",\"intent\":").append(e.upgrade().intent().map(JsonText::quote).orElse("null"));
        field("from", e.upgrade().from().toString(), out);
        field("to", e.upgrade().to().toString(), out);
        field("kind", e.upgrade().from().equals(e.upgrade().to()) ? "config"
                : e.upgrade().from().changeTo(e.upgrade().to()).word(), out);
        field("outcome", e.outcome().word(), out);
        out.append(",\"failureReason\":").append(e.failureReason().map(JsonText::quote).orElse("null"));
        field("startedAt", e.startedAt().toString(), out);
        out.append(",\"durationSeconds\":").append(e.duration().getSeconds());
        out.append(",\"attempt\":").append(attempt(e.upgrade().id()));
        return out.append('}').toString();
    }

    private static int attempt(String id) {
        int hash = id.lastIndexOf('#');
        try {
            return hash < 0 ? 1 : Integer.parseInt(id.substring(hash + 1));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static void field(String name, String value, StringBuilder out) {
        if (out.length() > 1) {
            out.append(',');
        }
        out.append('"').append(name).append("\":");
        JsonText.quote(value, out);
    }
}
