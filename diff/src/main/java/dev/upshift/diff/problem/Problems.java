package dev.upshift.diff.problem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects the problems found while reading an input so that all of them are reported at once.
 * Not thread-safe: one collector serves one reading.
 */
public final class Problems {
    private final List<Problem> problems = new ArrayList<>();

    /** Adds a problem. */
    public void add(Problem problem) {
        problems.add(problem);
    }

    /** Adds every problem of another collector or list. */
    public void addAll(List<Problem> more) {
        problems.addAll(more);
    }

    /** Records an error. */
    public void error(SourceLocation location, String field, String message) {
        add(Problem.error(location, field, message));
    }

    /** Records a warning. */
    public void warning(SourceLocation location, String field, String message) {
        add(Problem.warning(location, field, message));
    }

    /** Whether any error was recorded. */
    public boolean hasErrors() {
        for (Problem p : problems) {
            if (p.isError()) {
                return true;
            }
        }
        return false;
    }

    /** Every problem recorded, in the order they were found. */
    public List<Problem> all() {
        return Collections.unmodifiableList(problems);
    }

    /** Only the warnings. */
    public List<Problem> warnings() {
        return problems.stream().filter(p -> !p.isError()).toList();
    }

    /** Throws an {@link InputException} carrying every problem if any of them is an error. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new InputException(List.copyOf(problems));
        }
    }
}
