package dev.upshift.testkit.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The history rules for hops published in two parts: the valid order passes, each break is named. */
class HistoryRulesTest {
    private static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");

    private static List<HistoryEntry> history(Step... steps) {
        return history(List.of(Reason.of(HistoryRules.IN_PARTS, "published in two parts")), steps);
    }

    private static List<HistoryEntry> history(List<Reason> startReasons, Step... steps) {
        List<HistoryEntry> out = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            Step s = steps[i];
            UpgradeState state = s == Step.SUCCEEDED || s == Step.FINISHED ? UpgradeState.SUCCEEDED
                    : UpgradeState.IN_PROGRESS;
            out.add(new HistoryEntry(T0.plusSeconds(i), "c1", "c1:20.0.0..20.1.0#1", Version.parse("20.0.0"),
                    Version.parse("20.1.0"), Optional.empty(), state, "", s == Step.STARTING ? startReasons : List.of(), s, Hop.only(Version.parse("20.1.0")),
                    1, List.of(), 0));
        }
        return out;
    }

    @Test
    @DisplayName("control plane, then workers, then the outcome: valid")
    void valid() {
        assertThat(HistoryRules.violations(history(Step.STARTING, Step.PUBLISHED, Step.WORKERS_STARTING,
                Step.WORKERS_PUBLISHED, Step.SUCCEEDED, Step.FINISHED))).isEmpty();
    }

    @Test
    @DisplayName("workers before the control plane's publication, unpublished workers, a success without them: each named")
    void broken() {
        assertThat(HistoryRules.violations(history(Step.STARTING, Step.WORKERS_STARTING))).singleElement()
                .asString().contains("before the control plane's part was published");
        assertThat(HistoryRules.violations(history(Step.STARTING, Step.PUBLISHED, Step.WORKERS_PUBLISHED)))
                .singleElement().asString().contains("without their journaled start");
        assertThat(HistoryRules.violations(history(Step.STARTING, Step.PUBLISHED, Step.WORKERS_STARTING,
                Step.SUCCEEDED))).singleElement().asString().contains("without its workers' publication");
    }

    @Test
    @DisplayName("a hop whose start did not say it goes in parts: a workers' part, or a success without one, is named")
    void partsOnlyWhenTheStartSaysSo() {
        assertThat(HistoryRules.violations(history(List.of(), Step.STARTING, Step.PUBLISHED, Step.SUCCEEDED,
                Step.FINISHED))).isEmpty();
        assertThat(HistoryRules.violations(history(List.of(), Step.STARTING, Step.PUBLISHED, Step.WORKERS_STARTING,
                Step.WORKERS_PUBLISHED, Step.SUCCEEDED))).singleElement().asString()
                .contains("did not say it is published in parts (IN_PARTS)");
        assertThat(HistoryRules.violations(history(Step.STARTING, Step.PUBLISHED, Step.SUCCEEDED))).singleElement()
                .asString().contains("without its workers' publication");
    }
}
