package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * Where a field of a document is, for problems found after the document's text is gone: checks
 * across documents (a cluster's unknown release, an upgrade's stage) are made from records that know
 * only where their document starts.
 *
 * <p>{@link #locate} is handed the location of a document's start and an RFC 6901 pointer into it
 * ({@code /spec/release}); it answers the field's location (or its nearest ancestor's), or the
 * location it was handed when it does not know the document. It must not throw. The locator over
 * documents read from text is {@code SourceDocument.locator}.
 */
@FunctionalInterface
@API(status = MAINTAINED, since = "0.1")
public interface FieldLocator {
    /** The location of the field at {@code pointer} in the document starting at {@code document}. */
    SourceLocation locate(SourceLocation document, String pointer);

    /** The locator that knows no text: every field is at its document's start. */
    static FieldLocator documentOnly() {
        return (document, pointer) -> document;
    }
}
