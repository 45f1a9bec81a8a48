package dev.upshift.core.validate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.core.select.ConflictingUpgrades;
import dev.upshift.core.select.FleetSelection;
import dev.upshift.core.select.ResolvedTarget;
import dev.upshift.core.select.StageOverlap;
import dev.upshift.core.select.Targets;
import dev.upshift.core.select.UpgradeSelection;
import dev.upshift.diff.problem.Suggestions;
import dev.upshift.diff.kind.DocumentKind;
import dev.upshift.diff.kind.DocumentKinds;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.problem.SourceLocation;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks references across documents: clusters name releases and schedules, upgrades name releases
 * or channels and select clusters. A reference to a document that exists but has errors of its own
 * is not reported again.
 */
final class References {
    private static final int LISTED = 10;

    private final Problems problems;
    private final Map<SourceLocation, SourceDocument> documents = new HashMap<>();
    private final ReleaseCatalog catalog;
    private final Set<Version> brokenReleases = new LinkedHashSet<>();
    private final Set<String> brokenChannels = new TreeSet<>();
    private final Set<String> schedules = new TreeSet<>();

    private References(List<SourceDocument> all, List<Release> releases, List<MaintenanceSchedule> schedules,
            Problems problems) {
        this.problems = problems;
        this.catalog = ReleaseCatalog.of(releases);
        schedules.forEach(s -> this.schedules.add(s.metadata().name()));
        for (SourceDocument d : all) {
            documents.putIfAbsent(d.location(), d);
            if (d.kind().equals(Release.KIND.name())) {
                Version.tryParse(d.name()).filter(v -> catalog.get(v).isEmpty()).map(Version::withoutBuild)
                        .ifPresent(brokenReleases::add);
                for (JsonNode c : d.root().path("spec").path("channels")) {
                    brokenChannels.add(c.asText());
                }
            } else if (d.kind().equals(MaintenanceSchedule.KIND.name()) && !d.name().isEmpty()) {
                this.schedules.add(d.name());
            }
        }
    }

    /** Checks the references among the values read, reporting to {@code problems}. */
    static void check(DocumentKinds kinds, DocumentKinds.Values values, List<SourceDocument> all, Problems problems) {
        List<ManagedCluster> clusters = of(kinds, values, "ManagedCluster", ManagedCluster.class);
        List<ClusterUpgrade> upgrades = of(kinds, values, "ClusterUpgrade", ClusterUpgrade.class);
        if (clusters.isEmpty() && upgrades.isEmpty()) {
            return;
        }
        References refs = new References(all, of(kinds, values, Release.KIND.name(), Release.class),
                of(kinds, values, MaintenanceSchedule.KIND.name(), MaintenanceSchedule.class), problems);
        clusters.forEach(refs::cluster);
        FleetSelection selection = FleetSelection.of(clusters, upgrades, refs.catalog);
        for (UpgradeSelection u : selection.upgrades()) {
            refs.upgrade(u);
        }
        refs.conflicts(selection);
    }

    private static <T> List<T> of(DocumentKinds kinds, DocumentKinds.Values values, String name, Class<T> type) {
        DocumentKind<?> kind = kinds.get(name).orElse(null);
        if (kind == null) {
            return List.of();
        }
        return values.of(kind).stream().filter(type::isInstance).map(type::cast).toList();
    }

    private void cluster(ManagedCluster c) {
        SourceDocument d = documents.get(c.location());
        if (catalog.get(c.release()).isEmpty() && !brokenReleases.contains(c.release().withoutBuild())) {
            error(d, c.location(), "/spec/release", "unknown release '" + c.release() + "'"
                    + suggestion(c.release().toString(), versions(), "; the fleet has no release of that version"));
        }
        c.schedule().filter(s -> !schedules.contains(s)).ifPresent(s -> error(d, c.location(), "/spec/schedule",
                "unknown MaintenanceSchedule '" + s + "'" + suggestion(s, schedules, schedules.isEmpty()
                        ? "; the fleet has no MaintenanceSchedule" : "; known schedules: " + String.join(", ", schedules))));
    }

    private void upgrade(UpgradeSelection selection) {
        ClusterUpgrade u = selection.upgrade();
        SourceDocument d = documents.get(u.location());
        if (selection.target() instanceof ResolvedTarget.Unresolved t) {
            switch (t.why()) {
                case UNKNOWN_RELEASE -> {
                    Version v = ((UpgradeTarget.ExplicitRelease) t.target()).version();
                    if (!brokenReleases.contains(v.withoutBuild())) {
                        error(d, u.location(), "/spec/release", t.message());
                    }
                }
                case WITHDRAWN -> error(d, u.location(), "/spec/release", t.message());
                case UNKNOWN_CHANNEL -> {
                    if (!brokenChannels.contains(((UpgradeTarget.Channel) t.target()).channel())) {
                        error(d, u.location(), "/spec/target/channel", t.message());
                    }
                }
                case NONE_SATISFIES -> warning(d, u.location(), d != null && d.root().at("/spec/target/constraint")
                        .isMissingNode() ? "/spec/target/channel" : "/spec/target/constraint", t.message()
                                + ": the upgrade selects its clusters but moves none until a release qualifies");
            }
        }
        if (selection.clusters().isEmpty()) {
            warning(d, u.location(), "/spec/matchers", "the matchers select no cluster: the upgrade does nothing");
        }
        for (StageOverlap o : selection.overlaps()) {
            int second = index(u.stages(), o.stages().get(1));
            error(d, u.location(), "/spec/stages/" + second + "/matchers", o.message());
        }
        if (!selection.unstaged().isEmpty()) {
            List<String> ids = selection.unstaged().stream().map(ManagedCluster::id).toList();
            warning(d, u.location(), "/spec/stages", (ids.size() == 1 ? "cluster " : ids.size() + " clusters: ")
                    + listed(ids) + (ids.size() == 1 ? " is" : " are") + " selected by the upgrade's matchers but by no"
                    + " stage, and will not be upgraded");
        }
    }

    private void conflicts(FleetSelection selection) {
        Map<List<ConflictingUpgrades.Claim>, List<String>> byClaims = new LinkedHashMap<>();
        for (ConflictingUpgrades c : selection.conflicts()) {
            byClaims.computeIfAbsent(c.claims(), k -> new ArrayList<>()).add(c.cluster());
        }
        byClaims.forEach((claims, ids) -> {
            ConflictingUpgrades first = new ConflictingUpgrades(listed(ids), claims);
            ClusterUpgrade last = selection.upgrade(claims.get(claims.size() - 1).upgrade()).orElseThrow().upgrade();
            warning(documents.get(last.location()), last.location(), "/metadata/name", first.message()
                    + "; the plan blocks " + (ids.size() == 1 ? "it" : "them") + " (" + ConflictingUpgrades.CODE + ")");
        });
    }

    private static int index(List<Stage> stages, String name) {
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i).name().equals(name)) {
                return i;
            }
        }
        return 0;
    }

    private static String listed(List<String> ids) {
        if (ids.size() <= LISTED) {
            return String.join(", ", ids);
        }
        return String.join(", ", ids.subList(0, LISTED)) + " and " + (ids.size() - LISTED) + " more";
    }

    private Set<String> versions() {
        Set<String> out = new LinkedHashSet<>();
        List<Release> all = catalog.releases();
        for (int i = all.size() - 1; i >= 0; i--) {
            out.add(all.get(i).version().toString());
        }
        return out;
    }

    private static String suggestion(String word, Set<String> known, String otherwise) {
        return Suggestions.closest(word, known).map(s -> "; did you mean '" + s + "'?").orElse(otherwise);
    }

    private void error(SourceDocument d, SourceLocation fallback, String pointer, String message) {
        problems.error(d == null ? fallback : d.locate(pointer), field(pointer), message);
    }

    private void warning(SourceDocument d, SourceLocation fallback, String pointer, String message) {
        problems.warning(d == null ? fallback : d.locate(pointer), field(pointer), message);
    }

    /** {@code /spec/stages/1/matchers} → {@code spec.stages[1].matchers}. */
    private static String field(String pointer) {
        StringBuilder out = new StringBuilder();
        for (String part : pointer.substring(1).split("/")) {
            if (!part.isEmpty() && part.chars().allMatch(Character::isDigit)) {
                out.append('[').append(part).append(']');
            } else {
                out.append(out.length() == 0 ? "" : ".").append(part);
            }
        }
        return out.toString();
    }
}
