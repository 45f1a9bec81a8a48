package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SyntaxException;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

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
 * <p>Immutable; two patterns are equal when their texts are.
 */
@API(status = MAINTAINED, since = "0.1")
public final class PathPattern {
    private final String text;
    private final List<PatternStep> steps;
    private final PatternMatcher matcher;

    private PathPattern(String text, List<PatternStep> steps) {
        this.text = text;
        this.steps = steps;
        this.matcher = PatternMatcher.of(steps);
    }

    /**
     * Parses and validates a pattern.
     *
     * @throws SyntaxException naming the character where the text is wrong
     */
    public static PathPattern parse(String text) {
        Objects.requireNonNull(text, "text");
        return new PathPattern(text, PathSyntax.parsePattern(text));
    }

    /** The pattern as written. */
    public String text() {
        return text;
    }

    /** Whether the pattern matches exactly this path. */
    public boolean matches(FieldPath path) {
        long state = matcher.start();
        for (PathElement e : path.elements()) {
            state = matcher.step(state, e);
            if (state == 0) {
                return false;
            }
        }
        return matcher.accepts(state);
    }

    /** Whether the pattern matches this path or one of its ancestors (a rule covers a subtree). */
    public boolean covers(FieldPath path) {
        long state = matcher.start();
        if (matcher.accepts(state)) {
            return true;
        }
        for (PathElement e : path.elements()) {
            state = matcher.step(state, e);
            if (state == 0) {
                return false;
            }
            if (matcher.accepts(state)) {
                return true;
            }
        }
        return false;
    }

    /** The number of literal steps (fields, keys, set values). */
    public int literalSteps() {
        return (int) steps.stream().filter(s -> s.literal().isPresent()).count();
    }

    /** The number of {@code **}. */
    public int deepWildcards() {
        return (int) steps.stream().filter(s -> s == PathWildcard.ANY_DEPTH).count();
    }

    /** The number of {@code *} and {@code [*]}. */
    public int singleWildcards() {
        return (int) steps.stream().filter(s -> s == PathWildcard.ANY_STEP || s == PathWildcard.ANY_ITEM).count();
    }

    /** Whether the last step is {@code **}, so that the pattern matches every node below where it starts. */
    public boolean endsWithAnyDepth() {
        return steps.get(steps.size() - 1) == PathWildcard.ANY_DEPTH;
    }

    /** Whether the last step selects a list item (so the pattern can never name a list itself). */
    public boolean endsWithItem() {
        PatternStep last = steps.get(steps.size() - 1);
        return last == PathWildcard.ANY_ITEM
                || last.literal().filter(e -> e instanceof PathElement.Key || e instanceof PathElement.Value).isPresent();
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
    public boolean equals(Object o) {
        return o instanceof PathPattern p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The pattern as written. */
    @Override
    public String toString() {
        return text;
    }
}
