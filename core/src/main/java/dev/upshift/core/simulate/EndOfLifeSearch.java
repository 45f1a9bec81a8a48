package dev.upshift.core.simulate;

import dev.upshift.release.ReleaseCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Tries changes for the clusters that miss an end of life at one instant: the candidate ladders of
 * {@link EndOfLifeCandidates}, climbed rung by rung side by side, each rung simulated once for every
 * cluster it may help, a ladder left once each of its clusters has found its rung.
 */
final class EndOfLifeSearch {
    private final EndOfLifeRuns runs;
    private final Simulation baseline;
    private final Instant at;
    private final ReleaseCatalog catalog;

    EndOfLifeSearch(EndOfLifeRuns runs, Simulation baseline, Instant at, ReleaseCatalog catalog) {
        this.runs = runs;
        this.baseline = baseline;
        this.at = at;
        this.catalog = catalog;
    }

    /** The releases with, on each miss of timing, the changes that bring it in time. */
    List<ReleaseEndOfLife> suggest(List<ReleaseEndOfLife> releases) {
        List<EndOfLifeMiss> eligible = releases.stream().flatMap(r -> r.misses().stream())
                .filter(m -> m.cause().timing()).toList();
        if (eligible.isEmpty()) {
            return releases;
        }
        EndOfLifeCandidates candidates = new EndOfLifeCandidates(runs.fleet().input(), baseline, runs.from());
        Map<String, EndOfLifeCandidates.Ladder> ladders = new TreeMap<>();
        for (EndOfLifeMiss m : eligible) {
            for (EndOfLifeCandidates.Ladder l : candidates.ladders(m)) {
                ladders.computeIfAbsent(l.key(), k -> l).clusters().add(m.cluster());
            }
        }
        Map<String, Map<String, EndOfLifeChange>> found = climb(ladders);
        List<ReleaseEndOfLife> out = new ArrayList<>();
        for (ReleaseEndOfLife r : releases) {
            List<EndOfLifeMiss> misses = new ArrayList<>();
            for (EndOfLifeMiss m : r.misses()) {
                Map<String, EndOfLifeChange> mine = found.getOrDefault(m.cluster(), Map.of());
                misses.add(mine.isEmpty() ? m : m.withSuggestions(new ArrayList<>(new TreeMap<>(mine).values())));
            }
            out.add(new ReleaseEndOfLife(r.release(), r.endOfLife(), r.past(), r.inTime(), misses));
        }
        return out;
    }

    /** For each cluster, by ladder key, the first rung that brings it in time. */
    private Map<String, Map<String, EndOfLifeChange>> climb(Map<String, EndOfLifeCandidates.Ladder> ladders) {
        Map<String, Map<String, EndOfLifeChange>> found = new LinkedHashMap<>();
        Map<String, Set<String>> waiting = new LinkedHashMap<>();
        ladders.forEach((key, l) -> waiting.put(key, new LinkedHashSet<>(l.clusters())));
        for (int rung = 0; ; rung++) {
            boolean any = false;
            for (Map.Entry<String, EndOfLifeCandidates.Ladder> e : ladders.entrySet()) {
                Set<String> open = waiting.get(e.getKey());
                List<EndOfLifeChange> rungs = e.getValue().rungs();
                if (open.isEmpty() || rung >= rungs.size()) {
                    continue;
                }
                any = true;
                EndOfLifeChange change = rungs.get(rung);
                Optional<Simulation> changed = runs.changed(change.apply(runs.fleet().input()), at);
                if (changed.isEmpty()) {
                    if (!runs.left()) {
                        return found;
                    }
                    continue;
                }
                for (String cluster : List.copyOf(open)) {
                    if (inTime(changed.get(), cluster)) {
                        found.computeIfAbsent(cluster, k -> new LinkedHashMap<>()).put(e.getKey(), change);
                        open.remove(cluster);
                    }
                }
            }
            if (!any) {
                return found;
            }
        }
    }

    private boolean inTime(Simulation sim, String cluster) {
        return sim.cluster(cluster).map(c -> !EndOfLife.pastAt(catalog, c.reached(), at)).orElse(false);
    }
}
