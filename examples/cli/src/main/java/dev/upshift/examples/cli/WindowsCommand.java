package dev.upshift.examples.cli;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.value.Durations;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.present.IcsWindows;
import dev.upshift.core.present.WindowsJson;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.CalendarSource;
import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.UpgradeKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "windows", sortOptions = false,
        header = "Prints the intervals a maintenance schedule allows",
        description = "Prints a maintenance schedule's allowed intervals, one START/END a line in UTC (RFC 3339).")
final class WindowsCommand implements Callable<Integer> {
    private static final int MAX_COUNT = 100_000;
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm", Locale.ROOT);
    /** How far --count looks for each next interval when two years hold none. */
    static final int SEARCH_YEARS = 30;
    private static final Duration SEARCH = Duration.ofDays(SEARCH_YEARS * 366L);

    enum Scope { patch, minor, major }

    enum Output { text, json, ics }

    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--schedule", required = true, paramLabel = "FILE",
            description = "a file (or folder, or - for standard input) of MaintenanceSchedule documents")
    Path schedule;

    @Option(names = "--name", paramLabel = "NAME", description = "the schedule to show, when FILE holds several")
    String name;

    @Option(names = "--from", paramLabel = "T", converter = InstantConverter.class,
            description = "start of the range (RFC 3339, or a date meaning 00:00Z); default: now")
    Instant from;

    @ArgGroup(exclusive = true, multiplicity = "1")
    End end;

    static final class End {
        @Option(names = "--until", paramLabel = "T", converter = InstantConverter.class, required = true,
                description = "end of the range: every interval up to T, clipped to it")
        Instant until;

        @Option(names = "--count", paramLabel = "N", required = true, description = "the first N intervals instead")
        Integer count;
    }

    @Option(names = "--scope", defaultValue = "patch", paramLabel = "patch|minor|major",
            description = "the kind of upgrade (default: patch, the least restricted)")
    Scope scope;

    @Option(names = "--node-level", description = "the upgrade rolls or replaces nodes (noMinorOrNodeUpgrades applies)")
    boolean nodeLevel;

    @Option(names = "--min-duration", paramLabel = "D", defaultValue = "0s", converter = DurationConverter.class,
            description = "only intervals that leave at least D (90m, 4h, PT4H)")
    Duration minDuration;

    @Option(names = "--local", description = "text: also show each interval on the schedule's clock (its timeZone)")
    boolean local;

    @Option(names = "--output", defaultValue = "text", paramLabel = "text|json|ics",
            description = "text (default), json or ics (an iCalendar file: one event per interval)")
    Output output;

    @Option(names = "--exclusions", description = "also list the exclusions that block the upgrade within the range,"
            + " with where each was written (an imported one names its calendar)")
    boolean exclusions;

    @Option(names = "--profile", paramLabel = "gke|aks|FILE",
            description = "also check the schedule against a bundled availability profile or the profiles in FILE")
    String profile;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Instant start = from != null ? from : Instant.now().truncatedTo(ChronoUnit.SECONDS);
        checkRange(start);
        Inputs.readOnce(spec.commandLine(), "--schedule", schedule, "--profile", profile);
        Problems problems = new Problems();
        List<SourceDocument> docs = Inputs.load(schedule, main.in(), problems);
        CalendarSource calendars = Inputs.isStdin(schedule) ? FleetFiles.calendarsOnDisk() : FleetFiles.calendarsBelow(schedule);
        List<MaintenanceSchedule> schedules = MaintenanceSchedule.kind(calendars).readAll(docs, problems);
        if (problems.hasErrors()) {
            print(problems, err);
            return Main.PROBLEM;
        }
        Optional<MaintenanceSchedule> chosen = choose(schedules, err);
        if (chosen.isEmpty()) {
            print(problems, err);
            return schedules.isEmpty() ? Main.PROBLEM : Main.USAGE;
        }
        profiles(problems).forEach(p -> p.check(chosen.get(), start, problems));
        print(problems, err);
        Found found = intervals(chosen.get().index(start), start, kind());
        found.stoppedAt().ifPresent(t -> {
            err.println("upshift: found " + found.intervals().size() + " of " + end.count + " intervals: none starts within "
                    + SEARCH_YEARS + " years after " + found.lastSearchedFrom() + "; the search stopped at " + t);
            err.flush();
        });
        PrintWriter out = spec.commandLine().getOut();
        WindowsJson.Query query = new WindowsJson.Query(chosen.get().name(), kind(), start,
                Optional.ofNullable(end.until), end.count == null ? OptionalInt.empty() : OptionalInt.of(end.count),
                minDuration);
        List<ExclusionOccurrence> blocking = exclusions ? blocking(chosen.get(), start, found) : List.of();
        if (output == Output.json) {
            out.print(exclusions ? WindowsJson.render(query, found.intervals(), found.stoppedAt(), blocking)
                    : WindowsJson.render(query, found.intervals(), found.stoppedAt()));
        } else if (output == Output.ics) {
            out.print(IcsWindows.render(query, found.intervals()));
        } else {
            ZoneId zone = chosen.get().timeZone();
            found.intervals().forEach(i -> out.println(local ? i + "  " + onClock(i, zone) : i.toString()));
            blocking.forEach(x -> out.println("excluded " + x.interval() + "  " + x.name() + " (" + x.scope() + ")"));
        }
        return problems.hasErrors() ? Main.PROBLEM : Main.OK;
    }

    /** The occurrences of exclusions that block the kind, from {@code start} to the range's end (the last interval's, for --count). */
    private List<ExclusionOccurrence> blocking(MaintenanceSchedule s, Instant start, Found found) {
        Instant until = end.until != null ? end.until : found.intervals().isEmpty() ? start
                : found.intervals().get(found.intervals().size() - 1).end().orElse(found.intervals().get(
                        found.intervals().size() - 1).start());
        UpgradeKind kind = kind();
        return s.exclusionsBetween(start, until).stream().filter(x -> x.scope().blocks(kind)).toList();
    }

    /** {@code 2026-12-14 22:00 → 2026-12-15 02:00 Europe/Berlin}: an interval on a zone's clock ({@code …} for an open end). */
    static String onClock(Interval i, ZoneId zone) {
        return LOCAL.format(i.start().atZone(zone)) + " → " + i.end().map(e -> LOCAL.format(e.atZone(zone))).orElse("…")
                + " " + zone.getId();
    }

    private void checkRange(Instant start) {
        if (end.until != null && !end.until.isAfter(start)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--until " + end.until + " must be after --from " + start);
        }
        if (end.count != null && (end.count < 1 || end.count > MAX_COUNT)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--count must be between 1 and " + MAX_COUNT);
        }
    }

    private UpgradeKind kind() {
        UpgradeKind kind = switch (scope) {
            case patch -> UpgradeKind.PATCH;
            case minor -> UpgradeKind.MINOR;
            case major -> UpgradeKind.MAJOR;
        };
        return nodeLevel ? kind.changingNodes() : kind;
    }

    /**
     * The intervals to print and, when {@code --count} found fewer than asked because no interval
     * starts within {@value #SEARCH_YEARS} years of the last one, where the search stopped.
     */
    record Found(List<Interval> intervals, Instant lastSearchedFrom, Optional<Instant> stoppedAt) {}

    private Found intervals(AllowedIntervals allowed, Instant start, UpgradeKind kind) {
        if (end.until != null) {
            return new Found(allowed.between(start, end.until, kind).stream()
                    .filter(i -> i.lastsAtLeast(minDuration)).toList(), start, Optional.empty());
        }
        AllowedIntervals.Upcoming upcoming = allowed.upcoming(start, kind, minDuration, end.count, SEARCH);
        return new Found(upcoming.intervals(), upcoming.stoppedAt().map(t -> t.minus(SEARCH)).orElse(start),
                upcoming.stoppedAt());
    }

    private Optional<MaintenanceSchedule> choose(List<MaintenanceSchedule> schedules, PrintWriter err) {
        String names = schedules.stream().map(MaintenanceSchedule::name).collect(Collectors.joining(", "));
        if (name != null) {
            Optional<MaintenanceSchedule> named = schedules.stream().filter(s -> s.name().equals(name)).findFirst();
            if (named.isEmpty()) {
                err.println("upshift: " + schedule + " holds no MaintenanceSchedule named '" + name + "'"
                        + (schedules.isEmpty() ? "" : "; it holds: " + names));
            }
            return named;
        }
        if (schedules.size() == 1) {
            return Optional.of(schedules.get(0));
        }
        err.println(schedules.isEmpty() ? "upshift: " + schedule + " holds no MaintenanceSchedule"
                : "upshift: " + schedule + " holds " + schedules.size() + " maintenance schedules (" + names
                        + "); choose one with --name");
        return Optional.empty();
    }

    private List<AvailabilityProfile> profiles(Problems problems) {
        if (profile == null) {
            return List.of();
        }
        Optional<AvailabilityProfile> bundled = AvailabilityProfile.bundled(profile);
        if (bundled.isPresent()) {
            return List.of(bundled.get());
        }
        List<AvailabilityProfile> out = AvailabilityProfile.KIND.readAll(
                Inputs.load(Path.of(profile), main.in(), problems), problems);
        if (out.isEmpty() && !problems.hasErrors()) {
            problems.add(Problem.error(dev.upshift.common.problem.SourceLocation.of(profile), "",
                    "no AvailabilityProfile here; --profile takes gke, aks or a file of AvailabilityProfile documents"));
        }
        return out;
    }

    private static void print(Problems problems, PrintWriter err) {
        problems.all().stream().sorted().forEach(err::println);
        err.flush();
    }

    /**
     * RFC 3339 with Z or an offset, or a date meaning its midnight in UTC, within the range schedules
     * are computed for: {@link AllowedIntervals#EARLIEST} up to, not including,
     * {@link AllowedIntervals#LATEST} (1900-01-01T00:00:00Z to 9000-01-01T00:00:00Z), the schedule
     * module's own bounds, so that the CLI never accepts a time a query would refuse.
     */
    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            Instant at = parse(value);
            if (at.isBefore(AllowedIntervals.EARLIEST) || !at.isBefore(AllowedIntervals.LATEST)) {
                throw new CommandLine.TypeConversionException("'" + value + "' is outside the supported range: from "
                        + AllowedIntervals.EARLIEST + " up to, not including, " + AllowedIntervals.LATEST);
            }
            return at;
        }

        private static Instant parse(String value) {
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException notDateTime) {
                try {
                    return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
                } catch (DateTimeParseException notDate) {
                    throw new CommandLine.TypeConversionException("'" + value
                            + "' is not a time; expected RFC 3339 such as 2021-03-10T07:00:00Z, or a date such as 2021-03-10");
                }
            }
        }
    }

    /** Go-style or ISO-8601 durations. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (SyntaxException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
