package dev.upshift.core.engine;

import dev.upshift.core.plan.StageRun;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the journal says of stage runs ({@link StageRun}): which have started, and the enrollments
 * whose member has not started an attempt of the run nor been skipped, which are the ones that can
 * still be left.
 */
final class Enrollments {
    private final Set<String> started = new HashSet<>();
    /** Enrollment id to its {@code enrolled} entry, while the member has neither started nor been skipped. */
    private final Map<String, HistoryEntry> waiting = new LinkedHashMap<>();
    private final Map<String, List<String>> waitingByCluster = new HashMap<>();
    private final Set<String> ids = new HashSet<>();
    private Object judged;

    /** Folds in an entry; whether it was an enrollment's ({@code enrolled}, or {@code skipped} of one). */
    boolean add(HistoryEntry e) {
        if (e.step() == Step.ENROLLED) {
            StageRun.keyOf(e).ifPresent(started::add);
            ids.add(e.upgradeId());
            // one another writer made, whose key names no run of its own upgrade and target, cannot be left
            if (StageRun.of(e).isPresent()) {
                waiting.put(e.upgradeId(), e);
                waitingByCluster.computeIfAbsent(e.clusterId(), c -> new ArrayList<>(1)).add(e.upgradeId());
            }
            return true;
        }
        if (e.step() == Step.SKIPPED && ids.contains(e.upgradeId())) {
            forget(e.clusterId(), e.upgradeId());
            return true;
        }
        if (e.step() == Step.STARTING || e.step() == Step.PUBLISHED) {
            List<String> own = waitingByCluster.get(e.clusterId());
            if (own != null) {
                for (String id : List.copyOf(own)) {
                    HistoryEntry en = waiting.get(id);
                    if (en.intent().equals(e.intent()) && en.to().equals(e.hop().target())) {
                        forget(e.clusterId(), id);
                    }
                }
            }
        }
        return false;
    }

    private void forget(String cluster, String id) {
        waiting.remove(id);
        List<String> own = waitingByCluster.get(cluster);
        if (own != null) {
            own.remove(id);
            if (own.isEmpty()) {
                waitingByCluster.remove(cluster);
            }
        }
    }

    /** Whether waiting members were not yet judged against this fleet index; it is now. */
    boolean judgeAgainst(Object fleetIndex) {
        if (judged == fleetIndex) {
            return false;
        }
        judged = fleetIndex;
        return true;
    }

    boolean started(StageRun run) {
        return started.contains(run.key());
    }

    /** The {@code enrolled} entries of members that have neither started an attempt of their run nor been skipped. */
    List<HistoryEntry> waiting() {
        return List.copyOf(waiting.values());
    }
}
