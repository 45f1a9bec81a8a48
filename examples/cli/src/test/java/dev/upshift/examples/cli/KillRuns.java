package dev.upshift.examples.cli;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What the kill tests share: a child CLI process, and what a killed run is compared with an uninterrupted one by. */
final class KillRuns {
    private KillRuns() {}

    /**
     * Starts the CLI in a child JVM, kills it with SIGKILL after {@code millis} unless it ended
     * before, and waits for it; whether the kill landed while it ran.
     */
    static boolean killAfter(Path log, long millis, String... args) throws IOException, InterruptedException {
        Process p = CliChild.start(log, args);
        try {
            Thread.sleep(millis);
            boolean alive = p.isAlive();
            if (alive) {
                p.destroyForcibly();
            }
            Processes.await(p, Duration.ofMinutes(2), "upshift run (killed)");
            return alive;
        } finally {
            if (p.isAlive()) {
                Processes.endNow(p);
            }
        }
    }

    /**
     * Each cluster's records in journal order, without their messages (a publication repeated after
     * a kill says "already published"). Records of different clusters at one instant may interleave
     * differently after a restart; each cluster's own sequence may not.
     */
    static Map<String, List<String>> records(List<HistoryEntry> entries) {
        Map<String, List<String>> out = new TreeMap<>();
        for (HistoryEntry e : entries) {
            out.computeIfAbsent(e.clusterId(), k -> new ArrayList<>()).add(e.at() + " " + e.upgradeId() + " " + e.step()
                    + " " + e.state() + " " + e.hop() + " " + e.attempt() + " "
                    + e.reasons().stream().map(Reason::code).toList());
        }
        return out;
    }

    static Map<String, String> files(Path fleet) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String rel = fleet.relativize(p).toString();
                if (!rel.startsWith(".upshift")) {
                    out.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }
}
