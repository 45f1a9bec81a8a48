package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The plan of a fleet at one instant: one {@link PlanEntry} per cluster, and the problems of the
 * input that did not stop planning (DESIGN.md section 8; docs/planning.md).
 *
 * <p>A plan is a value: equal inputs give equal plans, and {@link dev.upshift.core.present.PlanJson#render} gives them the
 * same bytes.
 *
 * @param now the instant the plan was made for
 * @param entries one per cluster, sorted by cluster id (ids are unique)
 * @param problems what was wrong with the input (read problems carried from the sources, an upgrade
 *     that selects nothing, an unknown release or schedule, a cluster in two stages, ...), sorted
 * @param unreadClusters the {@code ManagedCluster} documents that could not be read, and so have no
 *     entry: the plan says nothing of those clusters until they are fixed (their problems are among
 *     {@code problems})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Plan(Instant now, List<PlanEntry> entries, List<Problem> problems, List<UnreadDocument> unreadClusters) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when the entries are not sorted by cluster id or two share one
     */
    public Plan {
        Objects.requireNonNull(now, "now");
        problems = List.copyOf(problems);
        unreadClusters = List.copyOf(unreadClusters);
        // a round's own entries are sorted and never changed: taken as they are
        entries = entries instanceof SortedEntries ? entries : sorted(entries);
    }

    /** A plan of clusters that were all read. */
    public Plan(Instant now, List<PlanEntry> entries, List<Problem> problems) {
        this(now, entries, problems, List.of());
    }

    private static List<PlanEntry> sorted(List<PlanEntry> given) {
        List<PlanEntry> entries = List.copyOf(given);
        for (int i = 1; i < entries.size(); i++) {
            if (entries.get(i - 1).cluster().compareTo(entries.get(i).cluster()) >= 0) {
                throw new IllegalArgumentException("plan entries must be sorted by cluster id, without repeats: "
                        + entries.get(i - 1).cluster() + " before " + entries.get(i).cluster());
            }
        }
        return entries;
    }

    /** The entry of a cluster, found by binary search. */
    public Optional<PlanEntry> entry(String cluster) {
        int lo = 0;
        int hi = entries.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = entries.get(mid).cluster().compareTo(cluster);
            if (c == 0) {
                return Optional.of(entries.get(mid));
            }
            if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return Optional.empty();
    }

    /** How many entries are in each state; every state is a key (zero when none is in it), in declaration order. */
    public Map<UpgradeState, Integer> counts() {
        EnumMap<UpgradeState, Integer> out = new EnumMap<>(UpgradeState.class);
        for (UpgradeState s : UpgradeState.values()) {
            out.put(s, 0);
        }
        for (PlanEntry e : entries) {
            out.merge(e.state(), 1, Integer::sum);
        }
        return Collections.unmodifiableMap(out);
    }

    /** How many entries are in a state. */
    public int count(UpgradeState state) {
        int n = 0;
        for (PlanEntry e : entries) {
            if (e.state() == state) {
                n++;
            }
        }
        return n;
    }

    /** The entries in a state, by cluster id. */
    public List<PlanEntry> inState(UpgradeState state) {
        return entries.stream().filter(e -> e.state() == state).toList();
    }

    /** Why a cluster is where it is, step by step; empty when the plan has no such cluster. */
    public Optional<Explanation> explain(String cluster) {
        return entry(cluster).map(e -> Explanation.of(e, now));
    }

    @Override
    public String toString() {
        return "plan at " + now + ": " + entries.size() + " clusters " + counts();
    }
}
