package dev.upshift.core.plan;

import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a round reads from the history, per cluster: the latest in-progress, succeeded or failed
 * entry for its target, and its last success; the latest such entry of a hop from the release it
 * runs now (the engine journals a path hop by hop); whether a hop of its upgrade landed it where it
 * is (part-way along its path); and the latest entry of a configuration upgrade of its release.
 * Derived from a {@link JournalIndex}, which folds the journal once: kept up to date as the journal
 * grows (the entries its last read folded in), and a cluster whose running release changed is read
 * again from its own entries.
 */
final class HistoryIndex {
    private final FleetModel model;
    private final JournalIndex journal;
    final Version[] from;
    final HistoryEntry[] latest;
    final HistoryEntry[] latestConfig;
    final HistoryEntry[] latestHop;
    final HistoryEntry[] landing;
    final boolean[] midPath;
    final Instant[] succeeded;
    private final BitSet overridden = new BitSet();
    /** The JDK's unmodifiable maps ({@code Map.of}, {@code Map.copyOf}): the same object read again holds the same. */
    private static final Set<Class<?>> UNMODIFIABLE = Set.copyOf(List.of(Map.of().getClass(),
            Map.of("", "").getClass(), Map.of("", "", " ", "").getClass()));
    private Map<String, Version> lastReleases;

    private HistoryIndex(FleetModel model, JournalIndex journal) {
        this.model = model;
        this.journal = journal;
        int n = model.clusters.size();
        this.from = new Version[n];
        this.latest = new HistoryEntry[n];
        this.latestConfig = new HistoryEntry[n];
        this.latestHop = new HistoryEntry[n];
        this.landing = new HistoryEntry[n];
        this.midPath = new boolean[n];
        this.succeeded = new Instant[n];
    }

    static HistoryIndex of(FleetModel model, JournalIndex journal, Map<String, Version> releases) {
        HistoryIndex x = new HistoryIndex(model, journal);
        for (int i = 0; i < x.from.length; i++) {
            x.from[i] = model.clusters.get(i).release();
        }
        x.override(releases, new BitSet());
        for (int i = 0; i < x.from.length; i++) {
            x.foldAll(i);
        }
        return x;
    }

    /**
     * Brings the index up to what its journal index's last read folded in ({@code history} is that
     * journal) and to the releases given, marking each cluster that changed in {@code changed}.
     */
    void update(List<HistoryEntry> history, Map<String, Version> releases, BitSet changed) {
        BitSet moved = new BitSet();
        override(releases, moved);
        for (int i = moved.nextSetBit(0); i >= 0; i = moved.nextSetBit(i + 1)) {
            clear(i);
            foldAll(i);
        }
        changed.or(moved);
        for (int k = journal.readFrom(); k < journal.size(); k++) {
            HistoryEntry h = history.get(k);
            Integer i = model.index.get(h.clusterId());
            if (i == null) {
                continue;
            }
            if (!moved.get(i)) {
                fold(i, h);
            }
            changed.set(i);
        }
        Set<String> newRuns = journal.newRuns();
        if (!newRuns.isEmpty()) {
            // a run that starts changes what its stage's members that are not enrolled read
            for (int i = 0; i < model.runKeys.length; i++) {
                if (model.runKeys[i] != null && newRuns.contains(model.runKeys[i])) {
                    changed.set(i);
                }
            }
        }
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

    /**
     * Whether a cluster joined its stage after the stage's current run started: the run started and
     * the cluster is not enrolled in it (never was, or left it and was skipped).
     */
    boolean joinedLate(int i) {
        return journal.membership().joinedLate(model.clusters.get(i).id(), model.runKeys[i]);
    }

    private void clear(int i) {
        latest[i] = null;
        latestConfig[i] = null;
        latestHop[i] = null;
        landing[i] = null;
        midPath[i] = false;
        succeeded[i] = null;
    }

    private void foldAll(int i) {
        for (HistoryEntry h : journal.entries(model.clusters.get(i).id())) {
            fold(i, h);
        }
    }

    private void fold(int i, HistoryEntry h) {
        if (journal.membership().isEnrollment(h)) {
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
