package dev.upshift.schedule;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Reads {@code MaintenanceSchedule} documents for {@link MaintenanceSchedule#KIND}. */
final class ScheduleReader {
    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final List<String> SPEC_FIELDS = List.of("timeZone", "maintenanceWindows", "maintenanceExclusions",
            "exclusionsFrom");

    private ScheduleReader() {}

    /** Reads the schedules in order; one named like an earlier one is an error and is not read. */
    static List<MaintenanceSchedule> readAll(List<SourceDocument> documents,
            DocumentKind.Reader<MaintenanceSchedule> one, Problems problems) {
        List<MaintenanceSchedule> out = new ArrayList<>();
        Map<String, SourceDocument> seen = new HashMap<>();
        for (SourceDocument d : documents) {
            SourceDocument first = seen.putIfAbsent(d.name(), d);
            if (first != null && !d.name().isEmpty()) {
                problems.error(d.locate("/metadata/name"), "metadata.name", "another MaintenanceSchedule is named '"
                        + d.name() + "' (" + first.locate("/metadata/name") + ")");
                continue;
            }
            one.read(d, problems).ifPresent(out::add);
        }
        return out;
    }

    static Optional<MaintenanceSchedule> read(SourceDocument document, Problems problems) {
        return read(document, problems, CalendarSource.none());
    }

    static Optional<MaintenanceSchedule> read(SourceDocument document, Problems problems, CalendarSource calendars) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        Optional<Metadata> metadata = root.metadata();
        Optional<ObjectView> specView = root.spec();
        if (specView.isEmpty()) {
            return Optional.empty();
        }
        ObjectView spec = specView.get();
        ZoneId zone = spec.parsed("timeZone", Times::zone).orElse(UTC);
        List<MaintenanceWindow> windows = new ArrayList<>();
        Names windowNames = new Names();
        for (ObjectView v : spec.objects("maintenanceWindows")) {
            Optional<String> name = windowNames.read(v);
            Optional<RecurringSpan> span = SpanReader.read(v, zone, false);
            v.rejectUnknownFields(SpanReader.WINDOW_FIELDS);
            if (name.isPresent() && span.isPresent()) {
                windows.add(new MaintenanceWindow(name.get(), span.get(), new Origin(v.location(), v.path())));
            }
        }
        List<MaintenanceExclusion> exclusions = new ArrayList<>();
        Names exclusionNames = new Names();
        for (ObjectView v : spec.objects("maintenanceExclusions")) {
            Optional<String> name = exclusionNames.read(v);
            Optional<RecurringSpan> span = SpanReader.read(v, zone, true);
            Optional<ExclusionScope> scope = v.has("scope") ? v.choice("scope", ExclusionScope.words())
                    : Optional.of(ExclusionScope.NO_UPGRADES);
            v.rejectUnknownFields(SpanReader.EXCLUSION_FIELDS);
            if (name.isPresent() && span.isPresent() && scope.isPresent()) {
                exclusions.add(new MaintenanceExclusion(name.get(), span.get(), scope.get(), new Origin(v.location(), v.path())));
            }
        }
        exclusions.addAll(CalendarImports.read(spec, zone, calendars));
        spec.rejectUnknownFields(SPEC_FIELDS);
        if (problems.hasErrors() || metadata.isEmpty()) {
            return Optional.empty();
        }
        MaintenanceSchedule schedule = new MaintenanceSchedule(metadata.get(), zone, windows, exclusions,
                new Origin(spec.location(), spec.path()));
        ScheduleChecks.check(schedule, spec);
        return Optional.of(schedule);
    }

    /** Entry names: optional, unique within their list; an entry without one is named by its path. */
    private static final class Names {
        private final Set<String> seen = new HashSet<>();

        Optional<String> read(ObjectView v) {
            String name = v.string("name").orElse(v.path());
            if (name.isBlank()) {
                v.error("name", "must not be empty");
                return Optional.empty();
            }
            if (!seen.add(name)) {
                v.error("name", "another entry of this list is named '" + name + "'");
                return Optional.empty();
            }
            return Optional.of(name);
        }
    }
}
