package dev.upshift.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.ReasonCodes;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The cause an end-of-life miss gives for the reason that held a cluster (issue 36, item 8). */
class EndOfLifeCauseTest {
    @Test
    @DisplayName("a cluster its stage's halt held back was not failed itself: halted, not 'its upgrade failed'")
    void haltedIsNotFailed() {
        assertThat(EndOfLifeCause.of(ReasonCodes.STAGE_HALTED)).isEqualTo(EndOfLifeCause.HALTED);
        assertThat(EndOfLifeCause.HALTED.phrase()).isEqualTo("its stage was halted by others' failures");
        assertThat(EndOfLifeCause.of(ReasonCodes.UPGRADE_FAILED)).isEqualTo(EndOfLifeCause.FAILED);
        assertThat(EndOfLifeCause.HALTED.timing()).as("a person's decision lifts it, not a change of timing").isFalse();
    }
}
