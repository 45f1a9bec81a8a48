package dev.upshift.core.validate;

import dev.upshift.diff.problem.Problem;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@link FleetValidator} found.
 *
 * @param documents how many documents were loaded, of any kind
 * @param documentsPerKind for each registered kind that occurs, how many documents carry it
 *     (with or without problems), by kind name
 * @param problems every error and warning, sorted by file, line, column, field and message
 */
public record ValidationReport(int documents, SortedMap<String, Integer> documentsPerKind, List<Problem> problems) {

    /** Validates, copies and sorts the parts. */
    public ValidationReport {
        if (documents < 0) {
            throw new IllegalArgumentException("documents must not be negative");
        }
        documentsPerKind = Collections.unmodifiableSortedMap(new TreeMap<>(documentsPerKind));
        problems = problems.stream().map(p -> Objects.requireNonNull(p, "problem")).sorted().toList();
    }

    /** Whether any problem is an error: then the documents are not fit to use. */
    public boolean hasErrors() {
        return problems.stream().anyMatch(Problem::isError);
    }

    /** The errors, sorted. */
    public List<Problem> errors() {
        return problems.stream().filter(Problem::isError).toList();
    }

    /** The warnings, sorted. */
    public List<Problem> warnings() {
        return problems.stream().filter(p -> !p.isError()).toList();
    }
}
