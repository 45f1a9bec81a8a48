package dev.upshift.schedule;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.schedule.oracle.OracleSchedule;
import dev.upshift.schedule.oracle.OracleSchedule.Upgrade;
import dev.upshift.schedule.oracle.OracleSpan;
import dev.upshift.schedule.oracle.RecurrenceRule;
import dev.upshift.schedule.oracle.Stretch;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.TimeZone;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one {@link OracleCase} through the public API (the document read by
 * {@code MaintenanceSchedule.KIND}, a {@link ScheduleIndex}, {@link AllowedIntervals#between} and
 * {@link AllowedIntervals#next}) and through the oracle, under the case's default locale and time
 * zone, and says whether they agree.
 */
final class OracleComparison {
    private static final Pattern ENTRY = Pattern.compile("maintenance(Windows|Exclusions)\\[(\\d+)]");
    private static final List<Upgrade> UPGRADES = List.of(Upgrade.PATCH, Upgrade.PATCH_CHANGING_NODES, Upgrade.MINOR_OR_MAJOR);

    enum Verdict { AGREE, DISCARD, DISAGREE }

    record Outcome(Verdict verdict, String detail) {
        static final Outcome AGREE = new Outcome(Verdict.AGREE, "");

        /** What disagrees: the reading, between(), or next(); shrinking keeps to one kind. */
        String kind() {
            String first = detail.lines().findFirst().orElse("");
            return first.startsWith("read: unexpected") ? "unexpected" : first.replaceFirst("[(:].*", "").strip();
        }

        static Outcome discard(String why) {
            return new Outcome(Verdict.DISCARD, why);
        }

        static Outcome disagree(String what) {
            return new Outcome(Verdict.DISAGREE, what);
        }
    }

    private OracleComparison() {}

    static Outcome compare(OracleCase c) {
        Optional<OracleSchedule> oracle = c.oracle();
        if (oracle.isEmpty()) {
            return Outcome.discard("an endTime not after its startTime on the local clock");
        }
        return underDefaults(c.defaultLocale(), c.defaultZone(), () -> compare(c, oracle.get()));
    }

    private static Outcome compare(OracleCase c, OracleSchedule oracle) {
        Problems problems = new Problems();
        Optional<MaintenanceSchedule> read = MaintenanceSchedule.KIND.read(DocumentLoader.create().load("oracle.yaml", c.yaml()).get(0),
                problems);
        if (read.isEmpty()) {
            return judgeErrors(c, problems);
        }
        AllowedIntervals index;
        try {
            ScheduleIndex built = c.horizon().isPresent() ? ScheduleIndex.build(List.of(read.get()), c.origin(), c.horizon().get())
                    : ScheduleIndex.build(List.of(read.get()), c.origin());
            index = built.get("oracle").orElseThrow();
            for (Upgrade u : UPGRADES) {
                List<Stretch> expected = oracle.allowed(c.from(), c.to(), u);
                List<Stretch> actual = index.between(c.from(), c.to(), kind(u)).stream()
                        .map(i -> new Stretch(i.start(), i.end().orElseThrow())).toList();
                if (!expected.equals(actual)) {
                    return Outcome.disagree("between(" + c.from() + ", " + c.to() + ", " + u + ")\n" + difference(expected, actual));
                }
            }
            return compareNext(c, oracle, index, read.get());
        } catch (UpshiftException tooMany) {
            return Outcome.discard("more occurrences than Upshift expands in the range asked");
        }
    }

    /**
     * {@code next(at, kind, atLeast, within)}: the first allowed interval at or after {@code at}
     * that starts before {@code at + within} and leaves {@code atLeast}; its end is exact unless the
     * interval goes on past {@code at + within + atLeast}, when it is open.
     */
    private static Outcome compareNext(OracleCase c, OracleSchedule oracle, AllowedIntervals index, MaintenanceSchedule schedule) {
        Random r = new Random(c.seed() ^ 0x5DEECE66DL);
        Upgrade u = UPGRADES.get(r.nextInt(UPGRADES.size()));
        long range = Math.max(1, Duration.between(c.from(), c.to()).getSeconds());
        Instant at = c.from().plusSeconds(r.nextInt((int) Math.min(Integer.MAX_VALUE, range)));
        Duration atLeast = Duration.ofMinutes(r.nextInt(4) == 0 ? 0 : r.nextInt(6 * 60));
        Duration within = Duration.ofMinutes(1 + r.nextInt(30 * 24 * 60));
        int mode = r.nextInt(4);
        if (mode == 0) {
            // As `upshift windows --count` asks: an index built at the query instant, looking exactly one horizon
            // ahead, and an allowed interval that ends where the search ends.
            Optional<Stretch> ending = oracle.allowed(c.from(), c.to(), u).stream()
                    .filter(s -> Duration.between(c.from(), s.end()).compareTo(Duration.ofDays(1)) >= 0).findFirst();
            if (ending.isPresent()) {
                at = c.from();
                atLeast = Duration.ZERO;
                within = Duration.between(at, ending.get().end());
                index = ScheduleIndex.build(List.of(schedule), at, within).get("oracle").orElseThrow();
            }
        } else if (mode == 1) {
            Instant from = at;
            Duration least = atLeast;
            Optional<Stretch> closed = oracle.allowed(from, from.plus(Duration.ofDays(30)), u).stream()
                    .filter(s -> s.start().isAfter(from))
                    .filter(s -> Duration.between(s.start(), s.end()).compareTo(least) >= 0).findFirst();
            if (closed.isPresent()) {
                within = Duration.between(at, closed.get().end()).minus(atLeast);
            }
        }
        if (within.isNegative() || within.isZero()) {
            return Outcome.AGREE;
        }
        Instant reach = at.plus(within).plus(atLeast);
        Optional<String> expected = Optional.empty();
        for (Stretch s : oracle.allowed(at, reach.plusSeconds(1), u)) {
            if (!s.start().isBefore(at.plus(within))) {
                break;
            }
            if (s.end().isAfter(reach)) {
                expected = Optional.of(s.start() + "/..");
                break;
            }
            if (Duration.between(s.start(), s.end()).compareTo(atLeast) >= 0) {
                expected = Optional.of(s.toString());
                break;
            }
        }
        Optional<String> actual = index.next(at, kind(u), atLeast, within).map(Interval::toString);
        if (!expected.equals(actual)) {
            return Outcome.disagree("next(" + at + ", " + u + ", atLeast " + atLeast + ", within " + within + ")\n  oracle: "
                    + expected.orElse("none") + "\n  index:  " + actual.orElse("none"));
        }
        return Outcome.AGREE;
    }

    /**
     * A document Upshift rejects: "never occurs" is checked against the oracle's own search; the
     * bounds of docs/schedules.md (too many occurrences, exclusions hiding every window, a COUNT out
     * of reach) are Upshift's policy, which the oracle does not model, so such a case is discarded;
     * any other error is a disagreement.
     */
    private static Outcome judgeErrors(OracleCase c, Problems problems) {
        for (Problem p : problems.all()) {
            if (!p.isError()) {
                continue;
            }
            String m = p.message();
            if (m.contains("never occurs") && !m.contains("UNTIL")) {
                Optional<Stretch> first = firstOccurrence(c, p.field());
                if (first.isPresent()) {
                    return Outcome.disagree("read: " + p + "\n  but the oracle finds the first occurrence at " + first.get());
                }
            } else if (!(m.contains("more than") || m.contains("at most") || m.contains("hide every window")
                    || m.contains("are not found within") || m.contains("never occurs"))) {
                return Outcome.disagree("read: unexpected error " + p);
            }
        }
        return Outcome.discard("the document is rejected for a reason the oracle does not judge: "
                + problems.all().stream().filter(Problem::isError).map(Problem::message).findFirst().orElse(""));
    }

    /** The oracle's first occurrence of the entry an error names, searched as far as Upshift searches. */
    private static Optional<Stretch> firstOccurrence(OracleCase c, String field) {
        Matcher m = ENTRY.matcher(field);
        if (!m.find()) {
            return Optional.empty();
        }
        OracleCase.Entry e = (m.group(1).equals("Windows") ? c.windows() : c.exclusions()).get(Integer.parseInt(m.group(2)));
        OracleSpan span = e.oracle(c.zone()).orElseThrow();
        LocalDateTime byTime = span.start().plusDays(30 * 366);
        LocalDateTime limit = span.rule().map(RecurrenceRule::freq).map(f -> span.start().plus(
                100_000L * span.rule().get().interval(), f.unit())).filter(l -> l.isBefore(byTime)).orElse(byTime);
        return span.firstOccurrence(limit);
    }

    static UpgradeKind kind(Upgrade u) {
        return switch (u) {
            case PATCH -> UpgradeKind.PATCH;
            case PATCH_CHANGING_NODES -> UpgradeKind.PATCH.changingNodes();
            case MINOR_OR_MAJOR -> UpgradeKind.MINOR;
        };
    }

    /** The first place two lists differ, with a few items around it from each. */
    private static String difference(List<Stretch> expected, List<Stretch> actual) {
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        return "  first difference at item " + i + " of " + expected.size() + " (oracle) / " + actual.size() + " (index)\n"
                + "  oracle: " + around(expected, i) + "\n  index:  " + around(actual, i);
    }

    private static String around(List<Stretch> list, int i) {
        List<String> out = new ArrayList<>();
        for (int k = Math.max(0, i - 1); k < Math.min(list.size(), i + 3); k++) {
            out.add(list.get(k).toString());
        }
        return (i > 1 ? "... " : "") + out + (i + 3 < list.size() ? " ..." : "");
    }

    private static <T> T underDefaults(Locale locale, TimeZone zone, Supplier<T> body) {
        Locale savedLocale = Locale.getDefault();
        TimeZone savedZone = TimeZone.getDefault();
        Locale.setDefault(locale);
        TimeZone.setDefault(zone);
        try {
            return body.get();
        } finally {
            Locale.setDefault(savedLocale);
            TimeZone.setDefault(savedZone);
        }
    }
}
