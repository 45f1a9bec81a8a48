package dev.upshift.examples.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generated fleet of the crash tests: three releases two hops apart, clusters in three stages
 * (dev, staging, prod twice as large), nightly windows, every fifth cluster a hop ahead.
 */
final class KillFleet {
    private KillFleet() {}

    /** With stage concurrency 10, 15 and 20: for small fleets. */
    static void generate(Path fleet, int clusters) throws IOException {
        generate(fleet, clusters, 10);
    }

    /**
     * @param devConcurrency how many dev clusters upgrade at once; staging takes 1.5 times it, prod twice
     */
    static void generate(Path fleet, int clusters, int devConcurrency) throws IOException {
        Files.createDirectories(fleet.resolve("clusters"));
        String[][] releases = {{"1.0.0", "1.28.4"}, {"1.1.0", "1.29.2"}, {"1.2.0", "1.30.1"}};
        StringBuilder r = new StringBuilder();
        for (String[] rel : releases) {
            r.append("---\napiVersion: upshift.dev/v1alpha1\nkind: Release\nmetadata: {name: \"").append(rel[0])
                    .append("\"}\nspec:\n  components: {kubernetes: ").append(rel[1]).append("}\n");
        }
        Files.writeString(fleet.resolve("releases.yaml"), r, StandardCharsets.UTF_8);
        Files.writeString(fleet.resolve("schedule.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: MaintenanceSchedule
                metadata: {name: nightly}
                spec:
                  timeZone: UTC
                  maintenanceWindows:
                    - {name: night, startTime: 2027-01-01T20:00:00Z, duration: 8h, recurrence: FREQ=DAILY}
                """, StandardCharsets.UTF_8);
        Files.writeString(fleet.resolve("upgrade.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: to-1.2}
                spec:
                  matchers: [{name: all, value: ".*", isRegex: true}]
                  release: 1.2.0
                  expectedDuration: 1h
                  stages:
                    - {name: dev, matchers: [{key: stage, value: dev}], soak: 2h, maxConcurrent: %d, maxFailures: 10}
                    - {name: staging, matchers: [{key: stage, value: staging}], soak: 4h, maxConcurrent: %d, maxFailures: 20}
                    - {name: prod, matchers: [{key: stage, value: prod}], maxConcurrent: %d, maxFailures: 40}
                """.formatted(devConcurrency, devConcurrency * 3 / 2, devConcurrency * 2), StandardCharsets.UTF_8);
        String[] stages = {"dev", "staging", "prod", "prod"};
        for (int i = 0; i < clusters; i++) {
            Files.writeString(fleet.resolve("clusters").resolve("c" + i + ".yaml"), """
                    # cluster %d, a comment the publisher keeps
                    apiVersion: upshift.dev/v1alpha1
                    kind: ManagedCluster
                    metadata:
                      name: c%d
                      labels: {stage: %s}
                    spec:
                      release: %s   # bumped by Upshift
                      infrastructure: aws
                      schedule: nightly
                    """.formatted(i, i, stages[i % stages.length], i % 5 == 0 ? "1.1.0" : "1.0.0"),
                    StandardCharsets.UTF_8);
        }
    }
}
