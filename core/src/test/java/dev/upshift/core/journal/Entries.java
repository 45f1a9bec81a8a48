package dev.upshift.core.journal;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** History entries for the journal's tests: plain ones, and random ones that use every field. */
final class Entries {
    static final Instant T0 = Instant.parse("2026-03-10T07:00:00Z");
    private static final Version FROM = Version.parse("20.0.0");
    private static final Version TO = Version.parse("20.1.0");

    private Entries() {}

    /** The {@code n}th plain entry of a cluster: its attempt starting, epoch 0. */
    static HistoryEntry plain(String cluster, int n) {
        return plain(cluster, n, 0);
    }

    static HistoryEntry plain(String cluster, int n, long epoch) {
        return new HistoryEntry(T0.plusSeconds(n), cluster, cluster + "/20.0.0-20.1.0/" + (n + 1), FROM, TO,
                Optional.of("fleet-to-20.1"), UpgradeState.IN_PROGRESS, "published as commit " + n, List.of(),
                Step.STARTING, Hop.only(TO), n + 1, List.of("restore-alerts"), epoch);
    }

    /** A random entry: random text (controls, quotes, non-ASCII, lone surrogates), every step, optional parts. */
    static HistoryEntry random(Random r) {
        Step step = Step.values()[r.nextInt(Step.values().length)];
        UpgradeState state = stateFor(step, r);
        Version from = Version.of(r.nextInt(30), r.nextInt(12), r.nextInt(20));
        Version to = r.nextBoolean() ? from : Version.parse(from.major() + 1 + "." + r.nextInt(5) + ".0"
                + (r.nextInt(4) == 0 ? "-rc." + r.nextInt(3) + "+b." + r.nextInt(9) : ""));
        int count = 1 + r.nextInt(4);
        List<Reason> reasons = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            String message = text(r, 1 + r.nextInt(30));
            reasons.add(new Reason("CODE_" + r.nextInt(50), message.isBlank() ? "m" + message : message,
                    r.nextBoolean() ? Optional.empty() : Optional.of(instant(r))));
        }
        List<String> hooks = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            hooks.add("hook-" + text(r, 3) + "x");
        }
        return new HistoryEntry(instant(r), "c" + text(r, 1 + r.nextInt(12)), "u-" + text(r, r.nextInt(20)), from, to,
                r.nextBoolean() ? Optional.empty() : Optional.of(text(r, r.nextInt(15))), state, text(r, r.nextInt(60)),
                reasons, step, new Hop(1 + r.nextInt(count), count, to), 1 + r.nextInt(5), hooks,
                r.nextInt(3) == 0 ? r.nextLong() & Long.MAX_VALUE : r.nextInt(5));
    }

    private static UpgradeState stateFor(Step step, Random r) {
        return switch (step) {
            case HELD -> UpgradeState.WAITING;
            case DECLINED -> UpgradeState.BLOCKED;
            case STARTING, PUBLISHED, WORKERS_STARTING, WORKERS_PUBLISHED -> UpgradeState.IN_PROGRESS;
            case SUCCEEDED -> UpgradeState.SUCCEEDED;
            case FAILED -> UpgradeState.FAILED;
            case FINISHED -> r.nextBoolean() ? UpgradeState.SUCCEEDED : UpgradeState.FAILED;
            case ENROLLED, SKIPPED, NOTED, ACTED -> UpgradeState.values()[r.nextInt(UpgradeState.values().length)];
        };
    }

    /** Any instant RFC 3339 can write, down to the nanosecond. */
    static Instant instant(Random r) {
        long seconds = Math.floorMod(r.nextLong(), 315_569_520_000L) - 62_167_219_200L;
        return Instant.ofEpochSecond(seconds, r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
    }

    private static final String[] PIECES = {"a", "Z", "0", "-", " ", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f",
        "\u007f", "\u0085", "é", "日本", "\uD83D\uDE80", "\u2028", "\uD800", "\uDC00", "{", "}", ":", ","};

    /** Text of up to {@code pieces} pieces: letters, quotes, controls, non-ASCII, emoji, lone surrogates. */
    static String text(Random r, int pieces) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            s.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return s.toString();
    }
}
