package dev.upshift.core.plan;

import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a round reads from the history, per cluster: the latest in-progress, succeeded or failed
 * entry for its target, and its last success; the latest such entry of a hop from the release it
 * runs now (the engine journals a path hop by hop); whether a hop of its upgrade landed it where it
 * is (part-way along its path); and the latest entry of a configuration upgrade of its release.
 * Kept up to date as a journal grows: entries appended since the last look are folded in, and a
 * cluster whose running release changed is read again from its own entries. It also keeps which
 * {@link StageRun stage runs} have started and, per cluster, the runs it is enrolled in and did not
 * leave.
 */
final class HistoryIndex {
    private final FleetModel model;
    final Version[] from;
    final HistoryEntry[] latest;
    final HistoryEntry[] latestConfig;
    final HistoryEntry[] latestHop;
    final HistoryEntry[] landing;
    final boolean[] midPath;
    final Instant[] succeeded;
    private final List<List<HistoryEntry>> byCluster;
    private final BitSet overridden = new BitSet();
    /** The JDK's unmodifiable maps ({@code Map.of}, {@code Map.copyOf}): the same object read again holds the same. */
    private static final Set<Class<?>> UNMODIFIABLE = Set.copyOf(List.of(Map.of().getClass(),
            Map.of("", "").getClass(), Map.of("", "", " ", "").getClass()));
    /** The key of every stage run an {@code enrolled} entry names, whatever its cluster. */
    private final Set<String> startedRuns = new HashSet<>();
    /** Per cluster, its enrollment ids not followed by a {@code skipped} entry, to the run's key; null for none. */
    private final Map<Integer, Map<String, String>> enrolled = new HashMap<>();
    private Map<String, Version> lastReleases;
    private int seen;
    private HistoryEntry last;

    private HistoryIndex(FleetModel model) {
        this.model = model;
        int n = model.clusters.size();
        this.from = new Version[n];
        this.latest = new HistoryEntry[n];
        this.latestConfig = new HistoryEntry[n];
        this.latestHop = new HistoryEntry[n];
        this.landing = new HistoryEntry[n];
        this.midPath = new boolean[n];
        this.succeeded = new Instant[n];
        this.byCluster = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byCluster.add(null);
        }
    }

    static HistoryIndex of(FleetModel model, List<HistoryEntry> history, Map<String, Version> releases) {
        HistoryIndex x = new HistoryIndex(model);
        for (int i = 0; i < x.from.length; i++) {
            x.from[i] = model.clusters.get(i).release();
        }
        x.override(releases, new BitSet());
        x.read(history, new BitSet());
        return x;
    }

    /**
     * Brings the index up to a history that extends the one it has read (the same entries first,
     * more after them: an append-only journal) and to the releases given, marking each cluster that
     * changed in {@code changed}. Whether it could: false when the history does not extend the one
     * read, and the index must be built again.
     */
    boolean update(List<HistoryEntry> history, Map<String, Version> releases, BitSet changed) {
        if (history.size() < seen || seen > 0 && history.get(seen - 1) != last) {
            return false;
        }
        BitSet moved = new BitSet();
        override(releases, moved);
        for (int i = moved.nextSetBit(0); i >= 0; i = moved.nextSetBit(i + 1)) {
            clear(i);
            List<HistoryEntry> own = byCluster.get(i);
            if (own != null) {
                for (HistoryEntry h : own) {
                    fold(i, h);
                }
            }
        }
        changed.or(moved);
        read(history, changed);
        return true;
    }

    /** Sets each cluster's running release from {@code releases}, marking those that moved. */
    private void override(Map<String, Version> releases, BitSet moved) {
        if (releases == lastReleases && UNMODIFIABLE.contains(releases.getClass())) {
            return;
        }
        lastReleases = releases;
        BitSet now = new BitSet();
        for (Map.Entry<String, Version> e : releases.entrySet()) {
            Integer i = model.index.get(e.getKey());
            if (i == null) {
                continue;
            }
            now.set(i);
            if (!e.getValue().equals(from[i])) {
                from[i] = e.getValue();
                moved.set(i);
            }
        }
        for (int i = overridden.nextSetBit(0); i >= 0; i = overridden.nextSetBit(i + 1)) {
            Version own = model.clusters.get(i).release();
            if (!now.get(i) && !own.equals(from[i])) {
                from[i] = own;
                moved.set(i);
            }
        }
        overridden.clear();
        overridden.or(now);
    }

    private void read(List<HistoryEntry> history, BitSet changed) {
        int size = history.size();
        Set<String> newRuns = new HashSet<>();
        for (int k = seen; k < size; k++) {
            HistoryEntry h = history.get(k);
            StageRun.keyOf(h).filter(startedRuns::add).ifPresent(newRuns::add);
            Integer i = model.index.get(h.clusterId());
            if (i == null) {
                continue;
            }
            List<HistoryEntry> own = byCluster.get(i);
            if (own == null) {
                own = new ArrayList<>(4);
                byCluster.set(i, own);
            }
            own.add(h);
            fold(i, h);
            changed.set(i);
        }
        if (size > 0) {
            last = history.get(size - 1);
        }
        seen = size;
        if (!newRuns.isEmpty()) {
            // a run that starts changes what its stage's members that are not enrolled read
            for (int i = 0; i < model.runKeys.length; i++) {
                if (model.runKeys[i] != null && newRuns.contains(model.runKeys[i])) {
                    changed.set(i);
                }
            }
        }
    }

    /**
     * Whether a cluster joined its stage after the stage's current run started: the run started and
     * the cluster is not enrolled in it (never was, or left it and was skipped).
     */
    boolean joinedLate(int i) {
        String key = model.runKeys[i];
        if (key == null || !startedRuns.contains(key)) {
            return false;
        }
        Map<String, String> own = enrolled.get(i);
        return own == null || !own.containsValue(key);
    }

    private void clear(int i) {
        latest[i] = null;
        latestConfig[i] = null;
        latestHop[i] = null;
        landing[i] = null;
        midPath[i] = false;
        succeeded[i] = null;
        enrolled.remove(i);
    }

    private void fold(int i, HistoryEntry h) {
        if (h.step() == HistoryEntry.Step.ENROLLED) {
            StageRun.keyOf(h).ifPresent(key -> enrolled.computeIfAbsent(i, x -> new HashMap<>())
                    .put(h.upgradeId(), key));
            return;
        }
        Map<String, String> own = enrolled.get(i);
        if (h.step() == HistoryEntry.Step.SKIPPED && own != null && own.remove(h.upgradeId()) != null) {
            return;
        }
        boolean counts = h.state() == UpgradeState.IN_PROGRESS || h.state() == UpgradeState.SUCCEEDED
                || h.state() == UpgradeState.FAILED;
        if (!counts) {
            return;
        }
        Optional<Release> target = model.assignments[i].target();
        boolean toTarget = target.isPresent() && h.to().samePrecedence(target.get().version());
        if (toTarget) {
            latest[i] = later(latest[i], h);
            if (h.state() == UpgradeState.SUCCEEDED && (succeeded[i] == null || h.at().isAfter(succeeded[i]))) {
                succeeded[i] = h.at();
            }
        }
        Version running = from[i];
        if (!h.from().samePrecedence(h.to()) && h.to().samePrecedence(running)) {
            landing[i] = later(landing[i], h);
        }
        if (h.from().samePrecedence(running) && h.to().samePrecedence(running)) {
            latestConfig[i] = later(latestConfig[i], h);
        } else if (!toTarget && h.from().samePrecedence(running)) {
            latestHop[i] = later(latestHop[i], h);
        } else if (!toTarget && h.to().samePrecedence(running) && h.state() == UpgradeState.SUCCEEDED
                && h.intent().isPresent() && model.assignments[i].upgrade()
                        .filter(u -> u.name().equals(h.intent().get())).isPresent()) {
            midPath[i] = true;
        }
    }

    private static HistoryEntry later(HistoryEntry known, HistoryEntry h) {
        return known == null || !h.at().isBefore(known.at()) ? h : known;
    }

}
