package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * A document of a kind the plan depends on ({@code ClusterUpgrade}, {@code MaintenanceSchedule},
 * {@code Release}) that names itself but could not be read, so that the planner can tell a
 * reference to a broken document from one to a missing document, and the clusters whose fate
 * depends on it from those that are up to date. Its own problems are among the listing's; this
 * says which document they kept out.
 *
 * @param kind the document's {@code kind}
 * @param name its {@code metadata.name} as written
 * @param location where the document starts
 * @param problem the first error that kept it from being read, as {@code upshift validate} reports it
 * @param matchers a {@code ClusterUpgrade}'s {@code spec.matchers} when they can be read on their own;
 *     empty otherwise (and for other kinds)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UnreadDocument(String kind, String name, SourceLocation location, Problem problem,
        Optional<List<ClusterMatcher>> matchers) {

    /** Validates and copies the parts. */
    public UnreadDocument {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(problem, "problem");
        matchers = matchers.map(List::copyOf);
    }

    /**
     * The documents of {@code documents} of the planner's kinds whose names are not among those
     * read, each with the first error of {@code problems} inside it.
     *
     * @param read the names read, per kind
     */
    public static List<UnreadDocument> find(List<SourceDocument> documents, Collection<Problem> problems,
            Map<String, Set<String>> read) {
        Map<String, List<SourceDocument>> bySource = new HashMap<>();
        for (SourceDocument d : documents) {
            bySource.computeIfAbsent(d.location().source(), k -> new ArrayList<>()).add(d);
        }
        List<UnreadDocument> out = new ArrayList<>();
        for (SourceDocument d : documents) {
            if (!isPlanned(d.kind()) || d.name().isEmpty()
                    || read.getOrDefault(d.kind(), Set.of()).contains(d.name())) {
                continue;
            }
            int from = d.location().line();
            int to = bySource.get(d.location().source()).stream().mapToInt(o -> o.location().line())
                    .filter(l -> l > from).min().orElse(Integer.MAX_VALUE);
            Problem first = problems.stream().filter(Problem::isError)
                    .filter(p -> p.location().source().equals(d.location().source()) && p.location().line() >= from
                            && p.location().line() < to)
                    .sorted().findFirst()
                    .orElseGet(() -> Problem.error(d.location(), "", "the document could not be read"));
            Optional<List<ClusterMatcher>> matchers = d.kind().equals(FleetKinds.CLUSTER_UPGRADE.name())
                    ? ClusterUpgradeReader.matchersOf(d) : Optional.empty();
            out.add(new UnreadDocument(d.kind(), d.name(), d.location(), first, matchers));
        }
        return out;
    }

    private static boolean isPlanned(String kind) {
        return kind.equals(FleetKinds.CLUSTER_UPGRADE.name()) || kind.equals(MaintenanceSchedule.KIND.name())
                || kind.equals(Release.KIND.name()) || kind.equals(FleetKinds.MANAGED_CLUSTER.name());
    }

    /** {@code ClusterUpgrade to-1.6 at fleet/upgrades.yaml:1:1}. */
    @Override
    public String toString() {
        return kind + " " + name + " at " + location;
    }
}
