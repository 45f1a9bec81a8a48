package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadLimitsTest {
    private final LoadLimits defaults = LoadLimits.defaults();

    @Test
    void acceptsEveryBoundWithinItsRange() {
        LoadLimits l = defaults.withMaxBytes(LoadLimits.MAX_BYTES).withMaxDepth(LoadLimits.MAX_DEPTH)
                .withMaxNodes(1).withMaxDocuments(LoadLimits.MAX_DOCUMENTS).withMaxExpandedBytes(LoadLimits.MAX_EXPANDED_BYTES);
        assertThat(l).isEqualTo(new LoadLimits(1L << 30, 1_000, 1, 1_000_000, 1L << 32));
    }

    @Test
    void namesTheBoundAndItsRangeWhenAValueIsOutsideIt() {
        assertThatThrownBy(() -> defaults.withMaxDepth(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxDepth must be between 1 and 1000, got 2147483647");
        assertThatThrownBy(() -> defaults.withMaxBytes(0)).hasMessage("maxBytes must be between 1 and 1073741824, got 0");
        assertThatThrownBy(() -> defaults.withMaxNodes(-1)).hasMessage("maxNodes must be between 1 and 100000000, got -1");
        assertThatThrownBy(() -> defaults.withMaxDocuments(1_000_001))
                .hasMessage("maxDocuments must be between 1 and 1000000, got 1000001");
        assertThatThrownBy(() -> defaults.withMaxExpandedBytes(Long.MAX_VALUE))
                .hasMessage("maxExpandedBytes must be between 1 and 4294967296, got 9223372036854775807");
    }

    @Test
    void defaultsAllowFourTimesTheInputOnceAliasesAreExpanded() {
        assertThat(defaults.maxExpandedBytes()).isEqualTo(4 * defaults.maxBytes());
    }
}
