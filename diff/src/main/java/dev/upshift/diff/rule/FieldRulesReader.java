package dev.upshift.diff.rule;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads {@code FieldRules} documents for {@link FieldRules#KIND}. */
final class FieldRulesReader {
    private FieldRulesReader() {}

    static Optional<FieldRules> read(SourceDocument document, Problems problems) {
        return Optional.of(SpecLists.fieldRules(items(document, problems)));
    }

    /** Reads the documents' items as one list, so that a rule repeated in a later document is caught too. */
    static List<FieldRules> readAll(List<SourceDocument> documents, DocumentKind.Reader<FieldRules> one, Problems problems) {
        List<FieldRule> declared = new ArrayList<>();
        List<FieldRules> out = new ArrayList<>();
        for (SourceDocument d : documents) {
            Problems mine = new Problems();
            FieldRules rules = SpecLists.fieldRules(items(d, mine), declared);
            problems.addAll(mine.all());
            if (!mine.hasErrors()) {
                out.add(rules);
            }
        }
        return out;
    }

    private static List<ObjectView> items(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        if (root.spec().isEmpty()) {
            return List.of();
        }
        ObjectView spec = root.spec().get();
        List<ObjectView> items = spec.objects("fieldRules");
        spec.rejectUnknownFields();
        return items;
    }
}
