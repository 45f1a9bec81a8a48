package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.path.PatternMatcher;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A {@link FieldRules} set compiled for walking documents: the rules by specificity with their path
 * matchers, built once per merge so that each document only picks the rules whose match selects it;
 * and the built-in list table the walk follows where no rule keys a list. The built-in sensitive
 * fields ({@link SensitiveValues#BUILT_IN}) follow the rules, least specific of all: they set
 * nothing else, so they change no other decision.
 */
@API(status = INTERNAL, since = "0.1")
public final class CompiledRules {
    private final List<FieldRule> bySpecificity;
    private final List<PatternMatcher> matchers;
    private final ListSchema lists;

    private CompiledRules(FieldRules rules, ListSchema lists) {
        List<FieldRule> all = new ArrayList<>(rules.bySpecificity());
        all.addAll(SensitiveValues.BUILT_IN.rules());
        this.bySpecificity = List.copyOf(all);
        this.matchers = bySpecificity.stream().map(r -> PatternMatcher.of(r.path())).toList();
        this.lists = lists;
    }

    /** Compiles a rule set, without built-in lists. */
    public static CompiledRules of(FieldRules rules) {
        return new CompiledRules(rules, ListSchema.NONE);
    }

    /** Compiles a rule set, with a built-in list table for lists no rule keys. */
    public static CompiledRules of(FieldRules rules, ListSchema lists) {
        return new CompiledRules(rules, lists);
    }

    /** The settings at the root of a document; step down with {@link FieldPolicy#child}. */
    public FieldPolicy policyFor(Document doc) {
        List<FieldRule> applicable = new ArrayList<>();
        List<PatternMatcher> compiled = new ArrayList<>();
        for (int i = 0; i < bySpecificity.size(); i++) {
            if (bySpecificity.get(i).match().matches(doc)) {
                applicable.add(bySpecificity.get(i));
                compiled.add(matchers.get(i));
            }
        }
        return FieldPolicy.root(applicable, compiled, lists.root(doc.apiVersion(), doc.id().kind()));
    }
}
