package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One forward step of a document kind's schema, from one {@code apiVersion} to the next.
 *
 * <p>A migration follows the rules a rolling upgrade needs (old and new readers side by side):
 * it adds the fields the newer version expects, derived from the old ones, and keeps the old
 * fields as they were; a change that cannot keep old readers working gets a new {@code apiVersion}
 * instead of an edit in place. {@link #migrate} must be idempotent: applied to its own output it
 * changes nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Migration {

    /** The document kind this step applies to ({@code Release}, {@code MaintenanceSchedule}, ...). */
    String kind();

    /** The {@code apiVersion} this step reads. */
    String fromApiVersion();

    /** The {@code apiVersion} this step produces. */
    String toApiVersion();

    /**
     * Rewrites a copy of the document in place to the newer schema. {@code apiVersion} is set by the
     * caller afterwards. Problems found (an old value that cannot be carried forward) go to
     * {@code problems}, located through {@code document}.
     *
     * @param tree a private copy of the document's tree, to change
     * @param document the document as loaded, for positions
     * @param problems where to record problems
     */
    void migrate(ObjectNode tree, SourceDocument document, Problems problems);

    /**
     * RFC 6901 pointers of the old fields this step keeps beside their replacements, which readers
     * of the newer version must accept without using. Empty by default.
     */
    default Set<String> legacyFields() {
        return Set.of();
    }
}
