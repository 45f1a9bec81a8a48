package dev.upshift.core.engine;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A publisher whose target is a map of releases: publishing moves the cluster there, once per
 * upgrade id (a second call with the same id finds it done). Counts what reached the target, not
 * calls; can throw or reject its next call.
 */
final class MemoryPublisher implements ChangePublisher {
    final Map<String, Version> releases = new HashMap<>();
    final Map<String, Integer> applied = new HashMap<>();
    /** How many distinct attempts reached the target, per cluster and hop. */
    final Map<String, Integer> hopsApplied = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    /** Each upgrade id's first publication as it reached the target: the upgrade and its change. */
    final Map<String, Map.Entry<Upgrade, MergeResult>> published = new java.util.LinkedHashMap<>();
    private int throwNext;
    private String rejectNext;
    private boolean throwAfterApplying;

    void throwNext() {
        throwNext++;
    }

    /** The next call applies the change and then throws, as a push whose answer was lost does. */
    void throwAfterApplyingNext() {
        throwAfterApplying = true;
    }

    void rejectNext(String reason) {
        rejectNext = reason;
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        calls.add(upgrade.id());
        if (throwNext > 0) {
            throwNext--;
            throw new IllegalStateException("connection refused");
        }
        if (rejectNext != null) {
            String why = rejectNext;
            rejectNext = null;
            return Publication.rejected(why);
        }
        boolean done = applied.containsKey(upgrade.id());
        if (!done) {
            applied.put(upgrade.id(), 1);
            published.put(upgrade.id(), Map.entry(upgrade, change));
            hopsApplied.merge(upgrade.cluster().id() + " " + upgrade.from() + ">" + upgrade.to(), 1, Integer::sum);
            releases.put(upgrade.cluster().id(), upgrade.to());
        }
        if (throwAfterApplying) {
            throwAfterApplying = false;
            throw new IllegalStateException("the answer was lost");
        }
        return Publication.published((done ? "already published " : "published ") + upgrade.id());
    }
}
