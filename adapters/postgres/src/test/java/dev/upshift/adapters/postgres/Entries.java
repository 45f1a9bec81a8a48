package dev.upshift.adapters.postgres;

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

/** History entries for the tests: plain ones of a given step, and random ones that use every field and any text. */
final class Entries {
    static final Instant T0 = Instant.parse("2026-03-10T07:00:00Z");
    static final Version FROM = Version.parse("20.0.0");
    static final Version TO = Version.parse("20.1.0");

    private Entries() {}

    /** An entry of attempt {@code attempt} of cluster's hop 20.0.0 → 20.1.0, at T0 + n seconds. */
    static HistoryEntry of(String cluster, Step step, int attempt, int n, long epoch) {
        UpgradeState state = switch (step) {
            case HELD -> UpgradeState.WAITING;
            case DECLINED -> UpgradeState.BLOCKED;
            case SUCCEEDED, FINISHED -> UpgradeState.SUCCEEDED;
            case FAILED -> UpgradeState.FAILED;
            default -> UpgradeState.IN_PROGRESS;
        };
        return new HistoryEntry(T0.plusSeconds(n), cluster, key(cluster, attempt), FROM, TO, Optional.of("fleet-to-20.1"),
                state, step + " " + n, List.of(), step, Hop.only(TO), attempt,
                step == Step.STARTING ? List.of("restore-alerts") : List.of(), epoch);
    }

    /** The engine's idempotency key of a cluster's attempt of 20.0.0 → 20.1.0. */
    static String key(String cluster, int attempt) {
        return cluster + ":" + FROM + ".." + TO + "#" + attempt;
    }

    /** A random entry of epoch {@code epoch}: random text (controls, U+0000, quotes, non-ASCII, lone surrogates), every step. */
    static HistoryEntry random(Random r, long epoch) {
        Step step = Step.values()[r.nextInt(Step.values().length)];
        Version from = Version.of(r.nextInt(30), r.nextInt(12), r.nextInt(20));
        Version to = r.nextBoolean() ? from : Version.parse(from.major() + 1 + "." + r.nextInt(5) + ".0"
                + (r.nextInt(4) == 0 ? "-rc." + r.nextInt(3) + "+b." + r.nextInt(9) : ""));
        int count = 1 + r.nextInt(4);
        List<Reason> reasons = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            reasons.add(new Reason("CODE_" + r.nextInt(50), "m" + text(r, 1 + r.nextInt(30)),
                    r.nextBoolean() ? Optional.empty() : Optional.of(instant(r))));
        }
        List<String> hooks = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            hooks.add("hook-" + text(r, 3) + "x");
        }
        return new HistoryEntry(instant(r), "c" + text(r, r.nextInt(3)), "u-" + text(r, r.nextInt(20)), from, to,
                r.nextBoolean() ? Optional.empty() : Optional.of(text(r, r.nextInt(15))), state(step, r),
                text(r, r.nextInt(60)), reasons, step, new Hop(1 + r.nextInt(count), count, to), 1 + r.nextInt(5), hooks,
                epoch);
    }

    private static UpgradeState state(Step step, Random r) {
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

    /** Any instant RFC 3339 can write, years 0000 to 9999, down to the nanosecond; often near the edges. */
    static Instant instant(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> Instant.parse("0000-01-01T00:00:00Z").plusNanos(r.nextInt(3));
            case 1 -> Instant.parse("9999-12-31T23:59:59.999999999Z").minusNanos(r.nextInt(3));
            case 2 -> T0.plusNanos(r.nextInt(2000) - 1000);
            default -> Instant.ofEpochSecond(Math.floorMod(r.nextLong(), 315_569_520_000L) - 62_167_219_200L,
                    r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
        };
    }

    private static final String[] PIECES = {"a", "Z", "0", "-", " ", "'", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f",
        "\u007f", "\u0085", "é", "日本", "\uD83D\uDE80", "\u2028", "\uD800", "\uDC00", "\uFFFD", "{", "}", "%", "_", "$$"};

    /** Text of up to {@code pieces} pieces: letters, quotes, controls, U+0000, non-ASCII, emoji, lone surrogates, SQL. */
    static String text(Random r, int pieces) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            s.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return s.toString();
    }
}
