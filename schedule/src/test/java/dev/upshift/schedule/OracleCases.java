package dev.upshift.schedule;

import dev.upshift.schedule.OracleCase.Day;
import dev.upshift.schedule.OracleCase.Entry;
import dev.upshift.schedule.OracleCase.Local;
import dev.upshift.schedule.OracleCase.TimeText;
import dev.upshift.schedule.OracleCase.Written;
import dev.upshift.schedule.oracle.OracleSpan;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.Supplier;

/**
 * Random cases for the oracle property test, each built from one seed. They lean towards what
 * breaks calendars: start times in and around daylight-saving gaps and folds (zones with 30-minute
 * changes, a 12:45 offset, changes at midnight, a skipped day), ends of months and years, week 53,
 * negative positions, and every FREQ with the BYxxx parts RFC 5545 allows for it.
 */
final class OracleCases {
    static final List<ZoneId> ZONES = List.of("Australia/Lord_Howe", "Pacific/Chatham", "America/Sao_Paulo",
            "Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC", "Pacific/Apia").stream().map(ZoneId::of).toList();
    static final List<Locale> LOCALES = List.of(Locale.ROOT, Locale.US, Locale.GERMANY, Locale.forLanguageTag("ar-EG"),
            Locale.forLanguageTag("fa-IR"));
    static final List<String> DEFAULT_ZONES = List.of("UTC", "America/Los_Angeles", "Asia/Kathmandu", "Pacific/Chatham");
    private static final String[] DAYS = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"};
    private static final String[] SCOPES = {"noUpgrades", "noMinorUpgrades", "noMinorOrNodeUpgrades"};
    private static final int[] TRICKY_MINUTES = {0, 30, 60, 90, 105, 120, 135, 150, 165, 180, 210, 225, 1410};
    private static final Instant EARLIEST = Instant.parse("2017-01-01T00:00:00Z");
    private static final DateTimeFormatter BASIC = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT);

    private final Random r;

    private OracleCases(Random r) {
        this.r = r;
    }

    static OracleCase generate(long seed) {
        return generate(seed, new Random(seed));
    }

    /** A case whose every choice comes from {@code choices} (a fuzzer's, for one); {@code seed} only names it. */
    static OracleCase generate(long seed, Random choices) {
        return new OracleCases(choices).build(seed);
    }

    private OracleCase build(long seed) {
        ZoneId zone = pick(ZONES);
        Instant anchor = EARLIEST.plusSeconds(r.nextInt(8 * 365) * 86_400L + r.nextInt(86_400));
        if (r.nextInt(3) == 0) {
            ZoneOffsetTransition t = zone.getRules().nextTransition(anchor);
            if (t != null) {
                anchor = t.getInstant().minus(Duration.ofHours(r.nextInt(48)));
            }
        }
        List<Entry> entries = new ArrayList<>();
        int windows = r.nextInt(4);
        int exclusions = r.nextInt(3);
        for (int i = 0; i < windows + exclusions; i++) {
            entries.add(entry(zone, anchor, i >= windows));
        }
        Instant from = anchor.plus(Duration.ofMinutes(r.nextInt(35 * 24 * 60) - 5 * 24 * 60));
        if (r.nextBoolean()) {
            from = from.truncatedTo(ChronoUnit.HOURS);
        }
        if (!entries.isEmpty() && r.nextInt(5) == 0) {
            Entry first = entries.get(r.nextInt(entries.size()));
            ZoneId z = first.zoneIn(zone);
            from = first.start().written().orElse(first.start().local(z).atZone(z).toInstant()).minus(Duration.ofHours(r.nextInt(30)));
        }
        Instant to = from.plus(Duration.ofMinutes(60 + r.nextInt(60 * 24 * 60)));
        Instant origin = from.plus(Duration.ofHours(r.nextInt(860 * 24) - 800 * 24));
        Optional<Duration> horizon = r.nextBoolean() ? Optional.empty() : Optional.of(Duration.ofDays(1 + r.nextInt(120)));
        return new OracleCase(seed, zone, List.copyOf(entries), from, to, origin, horizon, pick(LOCALES),
                TimeZone.getTimeZone(pick(DEFAULT_ZONES)));
    }

    /**
     * A window or exclusion. Rules that never occur are mostly drawn again: each costs Upshift a
     * search of 30 years, and one in the schedule is enough to reject it.
     */
    private Entry entry(ZoneId scheduleZone, Instant anchor, boolean exclusion) {
        for (int attempt = 0; ; attempt++) {
            Entry e = anyEntry(scheduleZone, anchor, exclusion);
            Optional<OracleSpan> span = e.oracle(scheduleZone);
            if (attempt == 3 || r.nextInt(10) == 0 || span.isEmpty()
                    || span.get().firstOccurrence(span.get().start().plusYears(4)).isPresent()) {
                return e;
            }
        }
    }

    private Entry anyEntry(ZoneId scheduleZone, Instant anchor, boolean exclusion) {
        Optional<ZoneId> own = r.nextInt(7) == 0 ? Optional.of(pick(ZONES)) : Optional.empty();
        ZoneId zone = own.orElse(scheduleZone);
        Map<String, String> rule = r.nextInt(8) == 0 ? Map.of() : rule();
        String freq = rule.getOrDefault("FREQ", "");
        boolean fine = freq.equals("HOURLY") || freq.equals("MINUTELY") || freq.equals("SECONDLY");
        LocalDateTime near = LocalDateTime.ofInstant(anchor, zone);
        LocalDateTime start = rule.isEmpty() ? near.plusHours(r.nextInt(70 * 24) - 30 * 24)
                : fine ? near.minusHours(r.nextInt(20 * 24)) : near.minusDays(r.nextInt(3 * 365));
        start = r.nextBoolean() ? start.toLocalDate().atStartOfDay().plusMinutes(TRICKY_MINUTES[r.nextInt(TRICKY_MINUTES.length)])
                : start.toLocalDate().atStartOfDay().plusMinutes(15L * r.nextInt(96));
        Duration length = exclusion && r.nextInt(4) == 0 ? Duration.ofHours(24 + r.nextInt(19 * 24))
                : Duration.ofMinutes(15L * (1 + r.nextInt(104)));
        ZoneOffsetTransition t = zone.getRules().previousTransition(LocalDateTime.of(start.toLocalDate().plusDays(1),
                LocalTime.MIDNIGHT).atZone(zone).toInstant());
        if (r.nextInt(4) == 0 && t != null && t.getInstant().isAfter(EARLIEST)) {
            long changeMinutes = Math.abs(t.getDuration().toMinutes());
            LocalDateTime change = t.isGap() ? t.getDateTimeBefore() : t.getDateTimeAfter();
            start = change.plusMinutes(r.nextInt(3) == 0 ? 0 : r.nextInt((int) changeMinutes + 1));
            if (r.nextBoolean()) {
                length = Duration.ofMinutes(1 + r.nextInt((int) changeMinutes + 30));
            }
        }
        TimeText startText = timeText(start, zone, r.nextInt(10));
        LocalDateTime localStart = startText.local(zone);
        Optional<TimeText> endTime = Optional.empty();
        Optional<Duration> duration = Optional.empty();
        if (r.nextBoolean()) {
            duration = Optional.of(length);
        } else {
            int form = startText instanceof Written ? (r.nextInt(10) < 7 ? 6 : 0) : r.nextInt(10) < 8 ? 0 : r.nextInt(10);
            endTime = Optional.of(timeText(localStart.plus(length), zone, form));
        }
        if (rule.containsKey("UNTIL")) {
            rule.put("UNTIL", until(localStart, zone));
        }
        Optional<String> scope = exclusion ? Optional.of(SCOPES[r.nextInt(3)]) : Optional.empty();
        return new Entry(own, startText, endTime, duration, rule, scope);
    }

    /** A time as a local time (form 0–5), an instant with an offset (6–8), or a date at midnight (9). */
    private TimeText timeText(LocalDateTime local, ZoneId zone, int form) {
        if (form == 9 && local.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            return new Day(local.toLocalDate());
        }
        List<ZoneOffset> offsets = zone.getRules().getValidOffsets(local);
        if (form < 6 || offsets.isEmpty()) {
            return new Local(local);
        }
        ZoneOffset offset = offsets.get(r.nextInt(offsets.size()));
        Instant instant = local.toInstant(offset);
        ZoneOffset shown = switch (r.nextInt(3)) {
            case 0 -> ZoneOffset.UTC;
            case 1 -> offset;
            default -> ZoneOffset.ofHoursMinutes(5, 30);
        };
        return new Written(instant, shown);
    }

    private String until(LocalDateTime start, ZoneId zone) {
        LocalDateTime until = start.plusDays(1 + r.nextInt(700)).plusMinutes(r.nextInt(24 * 60));
        return switch (r.nextInt(3)) {
            case 0 -> until.toLocalDate().format(DateTimeFormatter.BASIC_ISO_DATE);
            case 1 -> until.format(BASIC);
            default -> LocalDateTime.ofInstant(until.atZone(zone).toInstant(), ZoneOffset.UTC).format(BASIC) + "Z";
        };
    }

    private Map<String, String> rule() {
        String freq = weighted(new String[] {"YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"},
                new int[] {20, 20, 22, 20, 9, 5, 4});
        boolean yearly = freq.equals("YEARLY");
        boolean monthly = freq.equals("MONTHLY");
        boolean weekly = freq.equals("WEEKLY");
        boolean fine = freq.equals("HOURLY") || freq.equals("MINUTELY") || freq.equals("SECONDLY");
        Map<String, String> p = new LinkedHashMap<>();
        p.put("FREQ", freq);
        switch (freq) {
            case "MINUTELY" -> p.put("INTERVAL", String.valueOf(pick(List.of(15, 20, 30, 45, 60, 90))));
            case "SECONDLY" -> p.put("INTERVAL", String.valueOf(pick(List.of(900, 1800, 3600))));
            default -> {
                if (r.nextBoolean()) {
                    p.put("INTERVAL", String.valueOf(1 + r.nextInt(4)));
                }
            }
        }
        maybe(p, "BYMONTH", weekly ? 40 : 25, () -> numbers(1 + r.nextInt(3), () -> 1 + r.nextInt(12)));
        maybe(p, "BYWEEKNO", yearly ? 30 : 0, () -> numbers(1 + r.nextInt(3),
                () -> pick(List.of(1, 2, 10, 20, 26, 52, 53, -1, -2, -53, 1 + r.nextInt(53)))));
        maybe(p, "BYYEARDAY", yearly ? 20 : fine ? 10 : 0, () -> numbers(1 + r.nextInt(3),
                () -> pick(List.of(1, 2, 59, 60, 100, 200, 365, 366, -1, -366, -306, 1 + r.nextInt(366)))));
        maybe(p, "BYMONTHDAY", monthly ? 35 : yearly ? 25 : weekly ? 0 : 12, () -> numbers(1 + r.nextInt(3),
                () -> pick(List.of(1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -3, -31, 1 + r.nextInt(31)))));
        maybe(p, "BYDAY", weekly ? 55 : monthly || yearly ? 40 : 20, () -> byDay(monthly || yearly && !p.containsKey("BYWEEKNO"),
                yearly && !p.containsKey("BYMONTH")));
        maybe(p, "BYHOUR", freq.equals("MINUTELY") || freq.equals("SECONDLY") ? 100 : fine ? 40 : 20,
                () -> numbers(1 + r.nextInt(2), () -> pick(List.of(0, 1, 2, 3, 22, 23, r.nextInt(24)))));
        maybe(p, "BYMINUTE", fine ? 30 : 15, () -> numbers(1 + r.nextInt(2), () -> pick(List.of(0, 15, 30, 45, r.nextInt(60)))));
        maybe(p, "BYSECOND", 5, () -> numbers(1, () -> pick(List.of(0, 30))));
        if (severalPerPeriod(p)) {
            maybe(p, "BYSETPOS", 30, () -> numbers(1 + r.nextInt(2), () -> pick(List.of(1, 2, 3, -1, -2))));
        }
        maybe(p, "WKST", 50, () -> DAYS[r.nextInt(7)]);
        if (r.nextInt(5) == 0) {
            p.put("COUNT", String.valueOf(1 + r.nextInt(30)));
        } else if (r.nextInt(4) == 0) {
            p.put("UNTIL", "");
        }
        return p;
    }

    /** Whether a period of the rule can hold more than one candidate, so that BYSETPOS has a choice. */
    private static boolean severalPerPeriod(Map<String, String> p) {
        boolean byDays = p.containsKey("BYDAY") || p.containsKey("BYMONTHDAY") || p.containsKey("BYYEARDAY")
                || p.containsKey("BYWEEKNO");
        return switch (p.get("FREQ")) {
            case "YEARLY", "MONTHLY", "WEEKLY" -> byDays;
            case "DAILY" -> p.getOrDefault("BYHOUR", "").contains(",") || p.getOrDefault("BYMINUTE", "").contains(",");
            default -> false;
        };
    }

    private String byDay(boolean ordinals, boolean inYear) {
        Set<String> items = new LinkedHashSet<>();
        int n = 1 + r.nextInt(4);
        while (items.size() < n) {
            String day = DAYS[r.nextInt(7)];
            if (ordinals && r.nextBoolean()) {
                int ordinal = inYear ? pick(List.of(1, 2, -1, 20, 52, 53, -53, 1 + r.nextInt(53))) : pick(List.of(1, 2, 3, 4, 5, -1, -2, -5));
                items.add((ordinal < 0 || r.nextBoolean() ? "" : "+") + ordinal + day);
            } else {
                items.add(day);
            }
        }
        return String.join(",", items);
    }

    private String numbers(int n, Supplier<Integer> one) {
        Set<Integer> out = new LinkedHashSet<>();
        while (out.size() < n) {
            out.add(one.get());
        }
        return String.join(",", out.stream().map(String::valueOf).toList());
    }

    private void maybe(Map<String, String> parts, String name, int percent, Supplier<String> value) {
        if (r.nextInt(100) < percent) {
            parts.put(name, value.get());
        }
    }

    private <T> T pick(List<T> list) {
        return list.get(r.nextInt(list.size()));
    }

    private String weighted(String[] values, int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int x = r.nextInt(total);
        for (int i = 0; i < values.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return values[i];
            }
        }
        throw new AssertionError();
    }
}
