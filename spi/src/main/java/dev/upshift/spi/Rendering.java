package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.document.DocumentSet;
import java.util.Objects;
import org.apiguardian.api.API;

/** What a {@link Renderer} answers: the rendered documents, or why the cluster cannot be rendered. */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Rendering permits Rendering.Rendered, Rendering.Rejected {

    /** The cluster renders to these documents. */
    static Rendered rendered(DocumentSet documents) {
        return new Rendered(documents);
    }

    /**
     * The cluster cannot be rendered at the release.
     *
     * @param reason why, for the person who finds the cluster blocked; not blank
     */
    static Rejected rejected(String reason) {
        return new Rejected(reason);
    }

    /**
     * The cluster's documents at the release (server noise already stripped, as
     * {@link DocumentSet} does).
     *
     * @param documents the rendered documents
     */
    record Rendered(DocumentSet documents) implements Rendering {
        /** Validates the part. */
        public Rendered {
            Objects.requireNonNull(documents, "documents");
        }
    }

    /**
     * The cluster cannot be rendered at the release; it is blocked with this reason.
     *
     * @param reason why, for a person; not blank
     */
    record Rejected(String reason) implements Rendering {
        /** Validates the reason. */
        public Rejected {
            Objects.requireNonNull(reason, "reason");
            if (reason.isBlank()) {
                throw new IllegalArgumentException("a rejected rendering needs a reason");
            }
        }
    }
}
