package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile schedules (issue 10): rules whose COUNT or density would make reading a schedule exhaust
 * memory or run for minutes end in a clear error, or read, within a bound of work (instances
 * expanded, counted by {@link ExpansionWork}) and of memory (a JVM of its own with a
 * {@value #HEAP_MIB} MiB heap).
 */
@DisplayName("hostile schedules end in a clear error within a bound of work and memory")
class HostileScheduleTest {
    static final int HEAP_MIB = 32;
    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final String ALL_HOURS = IntStream.range(0, 24).mapToObj(String::valueOf).collect(Collectors.joining(","));
    private static final String ALL_MINUTES = IntStream.range(0, 60).mapToObj(String::valueOf).collect(Collectors.joining(","));
    /** Issue 10, item 2: 1,440 instances a day, a billion of them; OutOfMemoryError after 141 s. */
    static final String DENSE_BILLION = "FREQ=DAILY;BYHOUR=" + ALL_HOURS + ";BYMINUTE=" + ALL_MINUTES + ";COUNT=1000000000";
    /** 48 instances a day, within every yearly bound: the 3,000,000th is 62,500 days after the start. */
    static final String HALF_HOURS_3M = "FREQ=DAILY;BYHOUR=" + ALL_HOURS + ";BYMINUTE=0,30;COUNT=3000000";

    @TempDir
    Path dir;

    private static String window(String rule) {
        return Documents.schedule("dense", """
                  maintenanceWindows:
                    - name: w
                      startTime: 2021-03-10T07:00:00Z
                      duration: 10m
                      recurrence: %s
                """.formatted(rule));
    }

    @Test
    @DisplayName("a COUNT rule denser than the yearly bound is refused when read, before anything is expanded")
    void aDenseCountRuleIsRefusedBeforeExpanding() {
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        List<String> problems = Documents.problems(window(DENSE_BILLION));
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
        assertThat(problems).singleElement().asString().startsWith("s.yaml:9:19: spec.maintenanceWindows[0].recurrence:"
                + " invalid recurrence \"FREQ=DAILY;BYHOUR=0,1,2,").endsWith(": it allows up to 538,560 occurrences in one"
                + " year (FREQ, INTERVAL and the BY... parts, with the occurrences still running from earlier); Upshift"
                + " indexes schedules whose rules allow at most 100,000 a year: use fewer BY... values or a smaller COUNT");
    }

    @Test
    @DisplayName("RecurringSpan.of refuses the same rule before expanding it")
    void spansRefuseADenseCountRuleBeforeExpanding() {
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        assertThatThrownBy(() -> RecurringSpan.of(LocalDateTime.parse("2021-03-10T07:00:00"), UTC,
                SpanLength.elapsed(Duration.ofMinutes(10)), Optional.of(Recurrence.parse(DENSE_BILLION))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 100,000 a year");
        assertThat(ExpansionWork.snapshot().since(before)).isEqualTo(new ExpansionWork.Snapshot(0, 0));
    }

    @Test
    @DisplayName("the COUNT-th occurrence is found by counting whole periods, not by holding every start")
    void theLastOccurrenceIsCountedNotCollected() {
        LocalDateTime start = LocalDateTime.parse("2021-03-10T07:00:00");
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        RecurringSpan span = RecurringSpan.of(start, UTC, SpanLength.elapsed(Duration.ofMinutes(10)),
                Optional.of(Recurrence.parse(HALF_HOURS_3M)));
        assertThat(ExpansionWork.snapshot().since(before).instances())
                .as("instances expanded: the first day, the day of the last one and the first occurrence")
                .isEqualTo(48 + 48 + 1);
        // every half hour matches, so the n-th occurrence is (n - 1) half hours after the start
        Instant last = start.plusMinutes(30L * (3_000_000 - 1)).toInstant(java.time.ZoneOffset.UTC);
        assertThat(last).isEqualTo(Instant.parse("2192-04-22T06:30:00Z"));
        assertThat(span.occurrences(last.minus(Duration.ofMinutes(40)), last.plus(Duration.ofDays(3))))
                .extracting(Interval::start).containsExactly(last.minus(Duration.ofMinutes(30)), last);
    }

    @Test
    @DisplayName("counting finds the same n-th start as listing the starts does, on random rules")
    void countingAgreesWithListing() {
        qt().withExamples(300).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            Optional<Recurrence> rule = StepBoundTest.rule(r);
            if (rule.isEmpty()) {
                return;
            }
            LocalDateTime first = LocalDateTime.of(1990 + r.nextInt(40), 1 + r.nextInt(12), 1 + r.nextInt(28),
                    r.nextInt(24), r.nextInt(60));
            LocalDateTime to = first.plusHours(r.nextInt(5 * 366 * 24));
            int n = 1 + r.nextInt(r.nextBoolean() ? 20 : 3_000);
            List<LocalDateTime> listed = rule.get().starts(first, first, to, n);
            RuleExpansion.Nth counted = rule.get().nthStart(first, to, n);
            assertThat(counted).as("%s from %s to %s, n = %d", rule.get(), first, to, n).isEqualTo(listed.size() == n
                    ? new RuleExpansion.Nth(n, Optional.of(listed.get(n - 1)))
                    : new RuleExpansion.Nth(listed.size(), Optional.empty()));
        });
    }

    @Test
    @DisplayName("a COUNT beyond what 100,000 steps hold is refused with the number found, without holding them")
    void aCountBeyondTheSearchIsRefusedWithTheNumberFound() {
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        RecurringSpan.Outcome outcome = RecurringSpan.tryOf(LocalDateTime.parse("2021-03-10T07:00:00"), UTC,
                SpanLength.elapsed(Duration.ofMinutes(10)), Optional.of(Recurrence.parse("FREQ=DAILY;BYHOUR=1,2;COUNT=300000")));
        assertThat(ExpansionWork.snapshot().since(before).instances()).isLessThanOrEqualTo(4);
        assertThat(outcome).isEqualTo(new RecurringSpan.Invalid("recurrence", "invalid recurrence"
                + " \"FREQ=DAILY;BYHOUR=1,2;COUNT=300000\": its COUNT=300000 occurrences are not found within 100000"
                + " steps of FREQ=DAILY (found 200,000); use UNTIL instead"));
    }

    @Test
    @DisplayName("reading either rule needs less than a 32 MiB heap")
    void readingDenseCountRulesFitsASmallHeap() throws Exception {
        assertThat(readForked(window(DENSE_BILLION))).satisfies(r -> {
            assertThat(r.exitCode()).as(r.output()).isEqualTo(1);
            assertThat(r.output()).contains("at most 100,000 a year").endsWith("rejected");
        });
        assertThat(readForked(window(HALF_HOURS_3M))).isEqualTo(new Run(0, "read"));
    }

    @Test
    @DisplayName("an index horizon outside one day to ten years is refused when the index is built, naming the range")
    void theHorizonHasARangeCheckedWhenSet() {
        // issue 10, item 8: Duration.ofSeconds(Long.MAX_VALUE) threw an undocumented DateTimeException
        MaintenanceSchedule daily = Documents.read(window("FREQ=DAILY"));
        Instant origin = Instant.parse("2021-01-01T00:00:00Z");
        for (Duration bad : List.of(Duration.ofSeconds(Long.MAX_VALUE), Duration.ofDays(3_654), Duration.ofHours(23),
                Duration.ofDays(-1))) {
            assertThatThrownBy(() -> ScheduleIndex.build(List.of(daily), origin, bad)).as(bad.toString())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the horizon must be from one day to 3,653 days (ten years), got ");
        }
        ExpansionWork.Snapshot before = ExpansionWork.snapshot();
        ScheduleIndex longest = ScheduleIndex.build(List.of(daily), origin, ScheduleIndex.MAX_HORIZON);
        assertThat(longest.horizon()).isEqualTo(Duration.ofDays(3_653));
        assertThat(ExpansionWork.snapshot().since(before).instances()).as("ten years of a daily window")
                .isLessThanOrEqualTo(3_653 + 10);
        assertThat(ScheduleIndex.build(List.of(daily), origin, ScheduleIndex.MIN_HORIZON).horizon()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    @DisplayName("a zone name longer than 64 characters is refused before it is looked up (200,000 characters took 6 s)")
    void zoneNamesHaveALengthLimitCheckedFirst() {
        String atLimit = " ".repeat(Times.MAX_ZONE_LENGTH - 13) + "Europe/Berlin";
        assertThat(Times.zone(atLimit)).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThatThrownBy(() -> Times.zone(" " + atLimit)).hasMessageEndingWith(": is 65 characters; at most 64");
        assertThat(Documents.problems(Documents.schedule("z", "  timeZone: " + "Europe/Berlin".repeat(15_385) + "\n")))
                .containsExactly("s.yaml:5:13: spec.timeZone: invalid time zone \"" + "Europe/Berlin".repeat(5).substring(0, 60)
                        + "...\" (200005 characters): is 200,005 characters; at most 64");
    }

    @Test
    @DisplayName("a rule longer than 2,048 characters is refused before it is read")
    void rulesHaveALengthLimitCheckedFirst() {
        String atLimit = "FREQ=DAILY;BYHOUR=1" + ",1".repeat((Recurrence.MAX_LENGTH - 19) / 2) + ";".repeat((Recurrence.MAX_LENGTH - 19) % 2);
        assertThat(atLimit).hasSize(Recurrence.MAX_LENGTH);
        assertThat(Recurrence.parse(atLimit).text()).isEqualTo(atLimit);
        assertThatThrownBy(() -> Recurrence.parse(atLimit + "1")).hasMessageEndingWith(": is 2,049 characters; at most 2,048");
    }

    private record Run(int exitCode, String output) {}

    private Run readForked(String yaml) throws IOException, InterruptedException {
        Path file = Files.writeString(dir.resolve("s.yaml"), yaml);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Processes.Finished run = Processes.run(new ProcessBuilder(java.toString(), "-Xmx" + HEAP_MIB + "m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), ForkedScheduleRead.class.getName(),
                file.toString()), Duration.ofMinutes(3));
        return new Run(run.exitCode(), run.output().strip());
    }
}
