package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.schedule.AllowedIntervals;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upshift windows}: flags, output formats and exit codes as outside checks rely on them. */
class WindowsCommandTest {
    private static final String SEED = """
            apiVersion: upshift.dev/v1alpha1
            kind: MaintenanceSchedule
            metadata:
              name: working-hours-except-month-start
              namespace: default
            spec:
              maintenanceWindows:
              - name: working-hours
                startTime: 2021-03-10T07:00:00Z
                endTime: 2021-03-10T17:00:00Z
                recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
              maintenanceExclusions:
              - name: month-start
                startTime: 2021-03-01T00:00:00Z
                endTime: 2021-03-10T23:59:59Z
                recurrence: FREQ=MONTHLY
            """;

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString().replace("\r\n", "\n"), err.toString().replace("\r\n", "\n"));
    }

    private String file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p.toString();
    }

    private Run windows(String file, String... more) {
        List<String> args = new ArrayList<>(List.of("windows", "--schedule", file));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    @DisplayName("prints one START/END a line in UTC, clipped to --from and --until")
    void printsIntervalsClippedToTheRange() throws IOException {
        Run r = windows(file("seed.yaml", SEED), "--from", "2021-04-30T12:00:00Z", "--until", "2021-05-12T09:30:00Z");
        assertThat(r.code()).isZero();
        assertThat(r.lines()).containsExactly(
                "2021-04-30T12:00:00Z/2021-04-30T17:00:00Z",
                "2021-05-11T07:00:00Z/2021-05-11T17:00:00Z",
                "2021-05-12T07:00:00Z/2021-05-12T09:30:00Z");
        assertThat(r.err()).contains("warning: spec.maintenanceExclusions[0].endTime: ends at 23:59:59");
    }

    @Test
    @DisplayName("--local shows each interval on the schedule's clock beside UTC")
    void localShowsTheScheduleZone() throws IOException {
        String berlin = SEED.replace("spec:\n", "spec:\n  timeZone: Europe/Berlin\n")
                .replace("startTime: 2021-03-10T07:00:00Z\n    endTime: 2021-03-10T17:00:00Z",
                        "startTime: 2021-03-10T07:00:00\n    endTime: 2021-03-10T17:00:00");
        Run r = windows(file("berlin.yaml", berlin), "--from", "2021-05-11T00:00:00Z", "--count", "1", "--local");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.lines()).containsExactly(
                "2021-05-11T05:00:00Z/2021-05-11T15:00:00Z  2021-05-11 07:00 → 2021-05-11 17:00 Europe/Berlin");
    }

    @Test
    @DisplayName("--count N gives the first N intervals that leave at least --min-duration, fractions of seconds only when given")
    void countsIntervalsThatLeaveEnoughTime() throws IOException {
        Run r = windows(file("seed.yaml", SEED), "--from", "2021-03-12T10:30:00.5Z", "--count", "3", "--min-duration", "7h");
        assertThat(r.lines()).containsExactly(
                "2021-03-15T07:00:00Z/2021-03-15T17:00:00Z",
                "2021-03-16T07:00:00Z/2021-03-16T17:00:00Z",
                "2021-03-17T07:00:00Z/2021-03-17T17:00:00Z");
        assertThat(windows(file("seed.yaml", SEED), "--from", "2021-03-12T10:30:00.5Z", "--count", "1").lines())
                .containsExactly("2021-03-12T10:30:00.500Z/2021-03-12T17:00:00Z");
    }

    @Test
    @DisplayName("--scope minor and --node-level apply the exclusions scoped to them")
    void scopes() throws IOException {
        String f = file("scoped.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: scoped}
                spec:
                  maintenanceWindows:
                    - {startTime: 2021-03-01T00:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                  maintenanceExclusions:
                    - {name: no-minor, startTime: 2021-03-02T00:00:00Z, duration: 24h, scope: noMinorUpgrades}
                    - {name: no-nodes, startTime: 2021-03-03T00:00:00Z, duration: 24h, scope: noMinorOrNodeUpgrades}
                """);
        String[] range = {"--from", "2021-03-01", "--until", "2021-03-04"};
        assertThat(windows(f, range).lines()).hasSize(3);
        assertThat(windows(f, concat(range, "--scope", "minor")).lines()).containsExactly("2021-03-01T00:00:00Z/2021-03-01T04:00:00Z");
        assertThat(windows(f, concat(range, "--node-level")).lines())
                .containsExactly("2021-03-01T00:00:00Z/2021-03-01T04:00:00Z", "2021-03-02T00:00:00Z/2021-03-02T04:00:00Z");
    }

    @Test
    @DisplayName("--output json is one stable document")
    void json() throws IOException {
        Run r = windows(file("seed.yaml", SEED), "--from", "2021-03-10T00:00:00Z", "--until", "2021-03-12T00:00:00Z",
                "--output", "json");
        assertThat(r.code()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.toString()).isEqualTo("{\"schedule\":\"working-hours-except-month-start\",\"scope\":\"patch\","
                + "\"nodeLevel\":false,\"from\":\"2021-03-10T00:00:00Z\",\"until\":\"2021-03-12T00:00:00Z\",\"count\":null,"
                + "\"minDuration\":\"0s\",\"intervals\":[{\"start\":\"2021-03-11T07:00:00Z\",\"end\":\"2021-03-11T17:00:00Z\","
                + "\"seconds\":36000}]}");
    }

    @Test
    @DisplayName("an interval that lasts past the search limit ends in '..' (text) or null (json)")
    void openIntervals() throws IOException {
        String f = file("open.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: holidays-only}
                spec:
                  maintenanceExclusions:
                    - {name: new-year, startTime: 2021-12-31, endTime: 2022-01-02}
                """);
        assertThat(windows(f, "--from", "2021-12-01", "--count", "5").lines())
                .containsExactly("2021-12-01T00:00:00Z/2021-12-31T00:00:00Z", "2022-01-02T00:00:00Z/..");
        assertThat(windows(f, "--from", "2022-02-01", "--count", "1", "--output", "json").out())
                .contains("\"end\": null", "\"seconds\": null");
    }

    @Test
    @DisplayName("--count N looks past two-year gaps: every other year's Sunday of week 52 gives all 6, years apart")
    void countLooksPastLongGaps() throws IOException {
        String f = file("sparse.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: week-52}
                spec:
                  maintenanceWindows:
                    - {startTime: 2023-01-01T10:00:00Z, duration: 1h, recurrence: "FREQ=YEARLY;INTERVAL=2;BYWEEKNO=52;BYDAY=SU"}
                """);
        Run r = windows(f, "--from", "2021-01-01", "--count", "6");
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.lines()).containsExactly("2023-01-01T10:00:00Z/2023-01-01T11:00:00Z",
                "2023-12-31T10:00:00Z/2023-12-31T11:00:00Z", "2025-12-28T10:00:00Z/2025-12-28T11:00:00Z",
                "2029-12-30T10:00:00Z/2029-12-30T11:00:00Z", "2031-12-28T10:00:00Z/2031-12-28T11:00:00Z",
                "2035-12-30T10:00:00Z/2035-12-30T11:00:00Z");
    }

    @Test
    @DisplayName("an interval that ends exactly at the search limit is closed; '..' means it goes on past the limit")
    void endingAtTheLimitIsClosed() throws IOException {
        String f = file("once.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: once}
                spec:
                  maintenanceWindows:
                    - {startTime: 2023-01-01T22:00:00Z, endTime: 2023-01-02T00:00:00Z}
                """);
        assertThat(windows(f, "--from", "2021-01-01", "--count", "1").lines())
                .containsExactly("2023-01-01T22:00:00Z/2023-01-02T00:00:00Z");
        assertThat(windows(f, "--from", "2021-01-01T00:00:01Z", "--count", "1").lines())
                .containsExactly("2023-01-01T22:00:00Z/2023-01-02T00:00:00Z");
    }

    @Test
    @DisplayName("--count N never gives fewer than N silently: where no interval starts within 30 years, it says where it stopped")
    void countSaysWhereTheSearchStopped() throws IOException {
        String f = file("ends.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: twice}
                spec:
                  maintenanceWindows:
                    - {startTime: 2021-03-10T10:00:00Z, duration: 1h, recurrence: "FREQ=YEARLY;COUNT=2"}
                """);
        Run r = windows(f, "--from", "2021-01-01", "--count", "3");
        assertThat(r.code()).isZero();
        assertThat(r.lines()).containsExactly("2021-03-10T10:00:00Z/2021-03-10T11:00:00Z",
                "2022-03-10T10:00:00Z/2022-03-10T11:00:00Z");
        assertThat(r.err()).isEqualTo("upshift: found 2 of 3 intervals: none starts within 30 years after"
                + " 2022-03-10T11:00:00Z; the search stopped at 2052-04-01T11:00:00Z" + "\n");
        assertThat(windows(f, "--from", "2021-01-01", "--count", "3", "--output", "json").out())
                .contains("\"searchStoppedAt\": \"2052-04-01T11:00:00Z\"");
        assertThat(windows(f, "--from", "2021-01-01", "--count", "2", "--output", "json").out()).doesNotContain("searchStoppedAt");
    }

    @Test
    @DisplayName("a file with several schedules needs --name; the error lists them")
    void severalSchedulesNeedAName() throws IOException {
        String f = file("two.yaml", SEED + "---\n" + SEED.replace("name: working-hours-except-month-start", "name: other"));
        Run r = windows(f, "--count", "1");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("upshift: " + f + " holds 2 maintenance schedules (working-hours-except-month-start,"
                + " other); choose one with --name");
        assertThat(windows(f, "--count", "1", "--from", "2021-03-11", "--name", "other").lines())
                .containsExactly("2021-03-11T07:00:00Z/2021-03-11T17:00:00Z");
        assertThat(windows(f, "--count", "1", "--name", "third").err()).contains("holds no MaintenanceSchedule named 'third';"
                + " it holds: working-hours-except-month-start, other");
    }

    @Test
    @DisplayName("a broken schedule prints file:line:col: field: message for every problem and exits 1")
    void brokenSchedules() throws IOException {
        Run r = windows(file("bad.yaml", SEED.replace("FREQ=WEEKLY;BYDAY", "FREQ=WEEKLY;BYDAYS").replace("2021-03-10T17", "2021-03-10T05")),
                "--count", "1");
        assertThat(r.code()).isEqualTo(Main.PROBLEM);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("bad.yaml:10:14: spec.maintenanceWindows[0].endTime: endTime 2021-03-10T05:00 is not after"
                + " startTime 2021-03-10T07:00", "bad.yaml:11:17: spec.maintenanceWindows[0].recurrence: invalid recurrence"
                + " \"FREQ=WEEKLY;BYDAYS=MO,TU,WE,TH,FR\": unknown part 'BYDAYS'; did you mean 'BYDAY'?");
    }

    @Test
    @DisplayName("--profile checks availability: a shortfall is reported and exits 1, the intervals are still printed")
    void profiles() throws IOException {
        String f = file("weekly.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: saturdays}
                spec:
                  maintenanceWindows:
                    - {startTime: 2021-03-06T01:00:00Z, duration: 2h, recurrence: FREQ=WEEKLY;BYDAY=SA}
                """);
        Run gke = windows(f, "--from", "2021-03-01", "--count", "1", "--profile", "gke");
        assertThat(gke.code()).isEqualTo(Main.PROBLEM);
        assertThat(gke.lines()).containsExactly("2021-03-06T01:00:00Z/2021-03-06T03:00:00Z");
        assertThat(gke.err()).contains("weekly.yaml:5:3: spec: profile gke: in the 32d from");
        assertThat(windows(f, "--from", "2021-03-01", "--count", "1", "--profile", "aks").err())
                .contains("profile aks: window 'spec.maintenanceWindows[0]' lasts 2h; the profile allows windows of 4h to 24h");
        String own = file("mine.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: AvailabilityProfile
                metadata: {name: mine}
                spec: {windowLength: {max: 3h}}
                """);
        assertThat(windows(f, "--from", "2021-03-01", "--count", "1", "--profile", own).code()).isZero();
    }

    @Test
    @DisplayName("wrong usage exits 2 and says what is wrong")
    void usage() throws IOException {
        String f = file("seed.yaml", SEED);
        assertThat(windows(f).err()).contains("Missing required argument");
        assertThat(windows(f, "--count", "1", "--until", "2022-01-01").code()).isEqualTo(Main.USAGE);
        assertThat(windows(f, "--from", "2021-03-10", "--until", "2021-03-09").err())
                .contains("--until 2021-03-09T00:00:00Z must be after --from 2021-03-10T00:00:00Z");
        assertThat(windows(f, "--count", "0").code()).isEqualTo(Main.USAGE);
        assertThat(windows(f, "--count", "1", "--min-duration", "4x").err()).contains("Invalid value for option '--min-duration'")
                .contains("invalid duration \"4x\": unknown unit 'x' at character 2").doesNotContain("Exception");
        assertThat(windows(f, "--count", "1", "--from", "10/03/2021").code()).isEqualTo(Main.USAGE);
    }

    @Test
    @DisplayName("a time outside the supported range is wrong usage that states the range")
    void timesOutOfRange() throws IOException {
        String f = file("seed.yaml", SEED);
        for (String[] args : List.of(new String[] {"--from", "9999-12-31T00:00:00Z", "--count", "1"},
                new String[] {"--from", "1800-01-01T00:00:00Z", "--count", "1"},
                new String[] {"--from", "2021-03-01", "--until", "9000-01-01T00:00:00Z"})) {
            Run r = windows(f, args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Main.USAGE);
            assertThat(r.err()).contains("is outside the supported range: from 1900-01-01T00:00:00Z up to, not including,"
                    + " 9000-01-01T00:00:00Z").doesNotContain("Exception").doesNotContain("java.");
        }
        assertThat(windows(f, "--from", "8999-12-31T00:00:00Z", "--count", "1").code()).isZero();
    }

    @Test
    @DisplayName("the range's ends are AllowedIntervals' own: its first instant is a time windows answers for, the second before is wrong usage")
    void rangeEndsAreTheScheduleModules() throws IOException {
        String f = file("seed.yaml", SEED);
        Run first = windows(f, "--from", AllowedIntervals.EARLIEST.toString(), "--count", "1");
        Run before = windows(f, "--from", AllowedIntervals.EARLIEST.minusSeconds(1).toString(), "--count", "1");
        Run last = windows(f, "--from", "8999-12-01", "--until", AllowedIntervals.LATEST.minusSeconds(1).toString());
        Run end = windows(f, "--from", "8999-12-01", "--until", AllowedIntervals.LATEST.toString());

        assertThat(first.code()).as(first.err()).isNotEqualTo(Main.USAGE);
        assertThat(first.err()).doesNotContain("outside the supported range");
        assertThat(before.code()).isEqualTo(Main.USAGE);
        assertThat(last.code()).as(last.err()).isZero();
        assertThat(end.code()).isEqualTo(Main.USAGE);
        assertThat(end.err()).contains("outside the supported range");
    }

    @Test
    @DisplayName("validate reports schedule problems with positions")
    void validateChecksSchedules() throws IOException {
        String f = file("bad.yaml", SEED.replace("FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=32"));
        Run r = run("validate", f);
        assertThat(r.code()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).contains("bad.yaml:16:17: spec.maintenanceExclusions[0].recurrence: invalid recurrence"
                + " \"FREQ=MONTHLY;BYMONTHDAY=32\": BYMONTHDAY item '32' is out of range; expected 1 to 31 or -31 to -1");
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }
}
