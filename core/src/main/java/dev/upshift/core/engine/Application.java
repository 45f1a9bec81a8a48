package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What {@link Engine#apply} did with a person's request to upgrade one cluster now.
 *
 * @param kind what happened
 * @param message what to tell the person: the hop started, why it was refused, what is already
 *     under way
 * @param recorded the history entries it appended, in order
 * @param faults the calls that threw (the request can be made again)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Application(Kind kind, String message, List<HistoryEntry> recorded, List<Fault> faults) {

    /** Validates and copies the parts. */
    public Application {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        recorded = List.copyOf(recorded);
        faults = List.copyOf(faults);
    }

    /** What happened to a request. */
    public enum Kind {
        /** The next hop was journaled and published (or its publication failed for good: see the entries). */
        STARTED,
        /** An attempt of the cluster is already in flight or owes its after-hooks: nothing new started. */
        ALREADY_UNDER_WAY,
        /** The cluster already runs the release asked for. */
        NOTHING_TO_DO,
        /** Something needs a person first (no path, a failing conflict, an immutable field, a freeze). */
        REFUSED,
        /** A before-hook held the hop back, or every strategy declined it under {@code fallback: none}. */
        HELD,
        /** A call threw; nothing was published. */
        FAULTED
    }
}
