package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.HistoryEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The journal folded once: each cluster's entries, its attempts (by idempotency key, the latest,
 * the latest that started, the latest outcome, how often each hop was tried), the clusters with an
 * attempt under way, and the {@link StageMembership stage runs}. A {@link PlanSession} keeps one
 * up to date as the journal grows and plans from it; the engine reads the session's. Not for use
 * outside Upshift.
 *
 * <p>A journal read again is taken to extend the one read before when it is at least as long and
 * holds the very same entry object at the last position read (an append-only journal, such as
 * {@link dev.upshift.spi.HistoryStore#entries()} of the engine's stores, read again); only then is
 * it folded on from there ({@link #readOn}).
 */
@API(status = INTERNAL, since = "0.1")
public final class JournalIndex {
    private final Map<String, List<HistoryEntry>> byCluster = new HashMap<>();
    private final Map<String, Attempt> byId = new HashMap<>();
    private final Map<String, Attempt> latest = new HashMap<>();
    private final Map<String, Integer> tries = new HashMap<>();
    private final Map<String, HistoryEntry> lastOutcome = new HashMap<>();
    private final Map<String, Attempt> latestStarted = new HashMap<>();
    private final Set<String> active = new HashSet<>();
    private final StageMembership membership = new StageMembership();
    private final Acts acts = new Acts();
    /** The journal position of each failed outcome: what a retry after it lifts. */
    private final Map<HistoryEntry, Integer> failures = new IdentityHashMap<>();
    private boolean actedInLastRead;
    private int seen;
    private HistoryEntry last;
    private int readFrom;
    private Set<String> newRuns = Set.of();

    private JournalIndex() {}

    /** The index of a journal, oldest entry first. */
    public static JournalIndex of(List<HistoryEntry> entries) {
        JournalIndex x = new JournalIndex();
        x.fold(entries);
        return x;
    }

    /**
     * Folds in what a journal holds beyond what was read, when it extends it (see the class
     * Javadoc); whether it did. When it did not, nothing changed and a new index must be made.
     */
    public boolean readOn(List<HistoryEntry> entries) {
        int size = entries.size();
        if (size < seen || seen > 0 && entries.get(seen - 1) != last) {
            return false;
        }
        fold(entries);
        return true;
    }

    private void fold(List<HistoryEntry> entries) {
        int size = entries.size();
        Set<String> runs = new HashSet<>();
        readFrom = seen;
        actedInLastRead = false;
        for (int k = seen; k < size; k++) {
            add(entries.get(k), runs, k);
        }
        seen = size;
        last = size == 0 ? null : entries.get(size - 1);
        newRuns = runs.isEmpty() ? Set.of() : Collections.unmodifiableSet(runs);
    }

    private void add(HistoryEntry e, Set<String> runs, int position) {
        if (e.step() == HistoryEntry.Step.ACTED) {
            Optional<Act> act = ActEntries.of(e);
            act.ifPresent(a -> acts.add(a, position));
            actedInLastRead = true;
            if (act.flatMap(Act::cluster).isPresent()) {
                byCluster.computeIfAbsent(e.clusterId(), c -> new ArrayList<>(4)).add(e);
            }
            return;
        }
        byCluster.computeIfAbsent(e.clusterId(), c -> new ArrayList<>(4)).add(e);
        if (membership.add(e, runs)) {
            return;
        }
        Attempt attempt = byId.get(e.upgradeId());
        if (attempt == null) {
            attempt = new Attempt(e.upgradeId());
            byId.put(e.upgradeId(), attempt);
            tries.merge(hopKey(e.clusterId(), e.from(), e.to()), 1, Integer::sum);
        }
        attempt.add(e);
        latest.put(e.clusterId(), attempt);
        if (attempt.inFlight() || attempt.owesFinish()) {
            active.add(e.clusterId());
        } else {
            active.remove(e.clusterId());
        }
        if (attempt.starting().isPresent() || attempt.published().isPresent() || attempt.outcome().isPresent()) {
            latestStarted.put(e.clusterId(), attempt);
        }
        if (e.step() == HistoryEntry.Step.SUCCEEDED || e.step() == HistoryEntry.Step.FAILED) {
            lastOutcome.put(e.clusterId(), e);
        }
        if (e.step() == HistoryEntry.Step.FAILED) {
            failures.put(e, position);
        }
    }

    /** How many entries were read. */
    public int size() {
        return seen;
    }

    /** Where the last read began: the entries from there to {@link #size()} are the ones it folded in. */
    int readFrom() {
        return readFrom;
    }

    /** The keys of the stage runs the last read found started. */
    Set<String> newRuns() {
        return newRuns;
    }

    /** A cluster's entries, oldest first. */
    public List<HistoryEntry> entries(String cluster) {
        List<HistoryEntry> own = byCluster.get(cluster);
        return own == null ? List.of() : Collections.unmodifiableList(own);
    }

    /** A cluster's latest attempt (held and declined ones included). */
    public Optional<Attempt> latest(String cluster) {
        return Optional.ofNullable(latest.get(cluster));
    }

    /** The latest outcome recorded for a cluster's attempts. */
    public Optional<HistoryEntry> lastOutcome(String cluster) {
        return Optional.ofNullable(lastOutcome.get(cluster));
    }

    /** A cluster's latest attempt that started (journaled or published), skipping holds and declines after it. */
    public Optional<Attempt> latestStarted(String cluster) {
        return Optional.ofNullable(latestStarted.get(cluster));
    }

    /** An attempt by its idempotency key. */
    public Optional<Attempt> attempt(String upgradeId) {
        return Optional.ofNullable(byId.get(upgradeId));
    }

    /** How many attempts of this hop the journal holds (held or declined ones included). */
    public int tries(String cluster, Version from, Version to) {
        return tries.getOrDefault(hopKey(cluster, from, to), 0);
    }

    /** The clusters whose latest attempt is in flight or owes its finish. */
    public Set<String> activeClusters() {
        return Collections.unmodifiableSet(active);
    }

    /** The latest attempts that are in flight or owe their finish. */
    public List<Attempt> activeAttempts() {
        return active.stream().map(latest::get).toList();
    }

    /** The people's acts, folded. */
    public Acts acts() {
        return acts;
    }

    /** Whether the last read folded in an act: what every cluster's plan may read differently after. */
    boolean actedInLastRead() {
        return actedInLastRead;
    }

    /**
     * Whether an attempt failed and a person retried its hop after the failure ({@code upshift retry}):
     * its failure no longer holds the cluster, and the hop's next attempt may start.
     */
    public boolean retried(String upgradeId) {
        Attempt a = byId.get(upgradeId);
        if (a == null || a.outcome().isEmpty() || a.outcome().get().step() != HistoryEntry.Step.FAILED) {
            return false;
        }
        HistoryEntry failed = a.outcome().get();
        Integer at = failures.get(failed);
        return at != null && acts.lastRetry(failed.clusterId(), failed.from(), failed.to()) > at;
    }

    /** The stage runs: started, enrolled, left. */
    public StageMembership membership() {
        return membership;
    }

    private static String hopKey(String cluster, Version from, Version to) {
        return cluster + '\u0000' + from + '\u0000' + to;
    }
}
