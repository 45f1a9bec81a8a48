package dev.upshift.bench;

import java.util.List;
import java.util.Random;

/**
 * The maintenance schedules of a generated fleet: one or two windows each (weekday nights, working
 * hours, daily, weekends, fortnightly, second Tuesdays, twice a month) in a dozen zones, and up to
 * three exclusions of every scope (month starts, the year end, quarter closes, a one-off event,
 * Friday afternoons).
 */
final class FleetSchedules {
    static final List<String> ZONES = List.of("UTC", "Europe/Berlin", "Europe/London", "Europe/Dublin",
            "America/New_York", "America/Chicago", "America/Los_Angeles", "America/Sao_Paulo", "Asia/Tokyo",
            "Asia/Kolkata", "Asia/Singapore", "Australia/Sydney");

    private FleetSchedules() {}

    static String name(int i) {
        return String.format(java.util.Locale.ROOT, "maintenance-%02d", i);
    }

    /** The schedule's document. */
    static String yaml(int i, Random r) {
        StringBuilder y = new StringBuilder(1024);
        y.append("apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\nmetadata:\n  name: ").append(name(i))
                .append("\nspec:\n  timeZone: ").append(ZONES.get(i % ZONES.size())).append("\n  maintenanceWindows:\n");
        int first = r.nextInt(7);
        window(y, first, r);
        if (r.nextInt(3) == 0) {
            window(y, (first + 1 + r.nextInt(6)) % 7, r);
        }
        int exclusions = r.nextInt(4);
        if (exclusions > 0) {
            y.append("  maintenanceExclusions:\n");
            int start = r.nextInt(5);
            for (int e = 0; e < exclusions; e++) {
                exclusion(y, (start + e) % 5, r);
            }
        }
        return y.toString();
    }

    private static void window(StringBuilder y, int kind, Random r) {
        switch (kind) {
            case 0 -> entry(y, "weekday-nights", "2026-01-05T" + hour(20 + r.nextInt(4)), "duration: " + (4 + r.nextInt(3)) + "h",
                    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH");
            case 1 -> {
                int h = 7 + r.nextInt(3);
                entry(y, "working-hours", "2026-01-05T" + hour(h), "endTime: 2026-01-05T" + hour(h + 8 + r.nextInt(3)),
                        "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
            }
            case 2 -> entry(y, "daily", "2026-01-01T" + hour(r.nextInt(24)), "duration: " + (2 + r.nextInt(3)) + "h",
                    "FREQ=DAILY");
            case 3 -> entry(y, "weekends", "2026-01-03T" + hour(r.nextInt(12)), "duration: 12h", "FREQ=WEEKLY;BYDAY=SA,SU");
            case 4 -> entry(y, "fortnightly", "2026-01-07T20:00:00", "duration: 6h", "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;WKST=MO");
            case 5 -> entry(y, "second-tuesday", "2026-01-13T" + hour(18 + r.nextInt(4)), "duration: 8h",
                    "FREQ=MONTHLY;BYDAY=2TU");
            default -> entry(y, "twice-a-month", "2026-01-01T02:00:00", "duration: " + (3 + r.nextInt(4)) + "h",
                    "FREQ=MONTHLY;BYMONTHDAY=1,15");
        }
    }

    private static void exclusion(StringBuilder y, int kind, Random r) {
        switch (kind) {
            case 0 -> {
                entry(y, "month-start", "2026-01-01", "duration: " + (1 + r.nextInt(4)) + "d", "FREQ=MONTHLY");
                y.append("      scope: noUpgrades\n");
            }
            case 1 -> {
                entry(y, "year-end", "2026-12-18", "endTime: 2027-01-04", "FREQ=YEARLY");
                y.append("      scope: noMinorUpgrades\n");
            }
            case 2 -> {
                entry(y, "quarter-close", "2026-03-25", "duration: 7d", "FREQ=MONTHLY;INTERVAL=3");
                y.append("      scope: noMinorOrNodeUpgrades\n");
            }
            case 3 -> {
                entry(y, "launch-event", "2026-06-" + (16 + r.nextInt(10)), "duration: " + (2 + r.nextInt(5)) + "d", null);
                y.append("      scope: noUpgrades\n");
            }
            default -> {
                entry(y, "friday-afternoons", "2026-01-02T12:00:00", "duration: 12h", "FREQ=WEEKLY;BYDAY=FR");
                y.append("      scope: noMinorUpgrades\n");
            }
        }
    }

    private static void entry(StringBuilder y, String name, String start, String length, String rule) {
        y.append("    - name: ").append(name).append("\n      startTime: ").append(start).append("\n      ").append(length)
                .append('\n');
        if (rule != null) {
            y.append("      recurrence: ").append(rule).append('\n');
        }
    }

    private static String hour(int h) {
        return String.format(java.util.Locale.ROOT, "%02d:00:00", h % 24);
    }
}
