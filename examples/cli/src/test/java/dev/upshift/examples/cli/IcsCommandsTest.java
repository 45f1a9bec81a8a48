package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.testing.IcalendarOracle;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calendars the CLI writes and reads: what ical4j and an independent reader (Python's icalendar)
 * see in {@code --output ics} is what {@code --output json} says, and imported exclusions say where
 * they came from.
 */
class IcsCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BERLIN = "../fleet/schedules/weekday-nights-berlin.yaml";
    private static final String FLEET = "../fleet";

    @TempDir
    Path dir;

    @Test
    @DisplayName("windows --output ics holds the --output json intervals, for ical4j and for Python's icalendar")
    void windowsAsCalendar() throws Exception {
        String[] query = {"windows", "--schedule", BERLIN, "--from", "2026-12-01", "--until", "2027-02-01", "--scope", "minor"};
        Cli json = Cli.run(concat(query, "--output", "json"));
        Cli ics = Cli.run(concat(query, "--output", "ics"));
        assertThat(ics.exitCode()).as(ics.err()).isZero();
        List<String> intervals = new ArrayList<>();
        JSON.readTree(json.out()).get("intervals").forEach(i -> intervals.add(i.get("start").asText() + "/" + i.get("end").asText()));
        assertThat(intervals).hasSizeGreaterThan(10);
        assertThat(ical4j(ics.out())).containsExactlyElementsOf(intervals);
        assertThat(oracle(ics.out(), "2026-12-01T00:00:00Z", "2027-02-01T00:00:00Z")).containsExactlyElementsOf(intervals);
        assertThat(ics.out()).contains("SUMMARY:Upgrades allowed: weekday-nights-berlin (minor)");
    }

    @Test
    @DisplayName("plan --output ics: one event per ready or scheduled upgrade over its window, UIDs stable from plan to plan")
    void planAsCalendar() throws Exception {
        Cli json = Cli.run("plan", "--fleet", FLEET, "--now", "2026-12-14T09:00:00Z", "--output", "json");
        Cli ics = Cli.run("plan", "--fleet", FLEET, "--now", "2026-12-14T09:00:00Z", "--output", "ics");
        Map<String, String> expected = new TreeMap<>();
        for (JsonNode e : JSON.readTree(json.out()).get("entries")) {
            String state = e.get("state").asText();
            if ((state.equals("ready") || state.equals("scheduled")) && !e.get("to").isNull()) {
                String end = e.get("window").get("end").isNull() ? e.get("expectedEnd").asText()
                        : later(e.get("window").get("end").asText(), e.get("expectedEnd").asText(null));
                expected.put(e.get("cluster").asText(), e.get("window").get("start").asText() + "/" + end);
            }
        }
        // the data team's canaries wait for their approval gate: no window, so no calendar event
        assertThat(expected).hasSize(5);
        Map<String, String> seen = new TreeMap<>();
        Map<String, String> uids = new TreeMap<>();
        for (IcalendarOracle.Instance i : oracleInstances(ics.out(), "2026-01-01T00:00:00Z", "2028-01-01T00:00:00Z")) {
            String cluster = i.summary().substring("Upgrade ".length(), i.summary().indexOf(':'));
            seen.put(cluster, i.interval());
            uids.put(cluster, i.uid());
            assertThat(i.sequence()).isEqualTo(String.valueOf(minutesSince2000("2026-12-14T09:00:00Z")));
        }
        assertThat(seen).isEqualTo(expected);
        Cli forecast = Cli.run("plan", "--fleet", FLEET, "--now", "2026-12-14T09:00:00Z", "--output", "ics", "--forecast");
        assertThat(forecast.out().replace("\r\n ", "")).contains("\\nForecast: starts 2026-12-14T21:00:00Z\\, ends 2026-12-14T23:00:00Z.");
        Cli later = Cli.run("plan", "--fleet", FLEET, "--now", "2026-12-14T10:00:00Z", "--output", "ics");
        for (IcalendarOracle.Instance i : oracleInstances(later.out(), "2026-01-01T00:00:00Z", "2028-01-01T00:00:00Z")) {
            String cluster = i.summary().substring("Upgrade ".length(), i.summary().indexOf(':'));
            assertThat(i.uid()).as(cluster).isEqualTo(uids.get(cluster));
            assertThat(Long.parseLong(i.sequence())).isEqualTo(minutesSince2000("2026-12-14T10:00:00Z"));
        }
    }

    @Test
    @DisplayName("simulate --ics writes one event per simulated upgrade, start to end, unique UIDs")
    void simulationAsCalendar() throws Exception {
        Path file = dir.resolve("rollout.ics");
        Cli json = Cli.run("simulate", "--fleet", FLEET, "--from", "2026-12-14T09:00:00Z", "--until", "2027-02-15",
                "--failure-rate", "0.1", "--output", "json");
        Cli run = Cli.run("simulate", "--fleet", FLEET, "--from", "2026-12-14T09:00:00Z", "--until", "2027-02-15",
                "--failure-rate", "0.1", "--output", "json", "--ics", file.toString());
        assertThat(run.err()).contains("upshift: wrote the calendar to " + file);
        List<String> expected = new ArrayList<>();
        for (JsonNode c : JSON.readTree(json.out()).get("clusters")) {
            c.get("upgrades").forEach(u -> expected.add(u.get("start").asText() + "/" + u.get("end").asText()));
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<IcalendarOracle.Instance> theirs = oracleInstances(text, "2026-01-01T00:00:00Z", "2028-01-01T00:00:00Z");
        assertThat(theirs).extracting(IcalendarOracle.Instance::interval).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(theirs).extracting(IcalendarOracle.Instance::uid).doesNotHaveDuplicates();
        assertThat(ical4j(text)).hasSize(expected.size());
    }

    @Test
    @DisplayName("an imported exclusion names its calendar and event in windows, validate and the plan")
    void importedExclusionsSayWhereTheyCameFrom() {
        Cli windows = Cli.run("windows", "--schedule", BERLIN, "--from", "2026-12-21", "--until", "2027-01-05",
                "--exclusions");
        assertThat(windows.out()).contains(
                "excluded 2026-12-24T23:00:00Z/2026-12-26T23:00:00Z  Weihnachten (from calendars/holidays-de.ics) (noUpgrades)");
        Cli validate = Cli.run("validate", FLEET);
        assertThat(validate.out()).contains(
                "note: schedule weekday-nights-berlin excludes the times of 8 events of ../fleet/schedules/calendars/holidays-de.ics");
        Cli explain = Cli.run("explain", "--fleet", FLEET, "--cluster", "staging-us-data-1", "--now", "2026-12-14T09:00:00Z");
        assertThat(explain.out()).contains("maintenance exclusion 'Year-end change freeze (from calendars/change-freeze.ics)'");
    }

    private static String later(String a, String b) {
        return b == null || Instant.parse(a).isAfter(Instant.parse(b)) ? a : b;
    }

    private static long minutesSince2000(String t) {
        return java.time.Duration.between(Instant.parse("2000-01-01T00:00:00Z"), Instant.parse(t)).toMinutes();
    }

    private static List<String> ical4j(String text) throws Exception {
        Calendar c = new CalendarBuilder().build(new StringReader(text));
        c.validate();
        List<String> out = new ArrayList<>();
        for (Object o : c.getComponents("VEVENT")) {
            VEvent e = (VEvent) o;
            out.add(basic(e.getDateTimeStart().getValue()) + "/" + basic(e.getDateTimeEnd().getValue()));
        }
        return out;
    }

    private static String basic(String v) {
        return Instant.parse(v.substring(0, 4) + "-" + v.substring(4, 6) + "-" + v.substring(6, 11) + ":" + v.substring(11, 13)
                + ":" + v.substring(13)).toString();
    }

    private List<String> oracle(String text, String from, String until) throws Exception {
        return oracleInstances(text, from, until).stream().map(IcalendarOracle.Instance::interval).toList();
    }

    private List<IcalendarOracle.Instance> oracleInstances(String text, String from, String until) throws Exception {
        Path file = Files.createTempFile(dir, "out", ".ics");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return IcalendarOracle.instances(file, Instant.parse(from), Instant.parse(until), ZoneId.of("UTC"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
