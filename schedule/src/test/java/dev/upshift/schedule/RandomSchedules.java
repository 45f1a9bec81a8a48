package dev.upshift.schedule;

import dev.upshift.common.kind.Metadata;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Random schedules for property tests, built from a seed so that a failing case can be replayed. */
final class RandomSchedules {
    static final List<ZoneId> ZONES = List.of("UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe",
            "Pacific/Apia", "Asia/Kathmandu", "America/Sao_Paulo", "Asia/Tehran", "Pacific/Chatham").stream()
            .map(ZoneId::of).toList();
    private static final String[] DAYS = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"};

    private RandomSchedules() {}

    static MaintenanceSchedule schedule(long seed) {
        Random r = new Random(seed);
        ZoneId zone = ZONES.get(r.nextInt(ZONES.size()));
        List<MaintenanceWindow> windows = new ArrayList<>();
        int nWindows = r.nextInt(4);
        for (int i = 0; i < nWindows; i++) {
            windows.add(new MaintenanceWindow("w" + i, span(r, zone, false), Origin.of("random", "w" + i)));
        }
        List<MaintenanceExclusion> exclusions = new ArrayList<>();
        int nExclusions = r.nextInt(4);
        for (int i = 0; i < nExclusions; i++) {
            ExclusionScope scope = ExclusionScope.values()[r.nextInt(3)];
            exclusions.add(new MaintenanceExclusion("x" + i, span(r, zone, true), scope, Origin.of("random", "x" + i)));
        }
        return new MaintenanceSchedule(Metadata.named("random-" + seed), zone, windows, exclusions, Origin.of("random", "spec"));
    }

    /** The same schedule with its windows and exclusions in another order. */
    static MaintenanceSchedule shuffled(MaintenanceSchedule s, long seed) {
        List<MaintenanceWindow> w = new ArrayList<>(s.windows());
        List<MaintenanceExclusion> x = new ArrayList<>(s.exclusions());
        java.util.Collections.shuffle(w, new Random(seed));
        java.util.Collections.shuffle(x, new Random(seed + 1));
        return new MaintenanceSchedule(s.metadata(), s.timeZone(), w, x, s.origin());
    }

    /** An instant in 2020 to 2023. */
    static Instant instant(Random r) {
        return Instant.parse("2020-01-01T00:00:00Z").plusSeconds(r.nextInt(4 * 365 * 24 * 60) * 60L + (r.nextBoolean() ? 0 : r.nextInt(60)));
    }

    private static RecurringSpan span(Random r, ZoneId zone, boolean exclusion) {
        LocalDateTime start = LocalDateTime.of(2020, 1, 1, 0, 0).plusMinutes(r.nextInt(3 * 365 * 24 * 4) * 15L);
        if (r.nextInt(4) == 0) {
            start = start.withHour(r.nextBoolean() ? 2 : 1).withMinute(r.nextBoolean() ? 30 : 0);
        }
        long minutes = exclusion && r.nextInt(4) == 0 ? 60L * (24 + r.nextInt(24 * 20)) : 15L * (1 + r.nextInt(4 * 30));
        SpanLength length = r.nextBoolean() ? SpanLength.wallClock(Duration.ofMinutes(minutes))
                : SpanLength.elapsed(Duration.ofMinutes(minutes));
        return RecurringSpan.of(start, zone, length, rule(r, start).map(Recurrence::parse));
    }

    private static Optional<String> rule(Random r, LocalDateTime start) {
        return switch (r.nextInt(10)) {
            case 0 -> Optional.empty();
            case 1 -> Optional.of("FREQ=DAILY");
            case 2 -> Optional.of("FREQ=DAILY;INTERVAL=" + (2 + r.nextInt(5)));
            case 3 -> Optional.of("FREQ=WEEKLY;BYDAY=" + days(r));
            case 4 -> Optional.of("FREQ=WEEKLY;INTERVAL=2;BYDAY=" + days(r));
            case 5 -> Optional.of("FREQ=MONTHLY;BYMONTHDAY=" + (r.nextBoolean() ? 1 + r.nextInt(31) : -1 - r.nextInt(3)));
            case 6 -> Optional.of("FREQ=MONTHLY;BYDAY=" + (1 + r.nextInt(4)) + DAYS[r.nextInt(7)]);
            case 7 -> Optional.of("FREQ=HOURLY;INTERVAL=" + (5 + r.nextInt(44)));
            case 8 -> Optional.of("FREQ=DAILY;COUNT=" + (1 + r.nextInt(40)));
            default -> Optional.of("FREQ=WEEKLY;BYDAY=" + days(r) + ";UNTIL="
                    + start.plusDays(1 + r.nextInt(400)).format(java.time.format.DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")));
        };
    }

    private static String days(Random r) {
        List<String> out = new ArrayList<>();
        for (String d : DAYS) {
            if (r.nextInt(3) == 0) {
                out.add(d);
            }
        }
        return out.isEmpty() ? DAYS[r.nextInt(7)] : String.join(",", out);
    }
}
