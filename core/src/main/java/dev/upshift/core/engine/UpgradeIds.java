package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.JournalIndex;
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

    /**
     * The id of the next attempt of a hop: the latest attempt's when it is of this hop and never
     * started (a hook held it, the strategies declined it), else a new one.
     */
    static String next(JournalIndex journal, String cluster, Version from, Version to) {
        Attempt last = journal.latest(cluster).orElse(null);
        if (last != null && last.starting().isEmpty() && last.outcome().isEmpty() && last.first().from().equals(from)
                && last.first().to().equals(to)) {
            return last.upgradeId();
        }
        return of(cluster, from, to, journal.tries(cluster, from, to) + 1);
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
