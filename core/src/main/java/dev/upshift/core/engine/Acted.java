package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.Act;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What {@link Engine#act} did with a person's request to steer a rollout.
 *
 * @param kind what happened
 * @param message what to tell the person: what was recorded, or why not
 * @param act the act journaled; empty unless {@link Kind#RECORDED}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Acted(Kind kind, String message, Optional<Act> act) {
    /** Validates the parts. */
    public Acted {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(act, "act");
        if (act.isPresent() != (kind == Kind.RECORDED)) {
            throw new IllegalArgumentException("an act is given exactly when it was recorded");
        }
    }

    /** What happened to a request. */
    public enum Kind {
        /** The act was journaled: it takes effect at the next reconcile. */
        RECORDED,
        /** The request does not fit the fleet or its history (no such stage, nothing failed to retry, ...). */
        REFUSED,
        /** The fleet or its history could not be read, or the history refused the append; nothing was recorded. */
        FAULTED
    }
}
