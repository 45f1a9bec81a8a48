package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One prepared fleet planned again and again as time goes on and its journal grows, as a
 * controller's reconciles and a simulation's steps plan it: each plan equals
 * {@link PreparedFleet#plan(Instant, List, Map)} of the same arguments, and costs, after the first,
 * about the clusters it has to plan again rather than the whole fleet.
 *
 * <p>A plan is made again only for the clusters whose history or running release changed since the
 * last call, those whose entry could read differently by now (a window opened, a reason's time came,
 * a day passed an end of life, a freeze ended: each entry knows the earliest such instant), and the
 * members of a stage whose judgement changed (its gate, its halt); every other entry is the one
 * planned before.
 *
 * <p>The history is taken to extend the one of the last call when it is at least as long and holds
 * the very same entry object at that call's last position (an append-only journal, such as
 * {@link dev.upshift.spi.HistoryStore#entries()} of the engine's stores, read again); otherwise, and
 * when {@code now} is earlier than the last call's, the fleet is planned from scratch.
 *
 * <p><b>Contract.</b> Pure: no clock, no I/O, no threads. Not thread-safe: one caller at a time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PlanSession {
    private final PreparedFleet fleet;
    private JournalIndex journal;
    private HistoryIndex index;
    private Kept kept;
    /** Every instant the last plan's entries name (window starts, reasons' untils), with how many name it. */
    private final TreeMap<Instant, Integer> instants = new TreeMap<>();

    PlanSession(PreparedFleet fleet) {
        this.fleet = Objects.requireNonNull(fleet, "fleet");
    }

    /** The fleet this session plans. */
    public PreparedFleet fleet() {
        return fleet;
    }

    /**
     * The plan at {@code now}, equal to {@link PreparedFleet#plan(Instant, List, Map)} of the same
     * arguments.
     *
     * @param now the instant
     * @param history the journal, oldest first
     * @param releases cluster id to the release it runs now; clusters not named run their document's
     * @throws IllegalArgumentException when {@code now} lies outside 1900–9000, the range schedules support
     */
    public Plan plan(Instant now, List<HistoryEntry> history, Map<String, Version> releases) {
        fleet.checkInstant(now);
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(releases, "releases");
        BitSet changed = new BitSet();
        boolean extended = index != null && kept != null && !now.isBefore(kept.now) && journal.readOn(history);
        // a person's act may change any cluster's entry and any stage's gate: rare, so planned from scratch
        boolean again = extended && !journal.actedInLastRead();
        if (again) {
            index.update(history, releases, changed);
        } else {
            if (!extended) {
                journal = JournalIndex.of(history);
            }
            index = HistoryIndex.of(fleet.model(), journal, releases);
        }
        Kept next = new Kept(now, fleet.clusters().size());
        Plan plan;
        try {
            Kept previous = again ? kept : null;
            plan = new Round(fleet, fleet.model(), now, index, kept == null ? null : kept.windows)
                    .run(previous, carryOver(previous, changed, next), next);
        } catch (RuntimeException e) {
            // what a round shares with the last may be half updated: the next call plans from scratch
            journal = null;
            index = null;
            kept = null;
            throw e;
        }
        if (!again) {
            instants.clear();
        }
        for (int i = next.replaced.nextSetBit(0); i >= 0; i = next.replaced.nextSetBit(i + 1)) {
            if (again) {
                count(kept.entries[i], -1);
            }
            count(next.entries[i], 1);
        }
        kept = next;
        return plan;
    }

    /**
     * The journal as the last {@link #plan} read it, folded: what the engine acts on. Not for use
     * outside Upshift.
     *
     * @throws IllegalStateException before the first plan, or after one that failed
     */
    @API(status = INTERNAL, since = "0.1")
    public JournalIndex journal() {
        if (journal == null) {
            throw new IllegalStateException("the session has not planned yet");
        }
        return journal;
    }

    /**
     * Carries the round before's entries over into {@code next}, and says which clusters the round
     * must plan again: those whose history or release changed ({@code changed}) and those whose
     * entry could read differently by {@code next}'s instant (each entry knows the earliest such
     * instant); every cluster when there is no round before.
     */
    static BitSet carryOver(Kept previous, BitSet changed, Kept next) {
        int n = next.entries.length;
        BitSet fresh = new BitSet(n);
        if (previous == null) {
            fresh.set(0, n);
            next.expiries = new PriorityQueue<>((a, b) -> a.at().compareTo(b.at()));
            return fresh;
        }
        System.arraycopy(previous.entries, 0, next.entries, 0, n);
        System.arraycopy(previous.valid, 0, next.valid, 0, n);
        System.arraycopy(previous.members, 0, next.members, 0, n);
        next.stageOf = previous.stageOf;
        next.expiries = previous.expiries;
        fresh.or(changed);
        while (!next.expiries.isEmpty() && !next.expiries.peek().at().isAfter(next.now)) {
            Kept.Expiry x = next.expiries.poll();
            if (x.at().equals(previous.valid[x.cluster()])) {
                fresh.set(x.cluster());
            }
        }
        return fresh;
    }

    /**
     * The earliest instant after {@code t} that an entry of the last plan names: a window's start or a
     * reason's {@code until}; when a controller has something to look at again. Empty before the first
     * plan, or when no entry names a later instant.
     */
    public Optional<Instant> nextInstant(Instant t) {
        Objects.requireNonNull(t, "t");
        return Optional.ofNullable(instants.higherKey(t));
    }

    private void count(PlanEntry e, int by) {
        e.window().ifPresent(w -> count(w.start(), by));
        for (Reason r : e.reasons()) {
            r.until().ifPresent(t -> count(t, by));
        }
    }

    private void count(Instant t, int by) {
        instants.merge(t, by, (a, b) -> a + b == 0 ? null : a + b);
    }

    @Override
    public String toString() {
        return "plan session of " + fleet;
    }
}
