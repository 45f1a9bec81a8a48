package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.path.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Builds {@link MergeResult#masked()}: the same result with every sensitive value masked. */
final class MaskedView {
    private final MergeResult result;
    private final CompiledRules rules;
    private boolean any;

    private MaskedView(MergeResult result, CompiledRules rules) {
        this.result = result;
        this.rules = rules;
    }

    /** The masked result; null when nothing in it is sensitive. */
    static MergeResult of(MergeResult result, CompiledRules rules) {
        MaskedView v = new MaskedView(result, rules);
        Optional<DocumentSet> base = result.base().map(v::mask);
        DocumentSet current = v.mask(result.current());
        DocumentSet target = v.mask(result.target());
        DocumentSet documents = v.mask(result.documents());
        List<FieldChange> changes = result.changes().stream().map(v::mask).toList();
        List<ListDecision> lists = result.listDecisions().stream().map(v::mask).toList();
        return v.any ? new MergeResult(base, current, target, documents, changes, lists, rules, true) : null;
    }

    private DocumentSet mask(DocumentSet set) {
        List<Document> out = new ArrayList<>(set.size());
        boolean changed = false;
        for (Document d : set.documents()) {
            JsonNode m = Masking.mask(rules.policyFor(d), d.tree());
            changed |= m != d.tree();
            out.add(m == d.tree() ? d : d.withTree((ObjectNode) m));
        }
        any |= changed;
        return changed ? DocumentSet.ofDocuments(out) : set;
    }

    private FieldChange mask(FieldChange c) {
        if (!c.sensitive()) {
            return c;
        }
        any = true;
        FieldPolicy p = Masking.at(rules.policyFor(documentOf(c.document())), c.path());
        return new FieldChange(c.document(), c.path(), c.base().map(v -> Masking.mask(p, v)),
                c.current().map(v -> Masking.mask(p, v)), c.target().map(v -> Masking.mask(p, v)),
                c.result().map(v -> Masking.mask(p, v)), c.rule(), c.reason(), c.resolution(), c.message(), c.impact(),
                true, c.shownPath());
    }

    /** The decision with its path as shown (a list below an item whose key is sensitive). */
    private ListDecision mask(ListDecision d) {
        FieldPath shown = Masking.shownPath(rules.policyFor(documentOf(d.document())), d.path());
        if (shown == d.path()) {
            return d;
        }
        any = true;
        return new ListDecision(d.document(), shown, d.type(), d.keys(), d.keyDefaults(), d.decidedBy(), d.rule(),
                d.explanation());
    }

    /** The document whose rules the merge walked for {@code id}: the cluster's, else the target's, base's or merged one. */
    private Document documentOf(DocumentId id) {
        return result.current().get(id).or(() -> result.target().get(id))
                .or(() -> result.base().flatMap(b -> b.get(id))).or(() -> result.documents().get(id)).orElseThrow();
    }
}
