package dev.upshift.diff.internal;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link FieldRules} set compiled for walking documents: the rules by specificity with their path
 * matchers, built once per merge so that each document only picks the rules whose match selects it.
 */
public final class CompiledRules {
    private final List<FieldRule> bySpecificity;
    private final List<PatternMatcher> matchers;

    private CompiledRules(FieldRules rules) {
        this.bySpecificity = rules.bySpecificity();
        this.matchers = bySpecificity.stream().map(r -> PatternMatcher.of(r.path())).toList();
    }

    /** Compiles a rule set. */
    public static CompiledRules of(FieldRules rules) {
        return new CompiledRules(rules);
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
        return FieldPolicy.root(applicable, compiled);
    }
}
