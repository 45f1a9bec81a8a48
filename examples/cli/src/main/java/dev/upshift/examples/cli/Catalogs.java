package dev.upshift.examples.cli;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.release.ReleaseCatalog;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Loads a release catalog from a folder for the commands that need one. */
final class Catalogs {
    private Catalogs() {}

    /** Loads every Release below {@code dir}; prints warnings, throws with every error. */
    static ReleaseCatalog load(Path dir, PrintWriter err) {
        return load(dir, InputStream.nullInputStream(), err);
    }

    /** Loads every Release below {@code dir} (or of standard input for {@code -}); prints warnings, throws with every error. */
    static ReleaseCatalog load(Path dir, InputStream stdin, PrintWriter err) {
        Problems problems = new Problems();
        List<SourceDocument> docs = FleetKinds.standard().check(Inputs.load(dir, stdin, problems), problems);
        ReleaseCatalog catalog = ReleaseCatalog.read(docs, problems);
        problems.throwIfErrors();
        problems.warnings().forEach(err::println);
        return catalog;
    }
}
