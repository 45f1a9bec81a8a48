package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.common.tree.JsonTrees;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One step of a parsed {@link dev.upshift.diff.path.PathPattern}: a literal path element or a
 * wildcard. Not API.
 */
@API(status = INTERNAL, since = "0.1")
public sealed interface PatternStep permits PatternStep.Literal, PathWildcard {

    /** Whether this step, standing for exactly one step, matches a path element. */
    boolean matches(PathElement e);

    /** The literal element; empty for a wildcard. */
    Optional<PathElement> literal();

    /**
     * A literal element. A literal key matches an item whose key includes it (a subset of a
     * composite key is enough); any other literal matches an equal element.
     */
    record Literal(PathElement element) implements PatternStep {
        @Override
        public boolean matches(PathElement e) {
            if (element instanceof PathElement.Key k && e instanceof PathElement.Key actual) {
                for (int j = 0; j < k.names().size(); j++) {
                    int at = actual.names().indexOf(k.names().get(j));
                    if (at < 0 || !JsonTrees.equal(k.values().get(j), actual.values().get(at),
                            JsonTrees.Equality.CONTENT)) {
                        return false;
                    }
                }
                return true;
            }
            return element.equals(e);
        }

        @Override
        public Optional<PathElement> literal() {
            return Optional.of(element);
        }
    }
}
