package dev.upshift.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * The upgrade intents of a generated fleet: intent {@code i} selects the clusters of teams
 * {@code 2i} and {@code 2i + 1} (the last intent one team only, so that one team is left alone), by
 * a regular expression or by two plain matchers; every fifth also names three clusters of other
 * teams by id, which makes a few clusters wanted by two intents. Targets rotate through an explicit
 * recent release, the {@code stable} channel (with or without a {@code ~major.minor} constraint)
 * and the {@code rapid} channel; stages through none, two (non-production, production) and three
 * (dev, staging, prod) with soak, concurrency and failure budgets; start times through none, past
 * and future; window policies through all three.
 */
final class FleetUpgrades {
    private static final List<String> POLICIES = List.of("startWithin", "completeWithin", "pauseAndResume");
    private static final List<String> DURATIONS = List.of("90m", "2h", "3h", "4h", "1h30m");
    private static final List<String> SOAKS = List.of("12h", "24h", "48h", "3d");

    /** An intent: its number, its name, the teams it selects, its explicit target if it has one, and its document. */
    record Intent(int index, String name, List<Integer> teams, Optional<FleetReleases.Rel> explicit, String yaml) {}

    private FleetUpgrades() {}

    static int teams(int upgrades) {
        return 2 * upgrades;
    }

    static List<Intent> generate(int count, FleetReleases releases, List<String> clusterIds, Instant now, Random r) {
        List<Intent> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(intent(i, count, releases, clusterIds, now, r));
        }
        return out;
    }

    private static Intent intent(int i, int count, FleetReleases releases, List<String> clusterIds, Instant now, Random r) {
        String name = String.format(Locale.ROOT, "rollout-%02d", i);
        List<Integer> teams = i == count - 1 ? List.of(2 * i) : List.of(2 * i, 2 * i + 1);
        StringBuilder y = new StringBuilder(1024);
        y.append("apiVersion: upshift.dev/v1alpha1\nkind: ClusterUpgrade\nmetadata:\n  name: ").append(name)
                .append("\nspec:\n  matchers:\n");
        if (i % 2 == 0 || teams.size() == 1) {
            StringBuilder regex = new StringBuilder("team-(");
            for (int t = 0; t < teams.size(); t++) {
                regex.append(t == 0 ? "" : "|").append(team(teams.get(t)).substring(5));
            }
            y.append("    - {name: teams, key: team, value: \"").append(regex).append(")\", isRegex: true}\n");
        } else {
            for (int t : teams) {
                y.append("    - {name: ").append(team(t)).append(", key: team, value: ").append(team(t)).append("}\n");
            }
        }
        if (i % 5 == 3) {
            for (int k = 0; k < 3; k++) {
                y.append("    - {name: pinned-").append(k).append(", value: ")
                        .append(clusterIds.get(r.nextInt(clusterIds.size()))).append("}\n");
            }
        }
        Optional<FleetReleases.Rel> explicit = Optional.empty();
        int lines = releases.lines();
        switch (i % 3) {
            case 0 -> {
                explicit = Optional.of(releases.newest(lines - 1 - i % 4));
                y.append("  release: \"").append(explicit.get().version()).append("\"\n");
            }
            case 1 -> y.append("  target: {channel: stable").append(i % 2 == 1
                    ? ", constraint: \"" + FleetReleases.tilde(lines - 3 - i % 4) + "\"" : "").append("}\n");
            default -> y.append("  target: {channel: rapid}\n");
        }
        switch (i % 4) {
            case 1 -> y.append("  startTime: ").append(now.minus(Duration.ofDays(10))).append('\n');
            case 2 -> y.append("  startTime: ").append(now.plus(Duration.ofDays(3))).append('\n');
            case 3 -> y.append("  startTime: ").append(now.minus(Duration.ofDays(45))).append('\n');
            default -> { }
        }
        y.append("  expectedDuration: ").append(DURATIONS.get(i % DURATIONS.size())).append('\n');
        y.append("  windowPolicy: ").append(POLICIES.get((i + 1) % 3)).append('\n');
        y.append("  strategy: ").append(i % 5 == 4 ? "inPlace" : "rolling").append('\n');
        switch (i / 2 % 3) {
            case 1 -> {
                y.append("  stages:\n");
                stage(y, "non-production", "{key: stage, value: \"dev|staging\", isRegex: true}", r);
                stage(y, "production", "{key: stage, value: prod}", r);
            }
            case 2 -> {
                y.append("  stages:\n");
                for (String s : List.of("dev", "staging", "prod")) {
                    stage(y, s, "{key: stage, value: " + s + "}", r);
                }
            }
            default -> { }
        }
        return new Intent(i, name, teams, explicit, y.toString());
    }

    private static void stage(StringBuilder y, String name, String matcher, Random r) {
        y.append("    - {name: ").append(name).append(", matchers: [").append(matcher).append("], soak: ")
                .append(SOAKS.get(r.nextInt(SOAKS.size())));
        if (r.nextInt(4) > 0) {
            y.append(", maxConcurrent: ").append(r.nextBoolean() ? Integer.toString(5 + r.nextInt(46))
                    : "\"" + (10 + r.nextInt(21)) + "%\"");
        }
        y.append(", maxFailures: ").append(r.nextInt(4)).append("}\n");
    }

    static String team(int t) {
        return String.format(Locale.ROOT, "team-%02d", t);
    }
}
