package dev.upshift.testkit;

import dev.upshift.testkit.fleet.TestFleet;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/** Fleets the testkit's own tests share. */
public final class Worlds {
    /** A Tuesday, 10:00 UTC. */
    public static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");
    /** The demo fleet's folder, from the testkit module. */
    public static final Path DEMO = Path.of("..", "examples", "fleet");

    private Worlds() {}

    /**
     * 19.0.0 (Kubernetes 1.27) to 20.1.0 (1.30), so that 19.1.0 → 20.1.0 takes two hops; clusters
     * a and c on 20.0.0, b on 19.1.0, all in stage dev, no schedule; one intent to 20.1.0.
     */
    public static TestFleet small() {
        return TestFleet.builder()
                .release("19.0.0", r -> r.kubernetes("1.27.4"))
                .release("19.1.0", r -> r.kubernetes("1.28.3"))
                .release("20.0.0", r -> r.kubernetes("1.29.2"))
                .release("20.1.0", r -> r.kubernetes("1.30.1"))
                .cluster("a", c -> c.release("20.0.0").label("stage", "dev"))
                .cluster("b", c -> c.release("19.1.0").label("stage", "dev"))
                .cluster("c", c -> c.release("20.0.0").label("stage", "dev"))
                .upgrade("to-20.1", u -> u.release("20.1.0").matchClusterRegex(".*").expectedDuration(Duration.ofHours(1))
                        .stage("all", s -> s.matchLabel("stage", "dev")))
                .build();
    }
}
