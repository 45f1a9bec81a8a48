package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What live {@link ReadinessCheck}s saw on each cluster, for the planner to judge every hop by
 * (docs/planning.md, "Readiness"): a finding whose {@code removedIn} a hop's target Kubernetes
 * reaches blocks the first such hop with {@code REMOVED_API}, as a static finding does, saying when
 * it was last seen; a cluster whose check failed is blocked with {@code READINESS_UNKNOWN}, never
 * taken as ready. The planner stays pure: the checks are asked before, by {@link #gather}, and
 * their answers handed in with {@link PlanInput#withLive}.
 *
 * @param findings per cluster id, what its check saw
 * @param failures per cluster id, why its check could not look
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LiveReadings(Map<String, List<ReadinessFinding>> findings, Map<String, String> failures) {
    private static final LiveReadings NONE = new LiveReadings(Map.of(), Map.of());

    /** Validates and copies the parts, sorted by cluster id. */
    public LiveReadings {
        TreeMap<String, List<ReadinessFinding>> f = new TreeMap<>();
        findings.forEach((k, v) -> f.put(k, List.copyOf(v)));
        findings = java.util.Collections.unmodifiableSortedMap(f);
        failures = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(failures));
    }

    /** No live readings: static readiness only. */
    public static LiveReadings none() {
        return NONE;
    }

    /**
     * Asks {@code check} about the next hop of every cluster of {@code plan} that has one to take
     * (not up to date, in progress or succeeded), once each, on the calling thread. A check that
     * throws is recorded as a failure with its message, never as "nothing found".
     *
     * @param input what {@code plan} was made from
     * @param plan a plan of {@code input}, which says each cluster's next hop
     * @param check the live check
     * @param now the instant passed to the check
     */
    public static LiveReadings gather(PlanInput input, Plan plan, ReadinessCheck check, Instant now) {
        Map<String, List<ReadinessFinding>> found = new TreeMap<>();
        Map<String, String> failed = new TreeMap<>();
        Map<String, ManagedCluster> clusters = new TreeMap<>();
        input.clusters().forEach(c -> clusters.putIfAbsent(c.id(), c));
        for (PlanEntry e : plan.entries()) {
            if (e.path().isEmpty() || e.state() == UpgradeState.UP_TO_DATE || e.state() == UpgradeState.IN_PROGRESS
                    || e.state() == UpgradeState.SUCCEEDED) {
                continue;
            }
            ManagedCluster c = clusters.get(e.cluster());
            Optional<Release> from = input.catalog().get(e.from());
            Optional<Release> to = input.catalog().get(e.path().get(0));
            if (c == null || from.isEmpty() || to.isEmpty()) {
                continue;
            }
            try {
                found.put(c.id(), check.check(c, from.get(), to.get(), now));
            } catch (RuntimeException ex) {
                failed.put(c.id(), ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage());
            }
        }
        return new LiveReadings(found, failed);
    }
}
