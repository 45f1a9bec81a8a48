package dev.upshift.diff.path;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A nondeterministic automaton over a pattern's steps. A state is a bit set of positions (bit i:
 * the next step to match is step i; bit n: the whole pattern matched); patterns have at most 63
 * steps, so a state fits a long. Immutable. Not API.
 */
@API(status = INTERNAL, since = "0.1")
public final class PatternMatcher {
    private final PatternStep[] steps;
    private final long accept;

    private PatternMatcher(List<PatternStep> steps) {
        this.steps = steps.toArray(new PatternStep[0]);
        this.accept = 1L << this.steps.length;
    }

    /** The matcher of parsed pattern steps. */
    public static PatternMatcher of(List<PatternStep> steps) {
        if (steps.size() > PathSyntax.MAX_SEGMENTS) {
            throw new IllegalArgumentException("a pattern has at most " + PathSyntax.MAX_SEGMENTS + " steps");
        }
        return new PatternMatcher(steps);
    }

    /** The matcher of a pattern. */
    public static PatternMatcher of(PathPattern pattern) {
        return of(PathSyntax.parsePattern(pattern.text()));
    }

    /** The state before any step. */
    public long start() {
        return closure(1L);
    }

    /** Whether a state has matched the whole pattern. */
    public boolean accepts(long state) {
        return (state & accept) != 0;
    }

    /** The state after one more path step; 0 when nothing can match any more. */
    public long step(long state, PathElement e) {
        long next = 0;
        for (int i = 0; i < steps.length; i++) {
            if ((state & (1L << i)) == 0) {
                continue;
            }
            if (steps[i] == PathWildcard.ANY_DEPTH) {
                next |= 1L << i;
            } else if (steps[i].matches(e)) {
                next |= 1L << (i + 1);
            }
        }
        return closure(next);
    }

    private long closure(long state) {
        for (int i = 0; i < steps.length; i++) {
            if ((state & (1L << i)) != 0 && steps[i] == PathWildcard.ANY_DEPTH) {
                state |= 1L << (i + 1);
            }
        }
        return state;
    }
}
