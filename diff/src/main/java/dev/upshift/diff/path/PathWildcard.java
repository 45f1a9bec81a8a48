package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The wildcards of a path pattern (not to be confused with the open parts of a version
 * constraint). Not API.
 */
@API(status = INTERNAL, since = "0.1")
public enum PathWildcard implements PatternStep {
    /** {@code *}: exactly one step of any kind (a field or a list item). */
    ANY_STEP,
    /** {@code [*]}: exactly one list item, whatever its key. */
    ANY_ITEM,
    /** {@code **}: any number of steps, none included. */
    ANY_DEPTH;

    /** For {@link #ANY_DEPTH}, whether one step of it matches (always: it matches any run of steps). */
    @Override
    public boolean matches(PathElement e) {
        return this != ANY_ITEM || !(e instanceof PathElement.Field);
    }

    @Override
    public Optional<PathElement> literal() {
        return Optional.empty();
    }
}
