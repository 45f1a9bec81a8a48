package dev.upshift.schedule;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** Test data: iCalendar texts, and what importing them gives. */
final class Calendars {
    private Calendars() {}

    /** A calendar of the given content lines (events and time zones), with CRLF line ends. */
    static String ics(String... lines) {
        List<String> all = new ArrayList<>(List.of("BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"));
        all.addAll(List.of(lines));
        all.add("END:VCALENDAR");
        return String.join("\r\n", all) + "\r\n";
    }

    /** Imports a calendar that must have no errors, reading floating times in {@code zone}. */
    static List<MaintenanceExclusion> read(String text, ZoneId zone) {
        Problems problems = new Problems();
        List<MaintenanceExclusion> out = IcsCalendar.exclusions(new CalendarText("cal.ics", text), "cal.ics", zone,
                ExclusionScope.NO_UPGRADES, problems);
        if (problems.hasErrors()) {
            throw new AssertionError("expected a valid calendar, got:\n" + String.join("\n", messages(problems)));
        }
        return out;
    }

    /** Every problem importing a calendar reports, as {@code cal.ics:line:col: field: message}. */
    static List<String> problems(String text) {
        Problems problems = new Problems();
        IcsCalendar.exclusions(new CalendarText("cal.ics", text), "cal.ics", ZoneId.of("UTC"), ExclusionScope.NO_UPGRADES,
                problems);
        return messages(problems);
    }

    static List<String> messages(Problems problems) {
        return problems.all().stream().map(Problem::toString).toList();
    }

    /** Every occurrence of the exclusions overlapping [from, to), whole, sorted, as {@code start/end}. */
    static List<String> occurrences(List<MaintenanceExclusion> exclusions, String from, String to) {
        List<Interval> all = new ArrayList<>();
        for (MaintenanceExclusion x : exclusions) {
            all.addAll(x.span().occurrences(Instant.parse(from), Instant.parse(to)));
        }
        return all.stream().sorted().map(Interval::toString).distinct().toList();
    }
}
