package dev.upshift.core.plan;

import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a round reads from the history, per cluster: the release it runs; the latest in-progress,
 * succeeded or failed entry for its target, and its last success; the latest such entry of a hop
 * from the release it runs now (the engine journals a path hop by hop); whether a hop of its
 * upgrade landed it where it is (part-way along its path); and the latest entry of a configuration
 * upgrade of its release.
 *
 * <p>A cluster's desired release is the one its document names, unless a caller says otherwise
 * ({@code releases}: an in-memory world whose publisher moves clusters without rewriting their
 * documents). A publisher writes a hop's target as the desired release when the hop starts, and a
 * hop counts once it succeeded and owes no after-hook: while the latest hop into the desired
 * release has not, the cluster runs the release that hop left ({@link #ahead}: the desired release
 * runs ahead of it); otherwise it runs the desired release.
 * Derived from a {@link JournalIndex}, which folds the journal once: kept up to date as the journal
 * grows (the entries its last read folded in), and a cluster whose running release changed is read
 * again from its own entries.
 */
final class HistoryIndex {
    private final FleetModel model;
    private final JournalIndex journal;
    /** The release each cluster runs. */
    final Version[] from;
    /** The release each cluster's document (or the caller) names: the desired one. */
    private final Version[] desired;
    final HistoryEntry[] latest;
    final HistoryEntry[] latestConfig;
    final HistoryEntry[] latestHop;
    /** The latest entry of an unfinished hop into the document's release (in progress, failed, owing hooks), or null. */
    final HistoryEntry[] ahead;
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
        this.desired = new Version[n];
        this.latest = new HistoryEntry[n];
        this.latestConfig = new HistoryEntry[n];
        this.latestHop = new HistoryEntry[n];
        this.ahead = new HistoryEntry[n];
        this.midPath = new boolean[n];
        this.succeeded = new Instant[n];
    }

    static HistoryIndex of(FleetModel model, JournalIndex journal, Map<String, Version> releases) {
        HistoryIndex x = new HistoryIndex(model, journal);
        for (int i = 0; i < x.from.length; i++) {
            x.desired[i] = model.clusters.get(i).release();
        }
        x.override(releases, new BitSet());
        for (int i = 0; i < x.from.length; i++) {
            x.from[i] = x.natural(i);
        }
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
        BitSet touched = new BitSet();
        for (int k = journal.readFrom(); k < journal.size(); k++) {
            Integer i = model.index.get(history.get(k).clusterId());
            if (i != null) {
                touched.set(i);
            }
        }
        touched.andNot(moved);
        for (int i = touched.nextSetBit(0); i >= 0; i = touched.nextSetBit(i + 1)) {
            HistoryEntry before = ahead[i];
            Version running = natural(i);
            if (!running.equals(from[i]) || before != ahead[i]) {
                from[i] = running;
                moved.set(i);
            }
        }
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

    /** Sets each cluster's desired release from {@code releases}, and the release it runs, marking those that moved. */
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
            if (!e.getValue().equals(desired[i])) {
                desired[i] = e.getValue();
                rerun(i, moved);
            }
        }
        for (int i = overridden.nextSetBit(0); i >= 0; i = overridden.nextSetBit(i + 1)) {
            Version own = model.clusters.get(i).release();
            if (!now.get(i) && !own.equals(desired[i])) {
                desired[i] = own;
                rerun(i, moved);
            }
        }
        overridden.clear();
        overridden.or(now);
    }

    /** A cluster's desired release changed: finds again the release it runs (in {@link #of}, once all are set). */
    private void rerun(int i, BitSet moved) {
        if (from[i] != null) {
            from[i] = natural(i);
            moved.set(i);
        }
    }

    /**
     * The release a cluster runs by its desired release and its history: the desired one, unless
     * the latest hop into it has not finished (in progress, failed, or succeeded and owing
     * after-hooks), which it records in {@link #ahead}; then the release that hop left.
     */
    private Version natural(int i) {
        ManagedCluster c = model.clusters.get(i);
        HistoryEntry into = null;
        for (HistoryEntry h : journal.entries(c.id())) {
            if (!journal.membership().isEnrollment(h) && counts(h) && !h.from().samePrecedence(h.to())
                    && h.to().samePrecedence(desired[i])) {
                into = later(into, h);
            }
        }
        boolean unfinished = into != null && (into.state() != UpgradeState.SUCCEEDED
                || !into.owedHooks().isEmpty() && into.step() != HistoryEntry.Step.FINISHED);
        if (unfinished && into.step() == HistoryEntry.Step.FINISHED) {
            // a failure says why in its outcome, not in the entry that finished it
            HistoryEntry finished = into;
            into = journal.attempt(finished.upgradeId()).flatMap(Attempt::outcome).orElse(finished);
        }
        ahead[i] = unfinished ? into : null;
        return unfinished ? into.from() : desired[i];
    }

    private static boolean counts(HistoryEntry h) {
        return h.state() == UpgradeState.IN_PROGRESS || h.state() == UpgradeState.SUCCEEDED
                || h.state() == UpgradeState.FAILED;
    }

    /**
     * Whether a cluster joined its stage after the stage's current run started: the run started and
     * the cluster is not enrolled in it (never was, or left it and was skipped).
     */
    boolean joinedLate(int i) {
        return journal.membership().joinedLate(model.clusters.get(i).id(), model.runKeys[i]);
    }

    /** The folded journal this index reads. */
    JournalIndex journal() {
        return journal;
    }

    private void clear(int i) {
        latest[i] = null;
        latestConfig[i] = null;
        latestHop[i] = null;
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
        // a retried attempt's failure no longer holds the cluster: its hop starts again
        if (!counts(h) || journal.retried(h.upgradeId())) {
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
