package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ManagedCluster;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

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
 * about {@value #MAX_REGEX_SIZE} steps; {@link #checkRegex} says why one is refused.
 *
 * <p>Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
            out.add(new Compiled(m.key(), m.value(), m.isRegex() ? Optional.of(compile(m.value())) : Optional.empty()));
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
            if (text != null && c.matches(text)) {
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
     * This selector for one pass over a fleet: the same answers as {@link #selects}, with each
     * regular expression's answer remembered per text (up to {@link Remembering#MEMO_TEXTS} texts of
     * at most {@link Remembering#MEMO_TEXT_LENGTH} characters). A fleet repeats a few label values
     * across many clusters, and running the expression costs far more than looking the answer up.
     * Not thread-safe: one per pass, dropped after it, so the selector itself stays immutable.
     */
    Remembering remembering() {
        return remembering(LabelReader.of(List.of(this)));
    }

    /**
     * {@link #remembering()} reading labels through a reader shared by every selector of the pass,
     * so that each cluster's labels are looked up once for all of them ({@link LabelReader#read}
     * before {@link Remembering#selectsRead}).
     */
    Remembering remembering(LabelReader reader) {
        return new Remembering(this, reader);
    }

    /** One matcher, ready to run; {@code matches} takes any text, so tests can count the work. */
    record Compiled(Optional<String> key, String value, Optional<Pattern> regex) {
        boolean matches(CharSequence text) {
            return regex.isPresent() ? regex.get().matcher(text).matches() : value.contentEquals(text);
        }
    }

    /**
     * The labels the matchers of some selectors read, looked up once per cluster: a fleet pass tests
     * each cluster against every upgrade and stage, whose matchers mostly read the same few keys.
     */
    static final class LabelReader {
        private final Map<String, Integer> slots;
        private final String[] keys;
        private final String[] values;
        private ManagedCluster current;

        private LabelReader(Map<String, Integer> slots) {
            this.slots = slots;
            this.keys = slots.keySet().toArray(new String[0]);
            this.values = new String[keys.length];
        }

        static LabelReader of(List<ClusterSelector> selectors) {
            Map<String, Integer> slots = new LinkedHashMap<>();
            for (ClusterSelector s : selectors) {
                for (Compiled c : s.compiled) {
                    c.key().ifPresent(k -> slots.putIfAbsent(k, slots.size()));
                }
            }
            return new LabelReader(slots);
        }

        void read(ManagedCluster cluster) {
            current = cluster;
            Map<String, String> labels = cluster.labels();
            for (int i = 0; i < keys.length; i++) {
                values[i] = labels.get(keys[i]);
            }
        }

        int slot(Optional<String> key) {
            return key.map(slots::get).orElse(-1);
        }

        String text(int slot) {
            return slot < 0 ? current.id() : values[slot];
        }
    }

    /** See {@link #remembering()}. */
    static final class Remembering {
        static final int MEMO_TEXTS = 4_096;
        static final int MEMO_TEXT_LENGTH = 256;

        private final List<Compiled> compiled;
        private final List<Map<String, Boolean>> memos;
        private final LabelReader reader;
        private final int[] slots;

        private Remembering(ClusterSelector selector, LabelReader reader) {
            this.compiled = selector.compiled;
            this.reader = reader;
            this.memos = new ArrayList<>(compiled.size());
            this.slots = new int[compiled.size()];
            for (int i = 0; i < compiled.size(); i++) {
                memos.add(new HashMap<>());
                slots[i] = reader.slot(compiled.get(i).key());
                if (compiled.get(i).key().isPresent() && slots[i] < 0) {
                    throw new IllegalArgumentException("the reader does not read label " + compiled.get(i).key().get());
                }
            }
        }

        /** Whether the selector selects the cluster; reads its labels. */
        boolean selects(ManagedCluster cluster) {
            reader.read(cluster);
            return selectsRead();
        }

        /** Whether the selector selects the cluster the shared reader read last. */
        boolean selectsRead() {
            for (int i = 0; i < compiled.size(); i++) {
                String text = reader.text(slots[i]);
                if (text != null && matches(compiled.get(i), memos.get(i), text)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean matches(Compiled c, Map<String, Boolean> memo, String text) {
            if (c.regex().isEmpty()) {
                return c.value().equals(text);
            }
            Boolean known = memo.get(text);
            if (known != null) {
                return known;
            }
            boolean matches = c.matches(text);
            if (text.length() <= MEMO_TEXT_LENGTH && memo.size() < MEMO_TEXTS) {
                memo.put(text, matches);
            }
            return matches;
        }

        List<Map<String, Boolean>> memos() {
            return memos;
        }
    }
}
