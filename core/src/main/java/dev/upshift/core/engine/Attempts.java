package dev.upshift.core.engine;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The journal read once per pass: each cluster's latest attempt, and how often each hop was tried. */
final class Attempts {
    private final Map<String, Attempt> byId = new HashMap<>();
    private final Map<String, Attempt> latest = new HashMap<>();
    private final Map<String, Integer> tries = new HashMap<>();
    private final Map<String, HistoryEntry> lastOutcome = new HashMap<>();
    private final Map<String, Attempt> latestStarted = new HashMap<>();
    private final java.util.Set<String> active = new java.util.HashSet<>();
    private final Enrollments enrollments = new Enrollments();
    private long epoch;

    private int seen;
    private HistoryEntry last;

    static Attempts of(List<HistoryEntry> entries) {
        Attempts a = new Attempts();
        entries.forEach(a::add);
        a.seen = entries.size();
        a.last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
        return a;
    }

    /**
     * Folds in what a journal holds beyond what was read, when it extends it (at least as long, the
     * same entry object where the last read ended); whether it did.
     */
    boolean readOn(List<HistoryEntry> entries) {
        int size = entries.size();
        if (size < seen || seen > 0 && entries.get(seen - 1) != last) {
            return false;
        }
        for (int k = seen; k < size; k++) {
            add(entries.get(k));
        }
        seen = size;
        last = size == 0 ? null : entries.get(size - 1);
        return true;
    }

    void add(HistoryEntry e) {
        if (enrollments.add(e)) {
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
        if (attempt.starting != null || attempt.published != null || attempt.outcome != null) {
            latestStarted.put(e.clusterId(), attempt);
        }
        if (e.step() == HistoryEntry.Step.SUCCEEDED || e.step() == HistoryEntry.Step.FAILED) {
            lastOutcome.put(e.clusterId(), e);
        }
        epoch = Math.max(epoch, e.epoch());
    }

    Optional<Attempt> latest(String cluster) {
        return Optional.ofNullable(latest.get(cluster));
    }

    /** The latest outcome recorded for a cluster's attempts. */
    Optional<HistoryEntry> lastOutcome(String cluster) {
        return Optional.ofNullable(lastOutcome.get(cluster));
    }

    /** A cluster's latest attempt that started (journaled or published), skipping holds and declines after it. */
    Optional<Attempt> latestStarted(String cluster) {
        return Optional.ofNullable(latestStarted.get(cluster));
    }

    Optional<Attempt> attempt(String upgradeId) {
        return Optional.ofNullable(byId.get(upgradeId));
    }

    /** How many attempts of this hop the journal holds (held or declined ones included). */
    int tries(String cluster, Version from, Version to) {
        return tries.getOrDefault(hopKey(cluster, from, to), 0);
    }

    /** The clusters whose latest attempt is in flight or owes its finish. */
    java.util.Set<String> activeClusters() {
        return java.util.Collections.unmodifiableSet(active);
    }

    /** The latest attempts that are in flight or owe their finish. */
    List<Attempt> activeAttempts() {
        return active.stream().map(latest::get).toList();
    }

    /** The stage runs' memberships the journal holds. */
    Enrollments enrollments() {
        return enrollments;
    }

    long epoch() {
        return epoch;
    }

    /**
     * The id of the next attempt of a hop: the latest attempt's when it is of this hop and never
     * started (a hook held it, the strategies declined it), else a new one.
     */
    String nextId(String cluster, Version from, Version to) {
        Attempt last = latest.get(cluster);
        if (last != null && last.starting == null && last.outcome == null && last.first.from().equals(from)
                && last.first.to().equals(to)) {
            return last.upgradeId;
        }
        return UpgradeIds.of(cluster, from, to, tries(cluster, from, to) + 1);
    }

    private static String hopKey(String cluster, Version from, Version to) {
        return cluster + '\u0000' + from + '\u0000' + to;
    }
}
