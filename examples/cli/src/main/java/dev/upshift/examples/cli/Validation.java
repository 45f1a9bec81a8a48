package dev.upshift.examples.cli;

import dev.upshift.diff.input.Problems;
import dev.upshift.diff.input.SourceDocument;
import dev.upshift.release.ReleaseCatalog;
import java.util.List;

/** Checks loaded documents: kind and apiVersion first, then each kind's own reader and cross-checks. */
final class Validation {
    private Validation() {}

    static void check(List<SourceDocument> docs, Problems problems) {
        List<SourceDocument> known = Kinds.checked(docs, problems);
        ReleaseCatalog.read(known, problems);
    }
}
