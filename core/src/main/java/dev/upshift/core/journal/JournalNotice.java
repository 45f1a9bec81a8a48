package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Something a journal did or found when it was opened or read that a person may want to know: a
 * torn last line repaired or left out, a migration. Never an error: the journal is whole.
 *
 * @param kind what happened
 * @param message what happened, for a person, naming the file (and line)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JournalNotice(Kind kind, String message) {
    /** What happened. */
    public enum Kind {
        /**
         * Opening for writing removed a torn last line: a write that a crash interrupted before the
         * journal acknowledged it (or a first line that was never finished).
         */
        REPAIRED,
        /** Reading left out a torn last line without changing the file: a writer may be writing it. */
        LEFT_OUT,
        /** Opening for writing moved a journal of an older version forward; the old file is kept until cleanup. */
        MIGRATED
    }

    /** Validates the parts. */
    public JournalNotice {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /** The message. */
    @Override
    public String toString() {
        return message;
    }
}
