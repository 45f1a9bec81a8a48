package dev.upshift.core.validate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What {@link FleetValidator} found.
 *
 * @param documents how many documents were loaded, of any kind and API group (the Kubernetes
 *     documents of the folders clusters name in {@code spec.resourcesFrom} count as their
 *     resources, not here)
 * @param documentsPerKind for each registered kind that occurs, how many documents carry it
 *     (with or without problems), by kind name
 * @param resources how many of the documents belong to other API groups than {@code upshift.dev}
 *     (Kubernetes or Cluster API resources, say): counted, not checked
 * @param problems every error and warning, sorted by file, line, column, field and message
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ValidationReport(int documents, SortedMap<String, Integer> documentsPerKind, int resources,
        List<Problem> problems) {

    /** Validates, copies and sorts the parts. */
    public ValidationReport {
        if (documents < 0 || resources < 0 || resources > documents) {
            throw new IllegalArgumentException("documents and resources must not be negative, nor resources more than documents");
        }
        documentsPerKind = Collections.unmodifiableSortedMap(new TreeMap<>(documentsPerKind));
        problems = problems.stream().map(p -> Objects.requireNonNull(p, "problem")).sorted().toList();
    }

    /** How many documents were checked: those of the {@code upshift.dev} API group. */
    public int checked() {
        return documents - resources;
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
