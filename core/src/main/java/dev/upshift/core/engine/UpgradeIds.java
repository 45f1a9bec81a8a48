package dev.upshift.core.engine;

import dev.upshift.release.Version;

/**
 * The idempotency key of one attempt of one hop: {@code <cluster>:<from>..<to>#<attempt>}, the
 * {@link dev.upshift.spi.Upgrade#id() id} a publisher sees ({@code prod-eu-1:19.3.1..20.1.0#1}).
 */
final class UpgradeIds {
    private UpgradeIds() {}

    static String of(String cluster, Version from, Version to, int attempt) {
        return cluster + ":" + from + ".." + to + "#" + attempt;
    }

    static int attemptOf(String id) {
        int hash = id.lastIndexOf('#');
        try {
            return hash < 0 ? 1 : Integer.parseInt(id.substring(hash + 1));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
