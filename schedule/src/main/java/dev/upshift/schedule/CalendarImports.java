package dev.upshift.schedule;

import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.ObjectView;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads {@code spec.exclusionsFrom}: the calendars whose events become exclusions. */
final class CalendarImports {
    static final List<String> FIELDS = List.of("ics", "scope", "timeZone");
    /** The most characters a calendar's path may have. */
    static final int MAX_REFERENCE = 1_024;

    private CalendarImports() {}

    static List<MaintenanceExclusion> read(ObjectView spec, ZoneId scheduleZone, CalendarSource calendars) {
        List<MaintenanceExclusion> out = new ArrayList<>();
        List<ObjectView> entries = spec.objects("exclusionsFrom");
        if (entries.size() > IcsLimits.MAX_CALENDARS) {
            spec.error("exclusionsFrom", "names " + entries.size() + " calendars; a schedule imports at most "
                    + IcsLimits.MAX_CALENDARS);
            return out;
        }
        for (ObjectView v : entries) {
            Optional<String> ics = v.requiredString("ics");
            Optional<ExclusionScope> scope = v.has("scope") ? v.choice("scope", ExclusionScope.words())
                    : Optional.of(ExclusionScope.NO_UPGRADES);
            ZoneId zone = v.has("timeZone") ? v.parsed("timeZone", Times::zone).orElse(scheduleZone) : scheduleZone;
            v.rejectUnknownFields(FIELDS);
            if (ics.isEmpty() || scope.isEmpty()) {
                continue;
            }
            if (ics.get().isBlank() || ics.get().length() > MAX_REFERENCE) {
                v.error("ics", ics.get().isBlank() ? "must not be empty"
                        : SyntaxException.lengthProblem(ics.get().length(), MAX_REFERENCE));
                continue;
            }
            Origin at = new Origin(v.location("ics"), v.fieldPath("ics"));
            calendars.calendar(v.document(), ics.get(), at, v.problems()).ifPresent(text -> out.addAll(
                    IcsCalendar.exclusions(text, ics.get(), zone, scope.get(), v.problems())));
        }
        return out;
    }
}
