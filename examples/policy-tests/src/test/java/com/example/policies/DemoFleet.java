package com.example.policies;

import dev.upshift.testkit.fleet.Rollout;
import dev.upshift.testkit.fleet.TestFleet;
import java.nio.file.Path;
import java.time.Instant;

/** The fleet folder under test, and the winter its rollout is simulated over. */
final class DemoFleet {
    /** The fleet folder, as checked into the repository (tests run in this project's folder). */
    static final Path FOLDER = Path.of("..", "fleet");
    /** A Monday morning in December: the European rollout's dev stage is under way. */
    static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");
    /** Nine weeks later. */
    static final Instant UNTIL = Instant.parse("2027-02-15T00:00:00Z");

    static final TestFleet FLEET = TestFleet.of(FOLDER);
    static final Rollout WINTER = FLEET.simulate(NOW, UNTIL);

    private DemoFleet() {}
}
