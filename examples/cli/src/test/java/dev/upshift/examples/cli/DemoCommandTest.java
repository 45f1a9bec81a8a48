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
}
