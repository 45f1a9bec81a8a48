package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Interface defaults, and the words enums share with the documents and plans of DESIGN.md. */
class DefaultsAndWordsTest {
    private static final Upgrade UPGRADE = Upgrade.of("u-1",
            ManagedCluster.builder("c").infrastructure("aws").release("1.0.0").build(), Version.of(1, 1, 0));

    @Test
    @DisplayName("a hook that implements nothing lets every upgrade proceed, before and after")
    void hookDefaultsProceed() {
        UpgradeHook nothing = new UpgradeHook() { };
        Instant t = Instant.parse("2026-03-10T07:00:00Z");

        assertThat(nothing.beforeUpgrade(UPGRADE)).isEqualTo(HookResult.proceed());
        assertThat(nothing.afterUpgrade(UpgradeEvent.succeeded(UPGRADE, t, t))).isEqualTo(HookResult.proceed());
    }

    @Test
    @DisplayName("the no-op event sink takes events and does nothing")
    void noopSink() {
        Instant t = Instant.parse("2026-03-10T07:00:00Z");
        assertThatCode(() -> EventSink.noop().emit(UpgradeEvent.succeeded(UPGRADE, t, t))).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("window policies are DESIGN.md section 4's words, in its order")
    void windowPolicyWords() {
        assertThat(WindowPolicy.words()).containsOnlyKeys("startWithin", "completeWithin", "pauseAndResume");
        assertThat(List.copyOf(WindowPolicy.words().values())).containsExactly(WindowPolicy.values());
    }

    @Test
    @DisplayName("strategy preferences are DESIGN.md section 4's words, in its order")
    void strategyWords() {
        assertThat(List.copyOf(StrategyPreference.words().keySet())).containsExactly("rolling", "inPlace", "external");
    }

    @Test
    @DisplayName("upgrade states are the plan states of DESIGN.md section 8, in its order")
    void stateWords() {
        assertThat(String.join("|", UpgradeState.words().keySet()))
                .isEqualTo("upToDate|ready|scheduled|waiting|blocked|inProgress|succeeded|failed");
    }

    @Test
    @DisplayName("outcomes and owner kinds print as words, not constant names")
    void otherWords() {
        assertThat(Arrays.stream(Outcome.values()).map(Outcome::toString)).containsExactly("succeeded", "failed");
        assertThat(UpgradeRequest.Owner.Kind.MACHINE_DEPLOYMENT).hasToString("machine deployment");
    }
}
