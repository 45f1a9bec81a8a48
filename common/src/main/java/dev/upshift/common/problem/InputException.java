package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Thrown when an input cannot be used. It carries every error found in the input, not only the
 * first, each with its file, line, column and field; warnings found along the way ride along.
 * Nothing derived from a rejected input is ever half-applied.
 */
@API(status = MAINTAINED, since = "0.1")
public class InputException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final transient List<Problem> problems;

    /** Creates the exception from the problems found; at least one must be an error. */
    public InputException(List<Problem> problems) {
        super(render(problems));
        this.problems = List.copyOf(problems);
    }

    /** A single problem. */
    public InputException(Problem problem) {
        this(List.of(problem));
    }

    /** Every problem found, errors and warnings, in the order of the input. */
    public List<Problem> problems() {
        return problems;
    }

    /** Only the errors. */
    public List<Problem> errors() {
        return problems.stream().filter(Problem::isError).toList();
    }

    private static String render(List<Problem> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an InputException needs at least one problem");
        }
        return problems.stream().sorted().map(Problem::toString).collect(Collectors.joining("\n"));
    }
}
