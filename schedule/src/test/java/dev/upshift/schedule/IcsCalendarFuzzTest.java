package dev.upshift.schedule;

import static dev.upshift.testing.UserMessages.assertNamesNoJavaClass;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.UpshiftException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * Coverage-guided fuzzing of calendar import (Jazzer): any bytes, read as a calendar, give
 * exclusions or problems, never another exception; every problem points at a line of the text
 * (the first for one about the whole text) and names no Java class; a calendar with errors gives
 * no exclusion of the events at fault, never more than 10,000 in all, and each exclusion expands
 * over a year or fails with the documented error. Plain {@code mvn test} replays the seeds in
 * {@code src/test/resources/dev/upshift/schedule/IcsCalendarFuzzTestInputs/}.
 */
class IcsCalendarFuzzTest {
    private static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant TO = Instant.parse("2027-01-01T00:00:00Z");

    @FuzzTest(maxDuration = "1m")
    void calendarsGiveExclusionsOrProblemsAtTheirLines(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        Problems problems = new Problems();
        List<MaintenanceExclusion> exclusions = IcsCalendar.exclusions(new CalendarText("f.ics", text), "f.ics",
                ZoneId.of("Europe/Berlin"), ExclusionScope.NO_UPGRADES, problems);
        long lines = text.lines().count() + 1;
        for (Problem p : problems.all()) {
            assertThat(p.location().source()).isEqualTo("f.ics");
            assertThat((long) p.location().line()).as(p.toString()).isBetween(1L, lines);
            assertNamesNoJavaClass(p.message(), text);
        }
        assertThat(exclusions.size()).isLessThanOrEqualTo(IcsLimits.MAX_EXCLUSIONS);
        for (MaintenanceExclusion x : exclusions) {
            assertThat(x.name()).endsWith(" (from f.ics)");
            assertThat(x.calendar()).contains("f.ics");
            try {
                for (Interval i : x.span().occurrences(FROM, TO)) {
                    assertThat(i.end().orElseThrow()).isAfter(i.start());
                    assertThat(x.span().exceptions()).doesNotContain(i.start());
                }
            } catch (UpshiftException e) {
                assertThat(e.getMessage()).contains("occurrences between");
            }
        }
    }
}
