package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Collects the problems found while reading an input so that all of them are reported at once.
 *
 * <h2>Caps</h2>
 *
 * <p>A broken or hostile input can hold millions of problems. A collector keeps at most
 * {@link #DEFAULT_PER_SOURCE} problems per source (file) and {@link #DEFAULT_TOTAL} in all, unless
 * made with other caps; the rest are counted, not kept. For each source that lost problems,
 * {@link #all()} ends with one summary problem at the first one left out, such as
 * {@code f.yaml:812:3: 12,345 more problems from here on are not shown (at most 100 per file and
 * 1,000 in all)}; it is an error when any problem left out was one. So every reader that prints
 * {@link #all()} prints a bounded report that still says how much is wrong.
 *
 * <p>Not thread-safe: one collector serves one reading.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Problems {
    /** How many problems of one source a collector keeps by default. */
    public static final int DEFAULT_PER_SOURCE = 100;

    /** How many problems a collector keeps in all by default. */
    public static final int DEFAULT_TOTAL = 1_000;

    private static final String ELSEWHERE = "\u0000elsewhere";

    private final int perSource;
    private final int total;
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, Integer> kept = new LinkedHashMap<>();
    private final Map<String, Omitted> omitted = new LinkedHashMap<>();
    private boolean hasErrors;

    private static final class Omitted {
        final SourceLocation first;
        final java.util.Set<String> sources = new java.util.HashSet<>();
        long count;
        boolean anError;

        Omitted(SourceLocation first) {
            this.first = first;
        }
    }

    /** A collector with the default caps. */
    public Problems() {
        this(DEFAULT_PER_SOURCE, DEFAULT_TOTAL);
    }

    private Problems(int perSource, int total) {
        if (perSource < 1 || total < 1) {
            throw new IllegalArgumentException("the caps must be positive, got " + perSource + " and " + total);
        }
        this.perSource = perSource;
        this.total = total;
    }

    /**
     * A collector that keeps at most {@code perSource} problems of one source and {@code total} in all.
     *
     * @throws IllegalArgumentException if a cap is below 1
     */
    public static Problems withCaps(int perSource, int total) {
        return new Problems(perSource, total);
    }

    /** Adds a problem (or counts it, beyond the caps). */
    public void add(Problem problem) {
        if (keeps(problem.location().source())) {
            keep(problem);
        } else {
            count(problem.location(), problem.isError());
        }
    }

    /**
     * Records an error whose field and message are made only if it is kept: beyond the caps it is
     * counted, and neither supplier is called, so that a million problems cost their count, not
     * their text.
     */
    public void error(SourceLocation location, Supplier<String> field, Supplier<String> message) {
        if (keeps(location.source())) {
            keep(Problem.error(location, field.get(), message.get()));
        } else {
            count(location, true);
        }
    }

    private boolean keeps(String source) {
        return kept.getOrDefault(source, 0) < perSource && problems.size() < total;
    }

    private void keep(Problem problem) {
        hasErrors |= problem.isError();
        problems.add(problem);
        kept.merge(problem.location().source(), 1, Integer::sum);
    }

    private void count(SourceLocation location, boolean error) {
        hasErrors |= error;
        String source = location.source();
        // a source with no problem kept shares one summary with the others like it
        Omitted o = omitted.computeIfAbsent(kept.containsKey(source) ? source : ELSEWHERE, s -> new Omitted(location));
        o.count++;
        o.sources.add(source);
        o.anError |= error;
    }

    /** Adds every problem of a list. */
    public void addAll(List<Problem> more) {
        more.forEach(this::add);
    }

    /** Records an error. */
    public void error(SourceLocation location, String field, String message) {
        add(Problem.error(location, field, message));
    }

    /** Records a warning. */
    public void warning(SourceLocation location, String field, String message) {
        add(Problem.warning(location, field, message));
    }

    /** Whether any error was recorded, kept or not. */
    public boolean hasErrors() {
        return hasErrors;
    }

    /** How many problems were counted but not kept. */
    public long omitted() {
        long n = 0;
        for (Omitted o : omitted.values()) {
            n += o.count;
        }
        return n;
    }

    /**
     * Every problem kept, in the order they were found, then one summary per source that lost
     * problems to the caps.
     */
    public List<Problem> all() {
        if (omitted.isEmpty()) {
            return Collections.unmodifiableList(problems);
        }
        List<Problem> out = new ArrayList<>(problems);
        for (Map.Entry<String, Omitted> e : omitted.entrySet()) {
            Omitted o = e.getValue();
            String where = e.getKey().equals(ELSEWHERE)
                    ? String.format(Locale.ROOT, "in %,d file%s from here on", o.sources.size(), o.sources.size() == 1 ? "" : "s")
                    : "from here on";
            String message = String.format(Locale.ROOT, "%,d more problem%s %s %s not shown (at most %,d per file"
                    + " and %,d in all)", o.count, o.count == 1 ? "" : "s", where, o.count == 1 ? "is" : "are", perSource, total);
            out.add(new Problem(o.first, "", message,
                    o.anError ? Problem.Severity.ERROR : Problem.Severity.WARNING));
        }
        return Collections.unmodifiableList(out);
    }

    /** Only the warnings. */
    public List<Problem> warnings() {
        return all().stream().filter(p -> !p.isError()).toList();
    }

    /** Throws an {@link InputException} carrying every problem if any of them is an error. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new InputException(all());
        }
    }
}
