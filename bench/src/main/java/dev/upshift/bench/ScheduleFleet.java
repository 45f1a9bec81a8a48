package dev.upshift.bench;

import dev.upshift.common.kind.Metadata;
import dev.upshift.schedule.ExclusionScope;
import dev.upshift.schedule.MaintenanceExclusion;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.MaintenanceWindow;
import dev.upshift.schedule.Origin;
import dev.upshift.schedule.Recurrence;
import dev.upshift.schedule.RecurringSpan;
import dev.upshift.schedule.SpanLength;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Generates maintenance schedules like a fleet's: weekday working hours, nightly and weekend
 * windows in a dozen zones, with month-start, holiday and no-minor exclusions. Deterministic for a
 * given seed.
 */
public final class ScheduleFleet {
    private static final List<String> ZONES = List.of("UTC", "Europe/Berlin", "Europe/London", "America/New_York",
            "America/Los_Angeles", "America/Sao_Paulo", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney",
            "Australia/Lord_Howe", "Pacific/Auckland", "Africa/Johannesburg");
    private static final List<String> WINDOW_RULES = List.of("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=DAILY",
            "FREQ=WEEKLY;BYDAY=SA,SU", "FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE");

    private ScheduleFleet() {}

    /** {@code n} schedules named {@code schedule-0} to {@code schedule-(n-1)}. */
    public static List<MaintenanceSchedule> schedules(int n, long seed) {
        Random r = new Random(seed);
        List<MaintenanceSchedule> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ZoneId zone = ZoneId.of(ZONES.get(r.nextInt(ZONES.size())));
            List<MaintenanceWindow> windows = new ArrayList<>();
            for (int w = 0; w < 1 + r.nextInt(2); w++) {
                LocalDateTime start = LocalDateTime.of(2026, 1, 5, r.nextInt(24), 0);
                SpanLength length = SpanLength.wallClock(Duration.ofHours(2 + r.nextInt(9)));
                String rule = WINDOW_RULES.get(r.nextInt(WINDOW_RULES.size()));
                windows.add(new MaintenanceWindow("w" + w, span(start, zone, length, rule), Origin.of("fleet", "w" + w)));
            }
            List<MaintenanceExclusion> exclusions = List.of(
                    new MaintenanceExclusion("month-start", span(LocalDateTime.of(2026, 1, 1, 0, 0), zone,
                            SpanLength.wallClock(Duration.ofDays(1 + r.nextInt(5))), "FREQ=MONTHLY"),
                            ExclusionScope.NO_UPGRADES, Origin.of("fleet", "x0")),
                    new MaintenanceExclusion("year-end", span(LocalDateTime.of(2026, 12, 20, 0, 0), zone,
                            SpanLength.wallClock(Duration.ofDays(14)), "FREQ=YEARLY"),
                            ExclusionScope.NO_MINOR_UPGRADES, Origin.of("fleet", "x1")));
            out.add(new MaintenanceSchedule(Metadata.named("schedule-" + i), zone, windows, exclusions, Origin.of("fleet", "spec")));
        }
        return out;
    }

    private static RecurringSpan span(LocalDateTime start, ZoneId zone, SpanLength length, String rule) {
        return RecurringSpan.of(start, zone, length, Optional.of(Recurrence.parse(rule)));
    }
}
