package dev.upshift.diff.rule;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PathPattern;

import dev.upshift.diff.kind.ApiVersions;
import dev.upshift.diff.problem.InputException;
import dev.upshift.diff.kind.Metadata;
import dev.upshift.diff.kind.Migrations;
import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
public final class FieldRules {
    /** The kind of a standalone rules document. */
    public static final String KIND = "FieldRules";
    /** The apiVersion rules documents are read at. */
    public static final String API_VERSION = ApiVersions.CURRENT;
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
                if (sameTarget(rules.get(i), rules.get(j))) {
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
     * Reads the items of a {@code fieldRules} list (a Release's {@code spec.fieldRules}, or a
     * {@code FieldRules} document's). Problems go to each view's collector, with positions; items
     * with errors are left out.
     */
    public static FieldRules read(List<ObjectView> items) {
        List<FieldRule> out = new ArrayList<>();
        for (ObjectView item : items) {
            FieldRule.read(item).ifPresent(rule -> {
                Optional<FieldRule> twin = out.stream().filter(r -> sameTarget(r, rule)).findFirst();
                if (twin.isPresent()) {
                    item.error("path", "a rule with the same match and path is already declared at "
                            + twin.get().location() + "; merge the two");
                } else {
                    out.add(rule);
                }
            });
        }
        return new FieldRules(out);
    }

    /**
     * Reads {@code FieldRules} documents ({@code apiVersion: upshift.dev/v1alpha1},
     * {@code kind: FieldRules}, {@code metadata.name}, {@code spec.fieldRules: [...]}); the rules of
     * several documents are concatenated in order.
     *
     * @throws InputException with every problem found
     */
    public static FieldRules readDocuments(List<SourceDocument> documents) {
        Problems problems = new Problems();
        FieldRules rules = readDocuments(documents, problems);
        problems.throwIfErrors();
        return rules;
    }

    /** Reads {@code FieldRules} documents, recording problems instead of throwing; rules with errors are left out. */
    public static FieldRules readDocuments(List<SourceDocument> documents, Problems problems) {
        List<ObjectView> items = new ArrayList<>();
        for (SourceDocument loaded : documents) {
            migrations().migrate(loaded, problems).ifPresent(doc -> {
                ObjectView root = ObjectView.of(doc, problems);
                root.string("apiVersion");
                root.string("kind");
                Metadata.read(root);
                root.requiredObject("spec").ifPresent(spec -> {
                    items.addAll(spec.objects("fieldRules"));
                    spec.rejectUnknownFields();
                });
                root.rejectUnknownFields();
            });
        }
        return read(items);
    }

    /** The kinds and versions {@link #readDocuments} accepts (no older versions yet). */
    public static Migrations migrations() {
        return Migrations.none(Map.of(KIND, API_VERSION));
    }

    private static boolean sameTarget(FieldRule a, FieldRule b) {
        return a.match().equals(b.match()) && a.path().text().equals(b.path().text());
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
