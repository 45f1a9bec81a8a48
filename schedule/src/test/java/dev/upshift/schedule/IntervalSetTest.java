package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Interval arithmetic, checked against sets of seconds on a small time line. */
class IntervalSetTest {
    private static final int LINE = 200;

    private static IntervalSet random(Random r) {
        int n = r.nextInt(8);
        long[] s = new long[n];
        long[] e = new long[n];
        for (int i = 0; i < n; i++) {
            s[i] = r.nextInt(LINE - 1);
            e[i] = s[i] + 1 + r.nextInt(30);
        }
        return IntervalSet.union(s, e, n);
    }

    private static BitSet seconds(IntervalSet set) {
        BitSet b = new BitSet();
        for (int i = 0; i < set.size(); i++) {
            b.set((int) set.start(i), (int) set.end(i));
        }
        return b;
    }

    private static void assertCanonical(IntervalSet set) {
        for (int i = 0; i < set.size(); i++) {
            assertThat(set.end(i)).isGreaterThan(set.start(i));
            if (i > 0) {
                assertThat(set.start(i)).as("a gap between intervals " + set).isGreaterThan(set.end(i - 1));
            }
        }
    }

    @Test
    @DisplayName("union, minus, clip and concat cover exactly the seconds they should, and merge touching intervals")
    void agreesWithSetsOfSeconds() {
        qt().withExamples(2000).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            IntervalSet a = random(r);
            IntervalSet b = random(r);
            assertCanonical(a);
            BitSet minus = seconds(a);
            minus.andNot(seconds(b));
            assertThat(seconds(a.minus(b))).isEqualTo(minus);
            assertCanonical(a.minus(b));
            int from = r.nextInt(LINE);
            int to = from + r.nextInt(LINE);
            BitSet clip = seconds(a);
            clip.and(range(from, to));
            assertThat(seconds(a.clip(from, to))).isEqualTo(clip);
            int cut = r.nextInt(LINE);
            IntervalSet joined = a.clip(0, cut).concat(a.clip(cut, LINE + 40));
            assertThat(seconds(joined)).isEqualTo(seconds(a));
            assertCanonical(joined);
            for (int t = 0; t < LINE + 40; t++) {
                assertThat(a.contains(t)).isEqualTo(seconds(a).get(t));
            }
        });
    }

    @Test
    @DisplayName("touching intervals merge into one")
    void touchingIntervalsMerge() {
        IntervalSet set = IntervalSet.union(new long[] {10, 0, 30}, new long[] {20, 10, 40}, 3);
        assertThat(set).hasToString("[0/20, 30/40]");
    }

    private static BitSet range(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, Math.max(from, to));
        return b;
    }
}
