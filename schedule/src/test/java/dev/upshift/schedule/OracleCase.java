package dev.upshift.schedule;

import dev.upshift.schedule.oracle.OracleSchedule;
import dev.upshift.schedule.oracle.OracleSchedule.Scope;
import dev.upshift.schedule.oracle.OracleSpan;
import dev.upshift.schedule.oracle.RecurrenceRule;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;

/**
 * One random case of the oracle property test: a schedule document (as data, rendered to YAML), the
 * range asked about, how the index is built, and the JVM defaults it runs under. Each part can be
 * simplified on its own, which is how a failing case is shrunk.
 */
record OracleCase(long seed, ZoneId zone, List<Entry> entries, Instant from, Instant to, Instant origin,
        Optional<Duration> horizon, Locale defaultLocale, TimeZone defaultZone) {

    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx", Locale.ROOT);

    /** How a time is written in the document. */
    sealed interface TimeText {
        /** The local time on the zone's clock that the text names. */
        LocalDateTime local(ZoneId zone);

        /** The instant the text names, when it has an offset. */
        default Optional<Instant> written() {
            return Optional.empty();
        }

        String text();
    }

    /** {@code 2021-03-14T02:30:00}: a local time. */
    record Local(LocalDateTime time) implements TimeText {
        public LocalDateTime local(ZoneId zone) {
            return time;
        }

        public String text() {
            return LOCAL.format(time);
        }
    }

    /** {@code 2021-11-07T01:30:00-05:00}: an instant, shown with some offset. */
    record Written(Instant instant, ZoneOffset shown) implements TimeText {
        public LocalDateTime local(ZoneId zone) {
            return LocalDateTime.ofInstant(instant, zone);
        }

        public Optional<Instant> written() {
            return Optional.of(instant);
        }

        public String text() {
            return shown.equals(ZoneOffset.UTC) ? instant.toString() : OFFSET.format(instant.atOffset(shown));
        }
    }

    /** {@code 2021-12-24}: a date, its midnight. */
    record Day(LocalDate date) implements TimeText {
        public LocalDateTime local(ZoneId zone) {
            return date.atStartOfDay();
        }

        public String text() {
            return date.toString();
        }
    }

    /**
     * A window or an exclusion. Exactly one of {@code endTime} and {@code duration} is present.
     *
     * @param rule the recurrence's parts in the order written, empty for a one-off
     * @param scope an exclusion's scope word, or empty for a window
     */
    record Entry(Optional<ZoneId> zone, TimeText start, Optional<TimeText> endTime, Optional<Duration> duration,
            Map<String, String> rule, Optional<String> scope) {

        boolean exclusion() {
            return scope.isPresent();
        }

        ZoneId zoneIn(ZoneId scheduleZone) {
            return zone.orElse(scheduleZone);
        }

        String ruleText() {
            StringBuilder out = new StringBuilder();
            rule.forEach((k, v) -> out.append(out.length() == 0 ? "" : ";").append(k).append('=').append(v));
            return out.toString();
        }

        /** The oracle's span, or empty when the document is wrong (an end not after the start). */
        Optional<OracleSpan> oracle(ZoneId scheduleZone) {
            ZoneId z = zoneIn(scheduleZone);
            LocalDateTime s = start.local(z);
            Optional<RecurrenceRule> r = rule.isEmpty() ? Optional.empty() : Optional.of(RecurrenceRule.parse(ruleText()));
            if (duration.isPresent()) {
                return Optional.of(new OracleSpan(s, z, duration.get(), false, r, start.written(), Optional.empty()));
            }
            Duration length = Duration.between(s, endTime.get().local(z));
            if (length.isNegative() || length.isZero()) {
                return Optional.empty();
            }
            return Optional.of(new OracleSpan(s, z, length, true, r, start.written(), endTime.get().written()));
        }

        String yaml(String name) {
            StringBuilder y = new StringBuilder("  - name: ").append(name).append('\n');
            y.append("    startTime: \"").append(start.text()).append("\"\n");
            endTime.ifPresent(e -> y.append("    endTime: \"").append(e.text()).append("\"\n"));
            duration.ifPresent(d -> y.append("    duration: ").append(d).append('\n'));
            if (!rule.isEmpty()) {
                y.append("    recurrence: \"").append(ruleText()).append("\"\n");
            }
            zone.ifPresent(z -> y.append("    timeZone: ").append(z).append('\n'));
            scope.ifPresent(s -> y.append("    scope: ").append(s).append('\n'));
            return y.toString();
        }

        Entry withZone(Optional<ZoneId> z) {
            return new Entry(z, start, endTime, duration, rule, scope);
        }

        Entry withStart(TimeText t) {
            return new Entry(zone, t, endTime, duration, rule, scope);
        }

        Entry withEndTime(TimeText t) {
            return new Entry(zone, start, Optional.of(t), duration, rule, scope);
        }

        Entry withRule(Map<String, String> r) {
            return new Entry(zone, start, endTime, duration, r, scope);
        }
    }

    List<Entry> windows() {
        return entries.stream().filter(e -> !e.exclusion()).toList();
    }

    List<Entry> exclusions() {
        return entries.stream().filter(Entry::exclusion).toList();
    }

    /** The schedule document. */
    String yaml() {
        StringBuilder y = new StringBuilder("apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\n");
        y.append("metadata: {name: oracle}\nspec:\n  timeZone: ").append(zone).append('\n');
        List<Entry> windows = windows();
        if (!windows.isEmpty()) {
            y.append("  maintenanceWindows:\n");
            for (int i = 0; i < windows.size(); i++) {
                y.append(windows.get(i).yaml("w" + i));
            }
        }
        List<Entry> exclusions = exclusions();
        if (!exclusions.isEmpty()) {
            y.append("  maintenanceExclusions:\n");
            for (int i = 0; i < exclusions.size(); i++) {
                y.append(exclusions.get(i).yaml("x" + i));
            }
        }
        return y.toString();
    }

    /** The oracle's schedule, or empty when the document is wrong in a way the oracle need not judge. */
    Optional<OracleSchedule> oracle() {
        List<OracleSpan> windows = new ArrayList<>();
        for (Entry w : windows()) {
            Optional<OracleSpan> s = w.oracle(zone);
            if (s.isEmpty()) {
                return Optional.empty();
            }
            windows.add(s.get());
        }
        List<OracleSchedule.Exclusion> exclusions = new ArrayList<>();
        for (Entry x : exclusions()) {
            Optional<OracleSpan> s = x.oracle(zone);
            if (s.isEmpty()) {
                return Optional.empty();
            }
            exclusions.add(new OracleSchedule.Exclusion(s.get(), scope(x.scope().orElseThrow())));
        }
        return Optional.of(new OracleSchedule(windows, exclusions));
    }

    private static Scope scope(String word) {
        return switch (word) {
            case "noUpgrades" -> Scope.NO_UPGRADES;
            case "noMinorUpgrades" -> Scope.NO_MINOR_UPGRADES;
            case "noMinorOrNodeUpgrades" -> Scope.NO_MINOR_OR_NODE_UPGRADES;
            default -> throw new IllegalArgumentException(word);
        };
    }

    /** Simpler cases, each one step from this one, simplest first. */
    List<OracleCase> simplifications() {
        List<OracleCase> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            List<Entry> fewer = new ArrayList<>(entries);
            fewer.remove(i);
            out.add(withEntries(fewer));
        }
        long seconds = Duration.between(from, to).getSeconds();
        if (seconds > 3600) {
            Instant middle = from.plusSeconds(seconds / 2);
            out.add(new OracleCase(seed, zone, entries, from, middle, origin, horizon, defaultLocale, defaultZone));
            out.add(new OracleCase(seed, zone, entries, middle, to, origin, horizon, defaultLocale, defaultZone));
        }
        if (!origin.equals(from) || horizon.isPresent()) {
            out.add(new OracleCase(seed, zone, entries, from, to, from, Optional.empty(), defaultLocale, defaultZone));
        }
        if (!defaultLocale.equals(Locale.ROOT) || !defaultZone.getID().equals("UTC")) {
            out.add(new OracleCase(seed, zone, entries, from, to, origin, horizon, Locale.ROOT, TimeZone.getTimeZone("UTC")));
        }
        for (int i = 0; i < entries.size(); i++) {
            for (Entry simpler : simplifications(entries.get(i))) {
                List<Entry> changed = new ArrayList<>(entries);
                changed.set(i, simpler);
                out.add(withEntries(changed));
            }
        }
        return out;
    }

    private List<Entry> simplifications(Entry e) {
        List<Entry> out = new ArrayList<>();
        if (!e.rule().isEmpty()) {
            out.add(e.withRule(Map.of()));
        }
        for (String part : e.rule().keySet()) {
            if (part.equals("FREQ")) {
                continue;
            }
            Map<String, String> fewer = new LinkedHashMap<>(e.rule());
            fewer.remove(part);
            out.add(e.withRule(fewer));
            String[] items = e.rule().get(part).split(",");
            for (int i = 0; items.length > 1 && i < items.length; i++) {
                List<String> rest = new ArrayList<>(List.of(items));
                rest.remove(i);
                Map<String, String> shorter = new LinkedHashMap<>(e.rule());
                shorter.put(part, String.join(",", rest));
                out.add(e.withRule(shorter));
            }
        }
        if (e.zone().isPresent()) {
            out.add(e.withZone(Optional.empty()));
        }
        ZoneId z = e.zoneIn(zone);
        if (!(e.start() instanceof Local)) {
            out.add(e.withStart(new Local(e.start().local(z))));
        }
        if (e.endTime().isPresent() && !(e.endTime().get() instanceof Local)) {
            out.add(e.withEndTime(new Local(e.endTime().get().local(z))));
        }
        return out;
    }

    private OracleCase withEntries(List<Entry> changed) {
        return new OracleCase(seed, zone, List.copyOf(changed), from, to, origin, horizon, defaultLocale, defaultZone);
    }

    @Override
    public String toString() {
        return "seed " + seed + " (replay with -Dupshift.oracle.replay=" + seed + "): [" + from + ", " + to + ") index origin "
                + origin + horizon.map(h -> " horizon " + h).orElse("") + ", default locale '" + defaultLocale.toLanguageTag()
                + "' zone " + defaultZone.getID() + "\n" + yaml();
    }
}
