package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * An ordered set of {@link FieldRule}s and the way the merge picks among them.
 *
 * <h2>Which rule decides</h2>
 * For a field at path P of document D, the candidates are the rules whose {@code match} selects D
 * and whose {@code path} matches P or an ancestor of P (a rule covers the subtree below its path;
 * {@code listKeys} and {@code listType} only apply where the path matches exactly). For each
 * setting separately, the most specific candidate that sets it wins; a setting no candidate sets
 * takes its default. Specificity compares, in order:
 * <ol>
 *   <li>the document match: a literal name beats a name glob beats no name; then the same for the
 *       kind; then for the apiVersion;
 *   <li>the path pattern: more literal steps beat fewer; then fewer {@code **}; then fewer
 *       {@code *} and {@code [*]};
 *   <li>declaration order: the rule written first wins.
 * </ol>
 * Two rules with the same match and the same path are rejected when read, since the second could
 * never decide anything.
 *
 * <p>Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FieldRules {
    /**
     * The {@code FieldRules} document kind: {@code apiVersion: upshift.dev/v1alpha1},
     * {@code kind: FieldRules}, {@code metadata.name} and {@code spec.fieldRules: [...]}, each item
     * as {@link FieldRule} describes. Read together, a rule repeated in a later document is an error
     * as it is within one.
     */
    public static final DocumentKind<FieldRules> KIND = DocumentKind.builder("FieldRules", FieldRulesReader::read)
            .readAllWith(FieldRulesReader::readAll).build();
    private static final FieldRules NONE = new FieldRules(List.of());

    private final List<FieldRule> rules;
    private final List<FieldRule> bySpecificity;

    private FieldRules(List<FieldRule> rules) {
        this.rules = List.copyOf(rules);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < this.rules.size(); i++) {
            order.add(i);
        }
        Comparator<Integer> bySpecificityDesc = (a, b) -> this.rules.get(b).match().compareSpecificity(this.rules.get(a).match());
        order.sort(bySpecificityDesc
                .thenComparing((a, b) -> this.rules.get(b).path().compareSpecificity(this.rules.get(a).path()))
                .thenComparing(Comparator.naturalOrder()));
        List<FieldRule> sorted = order.stream().map(this.rules::get).toList();
        this.bySpecificity = List.copyOf(sorted);
    }

    /** No rules: every setting takes its default. */
    public static FieldRules none() {
        return NONE;
    }

    /**
     * Rules in declaration order.
     *
     * @throws IllegalArgumentException when two rules have the same match and path
     */
    public static FieldRules of(List<FieldRule> rules) {
        for (int i = 0; i < rules.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (rules.get(i).sameTarget(rules.get(j))) {
                    throw new IllegalArgumentException("two rules for " + rules.get(i).describe());
                }
            }
        }
        return new FieldRules(rules);
    }

    /** Rules in declaration order. */
    public static FieldRules of(FieldRule... rules) {
        return of(List.of(rules));
    }

    /**
     * Reads {@code FieldRules} documents and concatenates their rules in order. Every document must
     * be of kind {@code FieldRules}; a rule with the same match and path as one declared before, in
     * the same document or an earlier one, is an error.
     *
     * @throws InputException with every problem found
     */
    public static FieldRules readDocuments(List<SourceDocument> documents) {
        Problems problems = new Problems();
        FieldRules rules = readDocuments(documents, problems);
        problems.throwIfErrors();
        return rules;
    }

    /**
     * Reads {@code FieldRules} documents as {@link #readDocuments(List)} does, recording problems
     * instead of throwing; documents with errors are left out.
     */
    public static FieldRules readDocuments(List<SourceDocument> documents, Problems problems) {
        List<SourceDocument> current = new ArrayList<>();
        for (SourceDocument d : documents) {
            KIND.check(d, problems).ifPresent(current::add);
        }
        List<FieldRule> all = new ArrayList<>();
        KIND.readAll(current, problems).forEach(r -> all.addAll(r.rules));
        return new FieldRules(all);
    }

    /** The rules in declaration order. */
    public List<FieldRule> rules() {
        return rules;
    }

    /** The rules from most to least specific (ties in declaration order). */
    public List<FieldRule> bySpecificity() {
        return bySpecificity;
    }

    /** Whether there are no rules. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** These rules followed by others (which lose ties of specificity). */
    public FieldRules and(FieldRules more) {
        List<FieldRule> all = new ArrayList<>(rules);
        all.addAll(more.rules);
        return of(all);
    }

    @Override
    public String toString() {
        return rules.toString();
    }
}
