package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DemoCommandTest {
    @Test
    void showsTheCatalogAndThePathFromTheOldestToTheNewestRelease() {
        Cli r = Cli.run("demo");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Release catalog (examples/fleet/releases): 11 releases");
        assertThat(r.out()).containsPattern("20\\.0\\.1\\s+withdrawn");
        assertThat(r.out()).contains("19.0.0 → 21.0.0: 5 hops, major upgrade");
    }
}
