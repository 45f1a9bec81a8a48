package dev.upshift.examples.cli;

import dev.upshift.diff.input.Problems;
import dev.upshift.diff.input.SourceDocument;
import java.util.List;

/** Checks loaded documents by kind; each kind's reader adds its problems. */
final class Validation {
    private Validation() {}

    static void check(List<SourceDocument> docs, Problems problems) {
        // kinds are wired in as their readers land
    }
}
