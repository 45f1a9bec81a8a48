package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What a source answers: the items it could read, and the problems of those it could not.
 *
 * <p>A source that finds one bad document among many leaves that document out of {@code items} and
 * reports it in {@code problems} (with its file, line, column and field where it has them), so that
 * the rest of the fleet is still planned. Warnings may accompany items that were read. A source that
 * cannot answer at all throws instead (see the package's rules).
 *
 * @param items what was read, in the source's order (a stable order: plans must not depend on it
 *     changing between calls)
 * @param problems what could not be read, or deserves a warning; empty when all is well
 * @param <T> the kind of item
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Listing<T>(List<T> items, List<Problem> problems) {

    /** Validates and copies the parts: neither list may hold {@code null}. */
    public Listing {
        items = List.copyOf(items);
        problems = List.copyOf(problems);
    }

    /** A listing without problems. */
    public static <T> Listing<T> of(List<T> items) {
        return new Listing<>(items, List.of());
    }

    /** A listing of items with the problems met while reading them. */
    public static <T> Listing<T> of(List<T> items, List<Problem> problems) {
        return new Listing<>(items, problems);
    }

    /** A listing with nothing in it. */
    public static <T> Listing<T> empty() {
        return new Listing<>(List.of(), List.of());
    }

    @Override
    public String toString() {
        return items.size() + " items" + (problems.isEmpty() ? "" : ", " + problems.size() + " problems");
    }
}
