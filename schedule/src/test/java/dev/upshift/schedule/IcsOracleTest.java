package dev.upshift.schedule;

import static dev.upshift.schedule.Calendars.ics;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.IcalendarOracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imported calendars give the exclusions an independent reader gives: Python's icalendar and
 * recurring_ical_events expand the same file, and every event's instances must be the occurrences
 * of the exclusions Upshift made of it.
 */
class IcsOracleTest {
    private static final Instant FROM = Instant.parse("2024-01-01T00:00:00Z");
    private static final Instant UNTIL = Instant.parse("2029-01-01T00:00:00Z");
    private static final DateTimeFormatter BASIC = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT);

    @TempDir
    Path dir;

    @Test
    @DisplayName("a yearly rule, an EXDATE, an RDATE, an all-day event, a TZID and a moved instance agree with the oracle")
    void aHolidayAndFreezeCalendarAgrees() throws Exception {
        String text = ics(
                "BEGIN:VEVENT", "UID:xmas", "SUMMARY:Christmas", "DTSTART;VALUE=DATE:20241224",
                "DTEND;VALUE=DATE:20241227", "RRULE:FREQ=YEARLY", "EXDATE;VALUE=DATE:20261224",
                "RDATE;VALUE=DATE:20270102", "END:VEVENT",
                "BEGIN:VEVENT", "UID:freeze", "SUMMARY:Quarter-end freeze", "DTSTART;TZID=America/New_York:20240328T180000",
                "DURATION:P3D", "RRULE:FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28;UNTIL=20271231T000000Z",
                "EXDATE;TZID=America/New_York:20250328T180000", "END:VEVENT",
                "BEGIN:VEVENT", "UID:freeze", "RECURRENCE-ID;TZID=America/New_York:20250628T180000",
                "SUMMARY:Quarter-end freeze", "DTSTART;TZID=America/New_York:20250627T120000", "DURATION:PT60H",
                "END:VEVENT",
                "BEGIN:VEVENT", "UID:audit", "SUMMARY:Audit", "DTSTART:20250915T080000Z", "DTEND:20250915T170000Z",
                "RDATE:20250916T080000Z,20250917T080000Z", "END:VEVENT",
                "BEGIN:VEVENT", "UID:gone", "SUMMARY:Cancelled", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20250301",
                "END:VEVENT");
        agree(text, ZoneId.of("Europe/Berlin"));
    }

    @Test
    @DisplayName("random calendars of rules, exceptions and extra dates agree with the oracle")
    void randomCalendarsAgree() throws Exception {
        for (long seed = 1; seed <= 4; seed++) {
            agree(randomCalendar(new Random(seed), 60), ZoneId.of("Asia/Kolkata"));
        }
    }

    private void agree(String text, ZoneId zone) throws IOException, InterruptedException {
        Path file = dir.resolve("oracle.ics");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Map<String, List<String>> theirs = new TreeMap<>();
        for (IcalendarOracle.Instance i : IcalendarOracle.instances(file, FROM, UNTIL, zone)) {
            theirs.computeIfAbsent(i.summary(), k -> new ArrayList<>()).add(i.interval());
        }
        Map<String, List<MaintenanceExclusion>> byEvent = new TreeMap<>();
        for (MaintenanceExclusion x : Calendars.read(text, zone)) {
            String summary = x.name().substring(0, x.name().length() - " (from cal.ics)".length());
            byEvent.computeIfAbsent(summary, k -> new ArrayList<>()).add(x);
        }
        Map<String, List<String>> ours = new TreeMap<>();
        byEvent.forEach((summary, xs) -> {
            List<String> found = Calendars.occurrences(xs, FROM.toString(), UNTIL.toString());
            if (!found.isEmpty()) {
                ours.put(summary, found);
            }
        });
        theirs.replaceAll((k, v) -> v.stream().sorted().distinct().toList());
        assertThat(ours).as(text).isEqualTo(theirs);
        assertThat(theirs).isNotEmpty();
    }

    /** Events whose DTSTART the rule generates, with EXDATEs on real instances, away from daylight-saving edges. */
    private static String randomCalendar(Random r, int events) {
        List<String> lines = new ArrayList<>();
        String[] zones = {"Europe/Berlin", "America/New_York", "Australia/Sydney", "UTC"};
        for (int e = 0; e < events; e++) {
            boolean allDay = r.nextInt(3) == 0;
            LocalDate day = LocalDate.of(2024, 1, 1).plusDays(r.nextInt(900));
            LocalDateTime start = day.atTime(allDay ? 0 : 6 + r.nextInt(14), r.nextInt(4) * 15);
            String zone = zones[r.nextInt(zones.length)];
            lines.add("BEGIN:VEVENT");
            lines.add("UID:e" + e);
            lines.add("SUMMARY:event " + e);
            lines.add(allDay ? "DTSTART;VALUE=DATE:" + DATE.format(day) : dt("DTSTART", zone, start));
            if (allDay) {
                lines.add("DTEND;VALUE=DATE:" + DATE.format(day.plusDays(1 + r.nextInt(3))));
            } else if (r.nextBoolean()) {
                lines.add(dt("DTEND", zone, start.plusMinutes(30 + 30L * r.nextInt(8))));
            } else {
                lines.add("DURATION:" + (r.nextBoolean() ? "PT" + (1 + r.nextInt(6)) + "H" : "P" + (1 + r.nextInt(2)) + "D"));
            }
            int kind = r.nextInt(5);
            List<LocalDateTime> instances = new ArrayList<>();
            switch (kind) {
                case 1 -> {
                    lines.add("RRULE:FREQ=YEARLY" + (r.nextBoolean() ? ";COUNT=" + (2 + r.nextInt(4)) : ""));
                    for (int i = 1; i < 3; i++) {
                        instances.add(start.plusYears(i));
                    }
                }
                case 2 -> {
                    int every = 1 + r.nextInt(3);
                    lines.add("RRULE:FREQ=DAILY;INTERVAL=" + every + ";COUNT=" + (5 + r.nextInt(20)));
                    for (int i = 1; i < 4; i++) {
                        instances.add(start.plusDays((long) every * i));
                    }
                }
                case 3 -> {
                    DayOfWeek other = start.getDayOfWeek().plus(1 + r.nextInt(5));
                    lines.add("RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=" + code(start.getDayOfWeek()) + "," + code(other)
                            + ";UNTIL=" + DATE.format(day.plusWeeks(10 + r.nextInt(30))) + (allDay ? "" : "T235959Z"));
                    for (int i = 1; i < 4; i++) {
                        instances.add(start.plusWeeks(i));
                    }
                }
                case 4 -> {
                    lines.add("RRULE:FREQ=MONTHLY;BYMONTHDAY=" + start.getDayOfMonth() + ";COUNT=" + (3 + r.nextInt(12)));
                    for (int i = 1; i < 3; i++) {
                        instances.add(start.plusMonths(i));
                    }
                }
                default -> { }
            }
            if (!instances.isEmpty() && r.nextBoolean()) {
                LocalDateTime x = instances.get(r.nextInt(instances.size()));
                lines.add(allDay ? "EXDATE;VALUE=DATE:" + DATE.format(x) : dt("EXDATE", zone, x));
            }
            if (r.nextInt(3) == 0) {
                LocalDateTime extra = start.plusDays(200 + r.nextInt(100));
                lines.add(allDay ? "RDATE;VALUE=DATE:" + DATE.format(extra) : dt("RDATE", zone, extra));
            }
            lines.add("END:VEVENT");
        }
        return ics(lines.toArray(String[]::new));
    }

    private static String dt(String property, String zone, LocalDateTime t) {
        if (zone.equals("UTC")) {
            return property + ":" + BASIC.format(t) + "Z";
        }
        return property + ";TZID=" + zone + ":" + BASIC.format(t);
    }

    private static String code(DayOfWeek d) {
        return d.getDisplayName(TextStyle.SHORT, Locale.ROOT).substring(0, 2).toUpperCase(Locale.ROOT);
    }
}
