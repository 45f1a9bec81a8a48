package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What the journal says of {@link StageRun stage runs}: which have started, which clusters are
 * enrolled in which run and did not leave it, and the enrollments whose member has neither started
 * an attempt of its run nor been skipped (the ones it can still leave). Folded by a
 * {@link JournalIndex}. Not for use outside Upshift.
 */
@API(status = INTERNAL, since = "0.1")
public final class StageMembership {
    /** The key of every run an {@code enrolled} entry names, whatever its cluster. */
    private final Set<String> started = new HashSet<>();
    /** Every enrollment id journaled. */
    private final Set<String> ids = new HashSet<>();
    /** Per cluster, its enrollment ids not followed by a {@code skipped} entry, to the run's key. */
    private final Map<String, Map<String, String>> enrolled = new HashMap<>();
    /** Enrollment id to its {@code enrolled} entry, while the member has neither started nor been skipped. */
    private final Map<String, HistoryEntry> waiting = new LinkedHashMap<>();
    private final Map<String, List<String>> waitingByCluster = new HashMap<>();
    private Object judged;

    StageMembership() {}

    /**
     * Folds in an entry; whether it was an enrollment's ({@code enrolled}, or {@code skipped} of
     * one). {@code newRuns} receives the key of a run this entry starts.
     */
    boolean add(HistoryEntry e, Set<String> newRuns) {
        if (e.step() == Step.ENROLLED) {
            Optional<String> key = StageRun.keyOf(e);
            key.filter(started::add).ifPresent(newRuns::add);
            ids.add(e.upgradeId());
            key.ifPresent(k -> enrolled.computeIfAbsent(e.clusterId(), c -> new HashMap<>()).put(e.upgradeId(), k));
            // one another writer made, whose key names no run of its own upgrade and target, cannot be left
            if (StageRun.of(e).isPresent()) {
                waiting.put(e.upgradeId(), e);
                waitingByCluster.computeIfAbsent(e.clusterId(), c -> new ArrayList<>(1)).add(e.upgradeId());
            }
            return true;
        }
        if (e.step() == Step.SKIPPED && ids.contains(e.upgradeId())) {
            Map<String, String> own = enrolled.get(e.clusterId());
            if (own != null) {
                own.remove(e.upgradeId());
            }
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

    /** Whether an {@code enrolled} entry named the run. */
    public boolean started(String runKey) {
        return started.contains(runKey);
    }

    /** Whether an entry is an enrollment's: {@code enrolled}, or {@code skipped} of an enrollment. */
    public boolean isEnrollment(HistoryEntry e) {
        return e.step() == Step.ENROLLED || e.step() == Step.SKIPPED && ids.contains(e.upgradeId());
    }

    /**
     * Whether a cluster joined its stage after the stage's current run started: the run started and
     * the cluster is not enrolled in it (never was, or left it and was skipped).
     */
    public boolean joinedLate(String cluster, String runKey) {
        if (runKey == null || !started.contains(runKey)) {
            return false;
        }
        Map<String, String> own = enrolled.get(cluster);
        return own == null || !own.containsValue(runKey);
    }

    /** Whether waiting members were not yet judged against this fleet (an object per fleet read); they are now. */
    public boolean judgeAgainst(Object fleet) {
        if (judged == fleet) {
            return false;
        }
        judged = fleet;
        return true;
    }

    /** The {@code enrolled} entries of members that have neither started an attempt of their run nor been skipped. */
    public List<HistoryEntry> waiting() {
        return List.copyOf(waiting.values());
    }
}
