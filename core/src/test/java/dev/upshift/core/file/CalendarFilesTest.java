package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import dev.upshift.schedule.MaintenanceExclusion;
import dev.upshift.schedule.MaintenanceSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calendars schedules name in exclusionsFrom: found beside the schedule's file, never outside the fleet. */
class CalendarFilesTest {
    private static final String CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\n"
            + "UID:1\r\nSUMMARY:Tag der Arbeit\r\nDTSTART;VALUE=DATE:20260501\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static String schedule(String name, String ics) {
        return "apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\nmetadata: {name: " + name + "}\nspec:\n"
                + "  timeZone: Europe/Berlin\n  exclusionsFrom:\n    - ics: " + ics + "\n";
    }

    private List<String> relative(List<Problem> problems) {
        return problems.stream().map(Problem::toString).map(s -> s.replace(dir + "/", "")).toList();
    }

    @Test
    @DisplayName("a calendar beside the schedule's file is read; its events become the schedule's exclusions")
    void readsCalendarsBesideTheSchedule() throws IOException {
        write("fleet/schedules/holidays.yaml", schedule("holidays", "calendars/de.ics"));
        write("fleet/schedules/calendars/de.ics", CALENDAR);
        FleetContents fleet = FleetFolder.of(dir.resolve("fleet")).read();
        assertThat(fleet.problems()).isEmpty();
        MaintenanceSchedule s = fleet.schedules().items().get(0);
        assertThat(s.exclusions()).extracting(MaintenanceExclusion::name)
                .containsExactly("Tag der Arbeit (from calendars/de.ics)");
        assertThat(relative(List.of(Problem.error(s.exclusions().get(0).origin().location(), "", "x"))))
                .containsExactly("fleet/schedules/calendars/de.ics:4:1: x");
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir.resolve("fleet")));
        assertThat(report.problems()).isEmpty();
    }

    @Test
    @DisplayName("a problem inside a calendar points at its line; validation reports it too")
    void problemsPointIntoTheCalendar() throws IOException {
        write("fleet/s.yaml", schedule("s", "bad.ics"));
        write("fleet/bad.ics", CALENDAR.replace("FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=13"));
        assertThat(relative(FleetFolder.of(dir.resolve("fleet")).read().problems())).singleElement().asString()
                .startsWith("fleet/bad.ics:8:1: RRULE: invalid recurrence \"FREQ=YEARLY;BYMONTH=13\"")
                .endsWith("(event \"Tag der Arbeit\")");
        assertThat(relative(FleetValidator.create().validate(FleetFiles.load(dir.resolve("fleet"))).problems()))
                .singleElement().asString().startsWith("fleet/bad.ics:8:1: RRULE:");
    }

    @Test
    @DisplayName("calendars outside the fleet, absolute, missing, folders and links out are errors at ics")
    void calendarsStayInsideTheFleet() throws IOException {
        write("shared/secret.ics", CALENDAR);
        write("fleet/a.yaml", schedule("a", "../shared/secret.ics"));
        write("fleet/b.yaml", schedule("b", "/etc/hostname"));
        write("fleet/c.yaml", schedule("c", "missing.ics"));
        write("fleet/d.yaml", schedule("d", "folder"));
        Files.createDirectories(dir.resolve("fleet/folder"));
        write("fleet/e.yaml", schedule("e", "link.ics"));
        Files.createSymbolicLink(dir.resolve("fleet/link.ics"), dir.resolve("shared/secret.ics"));
        FleetContents fleet = FleetFolder.of(dir.resolve("fleet")).read();
        assertThat(fleet.schedules().items()).isEmpty();
        assertThat(relative(fleet.problems())).containsExactly(
                "fleet/a.yaml:7:12: spec.exclusionsFrom[0].ics: '../shared/secret.ics' leaves the fleet folder fleet;"
                        + " calendars must lie inside it",
                "fleet/b.yaml:7:12: spec.exclusionsFrom[0].ics: must be a path relative to the folder of this file,"
                        + " not '/etc/hostname'",
                "fleet/c.yaml:7:12: spec.exclusionsFrom[0].ics: no such calendar file: fleet/missing.ics",
                "fleet/d.yaml:7:12: spec.exclusionsFrom[0].ics: 'folder' is a folder; name an .ics file",
                "fleet/e.yaml:7:12: spec.exclusionsFrom[0].ics: 'link.ics' leads out of the fleet folder fleet through"
                        + " a symbolic link; calendars must lie inside it");
    }

    @Test
    @DisplayName("a calendar over 4 MiB is read no further than the limit; one not in UTF-8 is refused at its line")
    void sizeAndEncoding() throws IOException {
        write("fleet/a.yaml", schedule("a", "big.ics"));
        write("fleet/big.ics", CALENDAR + "X".repeat(4 * 1024 * 1024));
        write("fleet/b.yaml", schedule("b", "latin1.ics"));
        byte[] latin1 = CALENDAR.replace("Arbeit", "Arbeit \u00e4").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("fleet/latin1.ics"), latin1);
        assertThat(relative(FleetFolder.of(dir.resolve("fleet")).read().problems())).containsExactly(
                "fleet/big.ics:1:1: the calendar is larger than 4 MiB",
                "fleet/latin1.ics:6:1: not valid UTF-8 text; save the calendar as UTF-8 (RFC 5545 section 3.1.4)");
    }

    @Test
    @DisplayName("a schedule read alone finds its calendars beside its file, and not above it")
    void schedulesReadAlone() throws IOException {
        Path file = write("alone/s.yaml", schedule("s", "de.ics"));
        write("alone/de.ics", CALENDAR);
        write("alone/t.yaml", schedule("t", "../alone/de.ics"));
        Problems problems = new Problems();
        List<MaintenanceSchedule> read = MaintenanceSchedule.kind(FleetFiles.calendarsOnDisk())
                .readAll(DocumentFiles.create().load(file.getParent(), problems), problems);
        assertThat(read).extracting(MaintenanceSchedule::name).containsExactly("s", "t");
        assertThat(problems.all()).isEmpty();
        write("alone/u.yaml", schedule("u", "../outside.ics"));
        write("outside.ics", CALENDAR);
        Problems more = new Problems();
        MaintenanceSchedule.kind(FleetFiles.calendarsOnDisk())
                .readAll(DocumentFiles.create().load(dir.resolve("alone/u.yaml"), more), more);
        assertThat(relative(more.all())).singleElement().asString().contains("'../outside.ics' leaves the fleet folder");
    }
}
