package dev.upshift.diff.merge;

import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.rule.FieldRules;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** The fixtures under {@code src/test/resources/scenarios/NAME/}. */
final class Scenarios {
    private Scenarios() {}

    static List<SourceDocument> load(String scenario, String file) {
        String name = "scenarios/" + scenario + "/" + file;
        try (InputStream in = Scenarios.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return DocumentLoader.create().load(file, in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DocumentSet set(String scenario, String file) {
        return DocumentSet.read(load(scenario, file));
    }

    static MergeResult merge(String scenario, FieldRules rules) {
        return merge(scenario, ThreeWayMerge.withRules(rules));
    }

    static MergeResult merge(String scenario, ThreeWayMerge merge) {
        return merge.merge(set(scenario, "base.yaml"), set(scenario, "current.yaml"), set(scenario, "target.yaml"));
    }
}
