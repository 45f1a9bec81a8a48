package dev.upshift.diff.path;

import dev.upshift.diff.internal.PathSyntax;
import dev.upshift.diff.internal.PatternMatcher;
import java.util.List;
import java.util.Objects;

/**
 * A pattern over {@link FieldPath}s, written in the same dotted syntax with wildcards:
 * <ul>
 *   <li>{@code *} stands for exactly one step of any kind (a field or a list item);
 *   <li>{@code [*]} stands for exactly one list item (whatever its key);
 *   <li>{@code **} stands for any number of steps, none included.
 * </ul>
 * Literal list steps match by key: {@code [name=md-0]} matches the item whose key includes
 * {@code name=md-0} (a subset of a composite key is enough); {@code [=value]} matches that set item.
 * Patterns never contain indices: lists are matched by key, not position.
 *
 * <p>Examples: {@code spec.replicas}, {@code spec.template.spec.containers[*].image},
 * {@code spec.topology.workers.machineDeployments[name=md-0].replicas}, {@code **.image},
 * {@code metadata.annotations["example.com/owner"]}.
 *
 * <p>Specificity, used to pick among rules: more literal steps beat fewer; then fewer {@code **};
 * then fewer {@code *} and {@code [*]}. {@link #compareSpecificity} orders by it.
 *
 * @param text the pattern as written
 */
public record PathPattern(String text) {

    /**
     * Parses and validates the pattern.
     *
     * @throws IllegalArgumentException naming the character where the text is wrong
     */
    public PathPattern {
        Objects.requireNonNull(text, "text");
        PathSyntax.parse(text, true);
    }

    /** Parses a pattern (same as the constructor). */
    public static PathPattern parse(String text) {
        return new PathPattern(text);
    }

    private List<Object> segments() {
        return PathSyntax.parse(text, true);
    }

    /** Whether the pattern matches exactly this path. */
    public boolean matches(FieldPath path) {
        PatternMatcher m = PatternMatcher.of(this);
        long state = m.start();
        for (PathElement e : path.elements()) {
            state = m.step(state, e);
            if (state == 0) {
                return false;
            }
        }
        return m.accepts(state);
    }

    /** Whether the pattern matches this path or one of its ancestors (a rule covers a subtree). */
    public boolean covers(FieldPath path) {
        PatternMatcher m = PatternMatcher.of(this);
        long state = m.start();
        if (m.accepts(state)) {
            return true;
        }
        for (PathElement e : path.elements()) {
            state = m.step(state, e);
            if (state == 0) {
                return false;
            }
            if (m.accepts(state)) {
                return true;
            }
        }
        return false;
    }

    /** The number of literal steps (fields, keys, set values). */
    public int literalSteps() {
        return (int) segments().stream().filter(s -> s instanceof PathElement).count();
    }

    /** The number of {@code **}. */
    public int deepWildcards() {
        return (int) segments().stream().filter(s -> s == PathSyntax.Wildcard.ANY_DEPTH).count();
    }

    /** The number of {@code *} and {@code [*]}. */
    public int singleWildcards() {
        return (int) segments().stream()
                .filter(s -> s == PathSyntax.Wildcard.ANY || s == PathSyntax.Wildcard.ANY_ITEM).count();
    }

    /** Whether the last step selects a list item (so the pattern can never name a list itself). */
    public boolean endsWithItem() {
        List<Object> s = segments();
        Object last = s.get(s.size() - 1);
        return last == PathSyntax.Wildcard.ANY_ITEM || last instanceof PathElement.Key
                || last instanceof PathElement.Value;
    }

    /**
     * Compares specificity: positive when this pattern is more specific than {@code other} (more
     * literal steps; then fewer {@code **}; then fewer single wildcards), zero when equally specific.
     */
    public int compareSpecificity(PathPattern other) {
        int c = Integer.compare(literalSteps(), other.literalSteps());
        if (c == 0) c = Integer.compare(other.deepWildcards(), deepWildcards());
        if (c == 0) c = Integer.compare(other.singleWildcards(), singleWildcards());
        return c;
    }

    @Override
    public String toString() {
        return text;
    }
}
