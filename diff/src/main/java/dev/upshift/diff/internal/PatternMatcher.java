package dev.upshift.diff.internal;

import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PathPattern;
import java.util.List;

/**
 * A nondeterministic automaton over the pattern's steps. A state is a bit set of positions
 * (bit i: the next step to match is segment i; bit n: the whole pattern matched); patterns have
 * at most 63 segments, so a state fits a long.
 */
public final class PatternMatcher {
    /** The matcher of a pattern. */
    public static PatternMatcher of(PathPattern pattern) {
        return new PatternMatcher(PathSyntax.parse(pattern.text(), true));
    }

    private final Object[] segments;
    private final long accept;

    private PatternMatcher(List<Object> segments) {
        this.segments = segments.toArray();
        this.accept = 1L << this.segments.length;
    }

    public long start() {
        return closure(1L);
    }

    public boolean accepts(long state) {
        return (state & accept) != 0;
    }

    public long step(long state, PathElement e) {
        long next = 0;
        for (int i = 0; i < segments.length; i++) {
            if ((state & (1L << i)) == 0) {
                continue;
            }
            Object s = segments[i];
            if (s == PathSyntax.Wildcard.ANY_DEPTH) {
                next |= 1L << i;
            } else if (matchesOne(s, e)) {
                next |= 1L << (i + 1);
            }
        }
        return closure(next);
    }

    private long closure(long state) {
        for (int i = 0; i < segments.length; i++) {
            if ((state & (1L << i)) != 0 && segments[i] == PathSyntax.Wildcard.ANY_DEPTH) {
                state |= 1L << (i + 1);
            }
        }
        return state;
    }

    private static boolean matchesOne(Object s, PathElement e) {
        if (s == PathSyntax.Wildcard.ANY) {
            return true;
        }
        if (s == PathSyntax.Wildcard.ANY_ITEM) {
            return !(e instanceof PathElement.Field);
        }
        if (s instanceof PathElement.Key k && e instanceof PathElement.Key actual) {
            for (int j = 0; j < k.names().size(); j++) {
                int at = actual.names().indexOf(k.names().get(j));
                if (at < 0 || !JsonTrees.equal(k.values().get(j), actual.values().get(at), JsonTrees.Equality.CONTENT)) {
                    return false;
                }
            }
            return true;
        }
        return s.equals(e);
    }
}
