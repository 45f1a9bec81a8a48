package dev.upshift.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seeded failures: a function of the seed and the upgrade's ids alone, and as frequent as the rate says. */
class OutcomesTest {
    @Test
    @DisplayName("a draw lies in [0, 1), depends only on the seed and the ids, and the rate's bounds mean never and always")
    void drawsAreAFunctionOfSeedAndIds() {
        qt().forAll(longs().all(), strings().basicLatinAlphabet().ofLengthBetween(1, 12), doubles().between(0, 1))
                .checkAssert((seed, id, rate) -> {
                    double d = Outcomes.draw(seed, id, "upgrade", "1.0.0", "2.0.0");
                    assertThat(d).isGreaterThanOrEqualTo(0).isLessThan(1);
                    assertThat(Outcomes.draw(seed, id, "upgrade", "1.0.0", "2.0.0")).isEqualTo(d);
                    assertThat(Outcomes.fails(seed, rate, id, "upgrade", "1.0.0", "2.0.0")).isEqualTo(d < rate);
                    assertThat(Outcomes.fails(seed, 0, id)).isFalse();
                    assertThat(Outcomes.fails(seed, 1, id)).isTrue();
                });
    }

    @Test
    @DisplayName("ids are kept apart: moving a character from one id to the next changes the draw")
    void idsAreSeparated() {
        assertThat(Outcomes.draw(1, "ab", "c")).isNotEqualTo(Outcomes.draw(1, "a", "bc"));
        assertThat(Outcomes.draw(1, "a", "b")).isNotEqualTo(Outcomes.draw(2, "a", "b"));
    }

    @Test
    @DisplayName("over 20,000 clusters, each tenth of [0, 1) gets 10% of the draws, within 1 point")
    void drawsAreUniform() {
        int n = 20_000;
        int[] buckets = new int[10];
        for (int i = 0; i < n; i++) {
            buckets[(int) (Outcomes.draw(7, "cluster-" + i, "fleet-to-20.1", "19.3.1", "20.1.0") * 10)]++;
        }
        for (int b : buckets) {
            assertThat(b).isBetween(n / 10 - n / 100, n / 10 + n / 100);
        }
    }
}
