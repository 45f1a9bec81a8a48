package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/** What a {@link ServerSideApply} answers: the object as stored, or why the server refused it. */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ApplyResult permits ApplyResult.Applied, ApplyResult.Conflicted, ApplyResult.Refused {

    /**
     * The server stored the object (or, for a dry-run, would have).
     *
     * @param object the object as the server answered it, server fields included
     */
    record Applied(ObjectNode object) implements ApplyResult {
        /** Validates the object. */
        public Applied {
            Objects.requireNonNull(object, "object");
        }
    }

    /**
     * The apply would change fields that other managers own; nothing was changed.
     *
     * @param conflicts each field and its owner, at least one
     * @param message the server's message
     */
    record Conflicted(List<FieldConflict> conflicts, String message) implements ApplyResult {
        /** Validates and copies the parts. */
        public Conflicted {
            conflicts = List.copyOf(conflicts);
            Objects.requireNonNull(message, "message");
            if (conflicts.isEmpty()) {
                throw new IllegalArgumentException("a conflict names at least one field");
            }
        }
    }

    /**
     * Validation or admission refused the object (an admission webhook, a validating policy, the
     * schema, the rights of the caller); nothing was changed.
     *
     * @param message the server's message, for a person
     */
    record Refused(String message) implements ApplyResult {
        /** Validates the message. */
        public Refused {
            Objects.requireNonNull(message, "message");
        }
    }
}
