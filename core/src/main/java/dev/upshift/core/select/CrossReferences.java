package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.FieldLocator;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.Suggestions;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeTarget;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The checks of references across a fleet's documents, the one implementation behind
 * {@code upshift validate} ({@code core.validate.FleetValidator}) and the problems of a plan: a cluster's release
 * and schedule must exist; an upgrade's release must exist and not be withdrawn, its channel must be
 * one some release is published in (a warning when no release of the channel satisfies its
 * constraint yet); its matchers should compile and select some cluster, and each of its stages some
 * of those (warnings); no cluster may be in two stages of one upgrade (an error), nor in none (a
 * warning); upgrades with different targets that select one cluster are a warning naming both.
 *
 * <pre>{@code
 * List<Problem> problems = CrossReferences.of(catalog, scheduleNames)
 *         .check(clusters, FleetSelection.of(clusters, upgrades, catalog));
 * }</pre>
 *
 * <p>Each problem names its field and is at its document's {@linkplain ManagedCluster#location()
 * location}, or, with a {@link FieldLocator} that knows the documents' text
 * ({@code SourceDocument.locator}), at the field itself. Pure,
 * immutable and thread-safe; linear in clusters plus the selection's size.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrossReferences {
    private static final int LISTED = 10;

    private final ReleaseCatalog catalog;
    private final Set<String> schedules;
    private final FieldLocator locator;
    private final Set<Version> brokenReleases;
    private final Set<String> brokenChannels;

    private CrossReferences(ReleaseCatalog catalog, Set<String> schedules, FieldLocator locator,
            Set<Version> brokenReleases, Set<String> brokenChannels) {
        this.catalog = catalog;
        this.schedules = schedules;
        this.locator = locator;
        this.brokenReleases = brokenReleases;
        this.brokenChannels = brokenChannels;
    }

    /**
     * The checks against a catalog and the names of the known maintenance schedules, with problems
     * at their documents' locations.
     */
    public static CrossReferences of(ReleaseCatalog catalog, Collection<String> scheduleNames) {
        return new CrossReferences(Objects.requireNonNull(catalog, "catalog"), Collections.unmodifiableSortedSet(new TreeSet<>(scheduleNames)),
                FieldLocator.documentOnly(), Set.of(), Set.of());
    }

    /** The same checks with problems placed by {@code fieldLocator}. */
    public CrossReferences locatedBy(FieldLocator fieldLocator) {
        return new CrossReferences(catalog, schedules, Objects.requireNonNull(fieldLocator, "fieldLocator"),
                brokenReleases, brokenChannels);
    }

    /**
     * The same checks, silent about references to releases and channels whose documents exist but
     * could not be read (their own errors say why), so that one mistake is reported once.
     *
     * @param releases versions of the release documents that could not be read (build metadata is ignored)
     * @param channels channels those documents name
     */
    public CrossReferences ignoringBroken(Collection<Version> releases, Collection<String> channels) {
        Set<Version> versions = new LinkedHashSet<>();
        releases.forEach(v -> versions.add(v.withoutBuild()));
        return new CrossReferences(catalog, schedules, locator, Set.copyOf(versions), Set.copyOf(channels));
    }

    /**
     * The problems of references among {@code clusters} and the upgrades of {@code selection}, in
     * the order: clusters (in the given order), upgrades (in the selection's order), then conflicts.
     */
    public List<Problem> check(List<ManagedCluster> clusters, FleetSelection selection) {
        List<Problem> out = new ArrayList<>();
        Set<String> newestFirst = null;
        for (ManagedCluster c : clusters) {
            if (catalog.get(c.release()).isEmpty() && !brokenReleases.contains(c.release().withoutBuild())) {
                if (newestFirst == null) {
                    newestFirst = versionsNewestFirst();
                }
                out.add(Problem.error(at(c.location(), "/spec/release"), "spec.release", "unknown release '"
                        + c.release() + "'" + suggestion(c.release().toString(), newestFirst,
                                "; the fleet has no release of that version")));
            }
            c.schedule().filter(s -> !schedules.contains(s)).ifPresent(s -> out.add(Problem.error(
                    at(c.location(), "/spec/schedule"), "spec.schedule", "unknown MaintenanceSchedule '" + s + "'"
                            + suggestion(s, schedules, schedules.isEmpty() ? "; the fleet has no MaintenanceSchedule"
                                    : "; known schedules: " + String.join(", ", schedules)))));
        }
        Set<String> keys = new java.util.TreeSet<>();
        clusters.forEach(c -> keys.addAll(c.labels().keySet()));
        for (UpgradeSelection u : selection.upgrades()) {
            if (!unknownKeys(u.upgrade(), keys, out)) {
                upgrade(u, out);
            }
        }
        conflicts(selection, out);
        return out;
    }

    /**
     * Errors for the matchers of an upgrade and of its stages whose label key no cluster has (a
     * typo such as {@code regoin}: every cluster it meant would otherwise read as up to date); whether
     * there was one, so that the upgrade's other checks, which would only repeat it, are left out.
     */
    private boolean unknownKeys(ClusterUpgrade u, Set<String> keys, List<Problem> out) {
        boolean any = false;
        for (int i = 0; i < u.matchers().size(); i++) {
            any |= unknownKey(u, u.matchers().get(i), "/spec/matchers/" + i + "/key", keys, out);
        }
        for (int s = 0; s < u.stages().size(); s++) {
            List<ClusterMatcher> matchers = u.stages().get(s).matchers();
            for (int i = 0; i < matchers.size(); i++) {
                any |= unknownKey(u, matchers.get(i), "/spec/stages/" + s + "/matchers/" + i + "/key", keys, out);
            }
        }
        return any;
    }

    private boolean unknownKey(ClusterUpgrade u, ClusterMatcher m, String pointer, Set<String> keys, List<Problem> out) {
        if (m.key().isEmpty() || keys.contains(m.key().get())) {
            return false;
        }
        String key = m.key().get();
        out.add(error(u, pointer, "no cluster has the label '" + key + "', so the matcher selects nothing"
                + Suggestions.closest(key, keys).map(Suggestions::didYouMean).orElse(keys.isEmpty()
                        ? "; no cluster has labels" : "; the labels are: " + listed(List.copyOf(keys)))));
        return true;
    }

    private void upgrade(UpgradeSelection selection, List<Problem> out) {
        ClusterUpgrade u = selection.upgrade();
        if (selection.target() instanceof ResolvedTarget.Unresolved t) {
            target(u, t, out);
        }
        if (selection.invalid().isPresent()) {
            out.add(error(u, "/spec/matchers", selection.invalid().get() + "; the upgrade selects no cluster"));
            return;
        }
        if (selection.clusters().isEmpty()) {
            out.add(warning(u, "/spec/matchers", "the matchers select no cluster: the upgrade does nothing"));
            return;
        }
        for (int i = 0; i < selection.stages().size(); i++) {
            StageSelection s = selection.stages().get(i);
            if (!s.implicit() && s.clusters().isEmpty()
                    && selection.overlaps().stream().noneMatch(o -> o.stages().contains(s.name()))) {
                // with clusters left in no stage, an empty stage is most likely the one meant for them: an error
                String message = "stage " + s.name() + " selects none of the upgrade's clusters" + labelHint(s, selection);
                String pointer = "/spec/stages/" + i + "/matchers";
                out.add(selection.unstaged().isEmpty() ? warning(u, pointer, message) : error(u, pointer, message));
            }
        }
        for (StageOverlap o : selection.overlaps()) {
            out.add(error(u, "/spec/stages/" + index(u.stages(), o.stages().get(1)) + "/matchers", o.message()));
        }
        if (!selection.unstaged().isEmpty()) {
            List<String> ids = selection.unstaged().stream().map(ManagedCluster::id).toList();
            out.add(warning(u, "/spec/stages", (ids.size() == 1 ? "cluster " : ids.size() + " clusters: ")
                    + listed(ids) + (ids.size() == 1 ? " is" : " are") + " selected by the upgrade's matchers but by no"
                    + " stage, and will not be upgraded"));
        }
    }

    /**
     * {@code : no cluster has stage=production; did you mean 'prod'? (values: dev, staging, prod)} for
     * a stage's first plain label matcher: the label's values among the upgrade's clusters, those
     * of its stages in stage order first, then those in no stage; empty without such a matcher.
     */
    private static String labelHint(StageSelection stage, UpgradeSelection selection) {
        ClusterMatcher m = stage.stage().matchers().stream().filter(x -> x.key().isPresent() && !x.isRegex())
                .findFirst().orElse(null);
        if (m == null) {
            return "";
        }
        String key = m.key().get();
        Set<String> values = new LinkedHashSet<>();
        for (StageSelection other : selection.stages()) {
            other.clusters().forEach(c -> addLabel(values, c, key));
        }
        selection.unstaged().forEach(c -> addLabel(values, c, key));
        selection.clusters().forEach(c -> addLabel(values, c, key));
        if (values.isEmpty()) {
            return ": none of them has the label " + key;
        }
        List<String> listed = new ArrayList<>(values);
        return ": no cluster has " + key + "=" + m.value() + closestValue(m.value(), values)
                .map(Suggestions::didYouMean).orElse("") + " (values: "
                + String.join(", ", listed.size() <= LISTED ? listed : listed.subList(0, LISTED))
                + (listed.size() <= LISTED ? "" : ", …") + ")";
    }

    /** The value closest in spelling, else the longest that abbreviates the word or that it abbreviates (prod, production). */
    private static Optional<String> closestValue(String word, Set<String> values) {
        Optional<String> close = Suggestions.closest(word, values);
        if (close.isPresent()) {
            return close;
        }
        String w = word.toLowerCase(Locale.ROOT);
        return values.stream().filter(v -> v.length() >= 2 && (w.startsWith(v.toLowerCase(Locale.ROOT))
                || v.toLowerCase(Locale.ROOT).startsWith(w) && w.length() >= 2))
                .max(Comparator.comparingInt(String::length));
    }

    private static void addLabel(Set<String> values, ManagedCluster c, String key) {
        String v = c.labels().get(key);
        if (v != null) {
            values.add(v);
        }
    }

    private void target(ClusterUpgrade u, ResolvedTarget.Unresolved t, List<Problem> out) {
        switch (t.why()) {
            case UNKNOWN_RELEASE -> {
                if (!brokenReleases.contains(((UpgradeTarget.ExplicitRelease) t.target()).version().withoutBuild())) {
                    out.add(error(u, "/spec/release", t.message()));
                }
            }
            case WITHDRAWN -> out.add(error(u, "/spec/release", t.message()));
            case UNKNOWN_CHANNEL -> {
                if (!brokenChannels.contains(((UpgradeTarget.Channel) t.target()).channel())) {
                    out.add(error(u, "/spec/target/channel", t.message()));
                }
            }
            case NONE_SATISFIES -> out.add(warning(u, ((UpgradeTarget.Channel) t.target()).constraint().isPresent()
                    ? "/spec/target/constraint" : "/spec/target/channel", t.message()
                            + ": the upgrade selects its clusters but moves none until a release qualifies"));
        }
    }

    /** One warning per set of upgrades that disagree, at the last of them, listing the clusters they share. */
    private void conflicts(FleetSelection selection, List<Problem> out) {
        Map<List<ConflictingUpgrades.Claim>, List<String>> byClaims = new LinkedHashMap<>();
        for (ConflictingUpgrades c : selection.conflicts()) {
            byClaims.computeIfAbsent(c.claims(), k -> new ArrayList<>()).add(c.cluster());
        }
        byClaims.forEach((claims, ids) -> {
            ConflictingUpgrades first = new ConflictingUpgrades(listed(ids), claims);
            ClusterUpgrade last = selection.upgrade(claims.get(claims.size() - 1).upgrade()).orElseThrow().upgrade();
            out.add(warning(last, "/metadata/name", first.message() + "; the plan blocks "
                    + (ids.size() == 1 ? "it" : "them") + " (" + ConflictingUpgrades.CODE + ")"));
        });
    }

    private Problem error(ClusterUpgrade u, String pointer, String message) {
        return Problem.error(at(u.location(), pointer), field(pointer), message);
    }

    private Problem warning(ClusterUpgrade u, String pointer, String message) {
        return Problem.warning(at(u.location(), pointer), field(pointer), message);
    }

    private SourceLocation at(SourceLocation document, String pointer) {
        SourceLocation located = locator.locate(document, pointer);
        return located == null ? document : located;
    }

    private Set<String> versionsNewestFirst() {
        Set<String> out = new LinkedHashSet<>();
        List<Release> all = catalog.releases();
        for (int i = all.size() - 1; i >= 0; i--) {
            out.add(all.get(i).version().toString());
        }
        return out;
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

    private static String suggestion(String word, Set<String> known, String otherwise) {
        return Suggestions.closest(word, known).map(Suggestions::didYouMean).orElse(otherwise);
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
