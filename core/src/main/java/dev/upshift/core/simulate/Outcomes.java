package dev.upshift.core.simulate;

import java.nio.charset.StandardCharsets;

/**
 * Which simulated upgrades fail: a draw in [0, 1) from a hash of the seed and the upgrade's ids
 * alone, so that one cluster's outcome never depends on the order or presence of others.
 */
final class Outcomes {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private Outcomes() {}

    static boolean fails(long seed, double rate, String... ids) {
        return rate > 0 && draw(seed, ids) < rate;
    }

    /** FNV-1a over the ids (each followed by a 0 byte, which no id contains in a way that matters), then SplitMix64's finaliser. */
    static double draw(long seed, String... ids) {
        long h = FNV_OFFSET ^ mix(seed);
        for (String id : ids) {
            for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
                h = (h ^ (b & 0xff)) * FNV_PRIME;
            }
            h *= FNV_PRIME;
        }
        return (mix(h) >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
