package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DemoCommandTest {
    @Test
    void showsTheCatalogAndThePathFromTheOldestToTheNewestRelease() {
        Cli r = Cli.run("demo", "--now", "2026-11-22T08:00:00Z");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Release catalog (examples/fleet/releases): 11 releases");
        assertThat(r.out()).containsPattern("20\\.0\\.1\\s+withdrawn");
        assertThat(r.out()).contains("19.0.0 → 21.0.0: 5 hops, major upgrade");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void showsTheNextWindowsOfEachDemoScheduleRespectingItsExclusions() {
        Cli r = Cli.run("demo", "--now", "2026-11-22T08:00:00Z");
        assertThat(r.out()).contains("""
                  weekday-nights-berlin (Europe/Berlin)
                    2026-11-30T21:00:00Z/2026-12-01T01:00:00Z
                """);
        assertThat(r.out()).contains("""
                  working-hours-except-month-start (UTC)
                    2026-11-23T07:00:00Z/2026-11-23T17:00:00Z
                """);
    }

    @Test
    void aNowOutsideTheSupportedRangeIsWrongUsage() {
        Cli r = Cli.run("demo", "--now", "9999-12-31T00:00:00Z");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("Invalid value for option '--now': '9999-12-31T00:00:00Z' is outside the supported"
                + " range: from 1900-01-01T00:00:00Z up to, not including, 9000-01-01T00:00:00Z");
        assertThat(Cli.run("demo", "--now", "1800-01-01T00:00:00Z").exitCode()).isEqualTo(Main.USAGE);
    }
}
