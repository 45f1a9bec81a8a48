package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FreezeTest {
    private final Problems problems = new Problems();

    private Optional<Freeze> read(String freeze) {
        ObjectView spec = ObjectView.of(Documents.document("spec:\n  freeze: " + freeze + "\n"), problems)
                .object("spec").orElseThrow();
        return FreezeReader.read(spec.object("freeze").orElseThrow());
    }

    @Test
    @DisplayName("reads a ManagedCluster's spec.freeze and blocks every instant before until")
    void readsAFreeze() {
        Freeze f = read("{until: 2026-12-31T00:00:00Z, reason: \"year-end change freeze\"}").orElseThrow();
        assertThat(f).isEqualTo(new Freeze(Instant.parse("2026-12-31T00:00:00Z"), "year-end change freeze"));
        assertThat(f.blocks(Instant.parse("2026-12-30T23:59:59Z"))).isTrue();
        assertThat(f.blocks(Instant.parse("2026-12-31T00:00:00Z"))).isFalse();
        assertThat(problems.all()).isEmpty();
    }

    @Test
    @DisplayName("a plain date, as schedules accept, is its midnight in UTC (a freeze has no zone of its own)")
    void readsAPlainDate() {
        Freeze f = read("{until: 2027-01-04, reason: \"year-end change freeze\"}").orElseThrow();
        assertThat(f.until()).isEqualTo(Instant.parse("2027-01-04T00:00:00Z"));
        assertThat(problems.all()).isEmpty();
    }

    @Test
    @DisplayName("reports a time without offset, a missing reason and unknown fields, with positions")
    void reportsProblems() {
        assertThat(read("{until: 2026-12-31T00:00, resaon: x}")).isEmpty();
        assertThat(Documents.messages(problems)).containsExactly(
                "s.yaml:2:19: spec.freeze.until: invalid time \"2026-12-31T00:00\": expected RFC 3339 with Z or an"
                        + " offset, or a date, e.g. 2026-12-31T00:00:00Z or 2026-12-31",
                "s.yaml:2:11: spec.freeze.reason: missing required field",
                "s.yaml:2:37: spec.freeze.resaon: unknown field; did you mean 'reason'?");
    }
}
