package dev.upshift.core.select;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ManagedCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled matchers (seed 001): which clusters an upgrade, or one of its stages, selects.
 *
 * <h2>Matching</h2>
 * A cluster is selected when <em>any</em> matcher selects it; a selector of no matchers selects
 * nothing. A matcher looks at the label its {@code key} names, or at the cluster's id when it has no
 * key; a cluster without that label is never selected by it (not even by a regular expression that
 * matches the empty text). Without {@code isRegex}, the value must equal the text exactly, case
 * included. With {@code isRegex}, the value is a regular expression in RE2 syntax that must match
 * the <em>whole</em> text: {@code dev|test} selects {@code dev} and {@code test}, never
 * {@code devops}.
 *
 * <h2>Bounded work</h2>
 * Regular expressions run on RE2/J, which never backtracks: matching takes time proportional to the
 * length of the text times the size of the expression, so no expression a user writes can hang a
 * plan ({@code (a+)+$} included). Expressions are limited to {@value #MAX_REGEX_LENGTH} characters
 * and, once their counted repetitions are expanded ({@code x{1000}} is a thousand copies of x), to
 * about {@value #MAX_REGEX_SIZE} steps; {@link #checkRegex} says why one is refused. A selector
 * remembers a regular expression's answer for each of the first few thousand short texts it meets,
 * so that a fleet's repeated label values are matched once each.
 *
 * <p>Immutable and thread-safe.
 */
public final class ClusterSelector {
    /** The longest regular expression accepted, in characters. */
    public static final int MAX_REGEX_LENGTH = 1_000;
    /** The largest regular expression accepted once counted repetitions are expanded, in steps. */
    public static final int MAX_REGEX_SIZE = 10_000;

    private final List<ClusterMatcher> matchers;
    private final List<Compiled> compiled;

    private ClusterSelector(List<ClusterMatcher> matchers, List<Compiled> compiled) {
        this.matchers = matchers;
        this.compiled = compiled;
    }

    /**
     * Compiles matchers.
     *
     * @throws IllegalArgumentException when a regular expression is invalid or too large (the
     *     message says which and why)
     */
    public static ClusterSelector of(List<ClusterMatcher> matchers) {
        List<ClusterMatcher> copy = List.copyOf(matchers);
        List<Compiled> out = new ArrayList<>(copy.size());
        for (ClusterMatcher m : copy) {
            out.add(new Compiled(m.key(), m.value(), m.isRegex() ? Optional.of(compile(m.value())) : Optional.empty(),
                    new ConcurrentHashMap<>()));
        }
        return new ClusterSelector(copy, List.copyOf(out));
    }

    /** {@link #of(List)} with the matchers given one by one. */
    public static ClusterSelector of(ClusterMatcher... matchers) {
        return of(List.of(matchers));
    }

    /**
     * Checks a regular expression as a matcher would compile it.
     *
     * @throws IllegalArgumentException saying what is wrong, in words meant for the person who wrote
     *     it: a syntax error (with the part that is wrong), or an expression too long or too large
     */
    public static void checkRegex(String regex) {
        compile(regex);
    }

    /** Whether any matcher selects the cluster. */
    public boolean selects(ManagedCluster cluster) {
        return selects(cluster.id(), cluster.labels());
    }

    /** Whether any matcher selects a cluster of this id and these labels. */
    public boolean selects(String id, Map<String, String> labels) {
        for (Compiled c : compiled) {
            String text = c.key().isPresent() ? labels.get(c.key().get()) : id;
            if (text != null && c.matchesRemembered(text)) {
                return true;
            }
        }
        return false;
    }

    /** The matchers, in order. */
    public List<ClusterMatcher> matchers() {
        return matchers;
    }

    List<Compiled> compiled() {
        return compiled;
    }

    @Override
    public String toString() {
        return matchers.toString();
    }

    private static Pattern compile(String regex) {
        Objects.requireNonNull(regex, "regex");
        if (regex.length() > MAX_REGEX_LENGTH) {
            throw new IllegalArgumentException("regular expression of " + regex.length() + " characters; at most "
                    + MAX_REGEX_LENGTH + " are accepted");
        }
        if (RegexSize.estimate(regex) > MAX_REGEX_SIZE) {
            throw new IllegalArgumentException("regular expression too large once its repetitions are expanded"
                    + " (more than " + MAX_REGEX_SIZE + " steps); use fewer or smaller {n} counts");
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            String part = e.getPattern();
            throw new IllegalArgumentException("invalid regular expression: " + e.getDescription()
                    + (part == null || part.isEmpty() || part.equals(regex) ? "" : " at '" + part + "'")
                    + " (RE2 syntax)");
        }
    }

    /**
     * One matcher, ready to run; {@code matches} takes any text, so tests can count the work.
     * A regular expression's answers are remembered per text (up to {@link #MEMO_TEXTS} texts of at
     * most {@link #MEMO_TEXT_LENGTH} characters): a fleet repeats a few label values across many
     * clusters, and running the expression costs far more than looking the answer up.
     */
    record Compiled(Optional<String> key, String value, Optional<Pattern> regex, Map<String, Boolean> memo) {
        static final int MEMO_TEXTS = 4_096;
        static final int MEMO_TEXT_LENGTH = 256;

        boolean matches(CharSequence text) {
            return regex.isPresent() ? regex.get().matcher(text).matches() : value.contentEquals(text);
        }

        boolean matchesRemembered(String text) {
            if (regex.isEmpty()) {
                return value.equals(text);
            }
            Boolean known = memo.get(text);
            if (known != null) {
                return known;
            }
            boolean matches = matches(text);
            if (text.length() <= MEMO_TEXT_LENGTH && memo.size() < MEMO_TEXTS) {
                memo.put(text, matches);
            }
            return matches;
        }
    }
}
