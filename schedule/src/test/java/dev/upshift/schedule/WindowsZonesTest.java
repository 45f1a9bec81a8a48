package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.testing.IcalendarOracle;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Windows zone table is the Unicode CLDR {@code windowsZones} data, untouched: it must be
 * exactly the territory-001 rows of the source file kept beside this test
 * ({@code cldr/windowsZones.json}, with its README and licence), every zone must be one java.time
 * knows, and an independent table (Python icalendar's, from an older CLDR) must agree where both
 * name a zone, but for the changes CLDR made since.
 */
class WindowsZonesTest {
    private static final String SOURCE = "cldr/windowsZones.json";

    @Test
    @DisplayName("the table is exactly the territory-001 rows of CLDR's windowsZones, no row more or less")
    void theTableIsTheSourceRows() throws IOException {
        JsonNode source = source();
        Map<String, String> expected = new TreeMap<>();
        int rows001 = 0;
        for (JsonNode row : source.path("supplemental").path("windowsZones").path("mapTimezones")) {
            JsonNode zone = row.path("mapZone");
            if (zone.path("_territory").asText().equals("001")) {
                rows001++;
                expected.put(zone.path("_other").asText(), zone.path("_type").asText());
            }
        }
        assertThat(rows001).as("mapZone rows of territory 001 in " + SOURCE).isEqualTo(139);
        assertThat(expected).as("one row per Windows name").hasSize(rows001);
        assertThat(WindowsZones.all())
                .as("WindowsZones.TABLE must be the source's rows; regenerated, it reads:%n%s", table(expected))
                .containsExactlyEntriesOf(expected);
        assertThat(WindowsZones.all()).hasSize(rows001);
    }

    @Test
    @DisplayName("the table says which CLDR release it follows, the one its source file names")
    void theVersionIsTheSources() throws IOException {
        assertThat(WindowsZones.CLDR_VERSION)
                .isEqualTo(source().path("supplemental").path("version").path("_cldrVersion").asText());
    }

    @Test
    @DisplayName("every zone of the table is one IANA zone that java.time knows")
    void everyZoneIsKnownToJavaTime() {
        assertThat(WindowsZones.all().values()).allSatisfy(zone -> {
            assertThat(zone).doesNotContain(" ");
            assertThat(ZoneId.getAvailableZoneIds()).contains(zone);
            assertThat(ZoneId.of(zone).getId()).isEqualTo(zone);
        });
    }

    @Test
    @DisplayName("names are matched exactly: a table row's name maps, other spellings and IANA names do not")
    void namesAreMatchedExactly() {
        assertThat(WindowsZones.iana("W. Europe Standard Time")).contains("Europe/Berlin");
        assertThat(WindowsZones.iana("Pacific Standard Time")).contains("America/Los_Angeles");
        assertThat(WindowsZones.iana("UTC-11")).contains("Etc/GMT+11");
        assertThat(WindowsZones.iana("w. europe standard time")).isEmpty();
        assertThat(WindowsZones.iana("Europe/Berlin")).isEmpty();
        assertThat(WindowsZones.iana("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna")).isEmpty();
    }

    /**
     * The oracle: Python icalendar's own Windows table ({@code icalendar.windows_to_olson}, taken from
     * CLDR 29 by other hands). Where both name a zone, they name the same one, or zones with the same
     * rules, except where CLDR has since moved a Windows zone's default because a country changed its
     * clocks; those are listed here with the change.
     */
    @Test
    @DisplayName("where Python icalendar's independent Windows table names a zone, it is ours, or a later CLDR change")
    void agreesWithPythonIcalendarsTable() throws IOException, InterruptedException {
        Map<String, String> changedSince = Map.of(
                // Chihuahua left Mountain time (Mexico) for Central time in 2022
                "Mountain Standard Time (Mexico)", "America/Chihuahua",
                // Almaty (Kazakhstan) moved from UTC+6 to UTC+5 in 2024; the Windows zone stayed at +6
                "Central Asia Standard Time", "Asia/Almaty");
        Map<String, String> theirs = pythonTable();
        assertThat(theirs).as("icalendar's table").hasSizeGreaterThan(100);
        List<String> compared = new ArrayList<>();
        theirs.forEach((windows, zone) -> {
            if (!WindowsZones.all().containsKey(windows)) {
                return;
            }
            compared.add(windows);
            String ours = WindowsZones.all().get(windows);
            if (changedSince.containsKey(windows)) {
                assertThat(zone).as(windows).isEqualTo(changedSince.get(windows));
                assertThat(ours).as(windows).isNotEqualTo(zone);
            } else if (!ours.equals(zone)) {
                assertThat(ZoneId.of(ours).getRules()).as(windows + ": " + ours + " and " + zone + " keep the same clocks")
                        .isEqualTo(ZoneId.of(zone).getRules());
            }
        });
        assertThat(compared).as("names both tables have").hasSizeGreaterThan(100).contains("W. Europe Standard Time",
                "Pacific Standard Time", "Romance Standard Time", "GMT Standard Time", "Tokyo Standard Time",
                "AUS Eastern Standard Time", "India Standard Time", "UTC");
    }

    /**
     * Why the table is ours: ical4j (4.4.0) reads no Windows name as a zone. Its zone aliases
     * ({@code tz.alias}, what its zone registry resolves) name none; the only Windows table it has
     * ({@code msTimezones}, used by its compliance transformers, never by Upshift) has no source or
     * version, lacks many names CLDR lists, and maps names to zones whose clocks differ from CLDR's
     * (UTC-11 to Etc/GMT+12, Samoa to American Samoa, Indiana (East) to Indiana's Central time). If an
     * upgrade of ical4j fixes that, this test says so, and the table may give way to ical4j's.
     */
    @Test
    @DisplayName("ical4j's own zone aliases name no Windows zone, and its one Windows table disagrees with CLDR")
    void ical4jsOwnTablesDoNotCoverIt() throws IOException {
        Map<String, String> aliases = ical4jTable("/net/fortuna/ical4j/model/tz.alias", -1);
        assertThat(aliases).as("ical4j's tz.alias").hasSizeGreaterThan(100);
        // UTC is an IANA name as well, read as one before any Windows name
        List<String> windowsOnly = WindowsZones.all().keySet().stream()
                .filter(n -> !ZoneId.getAvailableZoneIds().contains(n)).toList();
        assertThat(windowsOnly).hasSize(WindowsZones.all().size() - 1);
        assertThat(aliases.keySet()).as("Windows names among ical4j's zone aliases")
                .doesNotContainAnyElementsOf(windowsOnly);

        Map<String, String> ms = ical4jTable("/net/fortuna/ical4j/transform/compliance/msTimezones", ';');
        assertThat(ms).as("ical4j's msTimezones").hasSizeGreaterThan(50);
        List<String> missing = WindowsZones.all().keySet().stream().filter(n -> !ms.containsKey(n)).toList();
        List<String> otherClocks = new ArrayList<>();
        ms.forEach((windows, zone) -> {
            String ours = WindowsZones.all().get(windows);
            if (ours != null && !sameClocks(ZoneId.of(ours), ZoneId.of(zone))) {
                otherClocks.add(windows);
            }
        });
        assertThat(missing).as("CLDR names that ical4j's msTimezones lacks").hasSize(42)
                .contains("Yukon Standard Time", "Aleutian Standard Time", "Sao Tome Standard Time");
        assertThat(otherClocks).as("names ical4j's msTimezones maps to zones with other clocks than CLDR's in 2025-2027")
                .contains("UTC-11", "Samoa Standard Time", "US Eastern Standard Time", "Central America Standard Time");
    }

    /** Whether two zones have the same UTC offset at every hour from 2025 to 2027. */
    private static boolean sameClocks(ZoneId a, ZoneId b) {
        for (Instant t = Instant.parse("2025-01-01T00:00:00Z"); t.isBefore(Instant.parse("2028-01-01T00:00:00Z"));
                t = t.plus(Duration.ofHours(1))) {
            if (!a.getRules().getOffset(t).equals(b.getRules().getOffset(t))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A {@code key=value} table of ical4j's jar, comments and blank lines skipped, keys stripped; with a
     * {@code cut} character, a key is what comes before it ({@code Windows name;display name=zone}).
     */
    private static Map<String, String> ical4jTable(String resource, int cut) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (InputStream in = net.fortuna.ical4j.model.TimeZoneRegistry.class.getResourceAsStream(resource)) {
            assertThat(in).as("ical4j's " + resource).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int at = line.indexOf('=');
                if (line.isBlank() || line.startsWith("#") || at < 0) {
                    continue;
                }
                String key = line.substring(0, at);
                if (cut >= 0 && key.indexOf(cut) >= 0) {
                    key = key.substring(0, key.indexOf(cut));
                }
                out.put(key.strip(), line.substring(at + 1).strip());
            }
        }
        return out;
    }

    private static Map<String, String> pythonTable() throws IOException, InterruptedException {
        String python = IcalendarOracle.requirePython();
        String script = "try:\n"
                + "    from icalendar.windows_to_olson import WINDOWS_TO_OLSON as t\n"
                + "except ImportError:\n"
                + "    from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON as t\n"
                + "for k in sorted(t):\n"
                + "    print(k + '\\t' + t[k])\n";
        Processes.Finished run = Processes.run(new ProcessBuilder(python, "-c", script), Duration.ofMinutes(1));
        assertThat(run.exitCode()).as(run.output()).isZero();
        Map<String, String> out = new TreeMap<>();
        for (String line : run.output().split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split("\t", -1);
                out.put(f[0], f[1].strip());
            }
        }
        return out;
    }

    private static JsonNode source() throws IOException {
        try (InputStream in = WindowsZonesTest.class.getResourceAsStream(SOURCE)) {
            assertThat(in).as(SOURCE).isNotNull();
            return new ObjectMapper().readTree(in);
        }
    }

    /** The rows as WindowsZones.TABLE writes them: the Windows name padded to one column, then the zone. */
    private static String table(Map<String, String> rows) {
        int width = rows.keySet().stream().mapToInt(String::length).max().orElse(0);
        StringBuilder out = new StringBuilder();
        rows.forEach((windows, zone) -> out.append(" ".repeat(12)).append(windows)
                .append(" ".repeat(width - windows.length() + 2)).append(zone).append('\n'));
        return out.toString();
    }
}
