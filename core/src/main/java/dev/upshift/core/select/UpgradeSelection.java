package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one upgrade selects in a fleet: its resolved target, the clusters its matchers select, and
 * how its stages partition them.
 *
 * <h2>Stages</h2>
 * Stages are tried in order against each selected cluster (a stage's matchers only narrow the
 * upgrade's selection; they never add a cluster the upgrade's own matchers leave out). A cluster
 * that exactly one stage selects belongs to it. A cluster that two or more stages select is an input
 * problem ({@link #overlaps()}) and belongs to none; a cluster that no stage selects is listed in
 * {@link #unstaged()} and belongs to none either. An upgrade without stages has one implicit stage,
 * named {@value #IMPLICIT_STAGE}, of every selected cluster.
 *
 * <p>Immutable; the work is linear in clusters times matchers.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpgradeSelection {
    /** The name of the single stage of an upgrade that names none. */
    public static final String IMPLICIT_STAGE = "all";

    private final ClusterUpgrade upgrade;
    private final ResolvedTarget target;
    private final Optional<String> invalid;
    private final List<ManagedCluster> clusters;
    private final List<StageSelection> stages;
    private final List<StageOverlap> overlaps;
    private final List<ManagedCluster> unstaged;
    private final Map<String, StageSelection> stageOf;

    private UpgradeSelection(ClusterUpgrade upgrade, ResolvedTarget target, Optional<String> invalid,
            List<ManagedCluster> clusters, List<StageSelection> stages, List<StageOverlap> overlaps,
            List<ManagedCluster> unstaged) {
        this.upgrade = upgrade;
        this.target = target;
        this.invalid = invalid;
        this.clusters = List.copyOf(clusters);
        this.stages = List.copyOf(stages);
        this.overlaps = List.copyOf(overlaps);
        this.unstaged = List.copyOf(unstaged);
        Map<String, StageSelection> byCluster = new HashMap<>();
        for (StageSelection s : this.stages) {
            for (ManagedCluster c : s.clusters()) {
                byCluster.putIfAbsent(c.id(), s);
            }
        }
        this.stageOf = Collections.unmodifiableMap(byCluster);
    }

    /**
     * Selects the clusters of one upgrade and resolves its target.
     *
     * @param upgrade the upgrade
     * @param fleet every cluster, in fleet order (ids unique)
     * @param catalog the releases its target resolves against
     */
    public static UpgradeSelection select(ClusterUpgrade upgrade, List<ManagedCluster> fleet, ReleaseCatalog catalog) {
        Objects.requireNonNull(upgrade, "upgrade");
        return selectAll(List.of(upgrade), fleet, catalog).get(0);
    }

    /**
     * {@link #select} for every upgrade, in one pass over the fleet: each cluster is tested against
     * every upgrade's matchers while its labels are at hand, rather than the fleet walked once per
     * upgrade (on a large fleet that walk, not the matching, is what costs).
     */
    static List<UpgradeSelection> selectAll(List<ClusterUpgrade> upgrades, List<ManagedCluster> fleet, ReleaseCatalog catalog) {
        int n = upgrades.size();
        ClusterSelector[] selectors = new ClusterSelector[n];
        List<List<ClusterSelector>> stageSelectors = new ArrayList<>(n);
        String[] invalid = new String[n];
        List<List<ManagedCluster>> selected = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            List<ClusterSelector> stages = new ArrayList<>();
            try {
                selectors[u] = ClusterSelector.of(upgrades.get(u).matchers());
                for (Stage s : upgrades.get(u).stages()) {
                    stages.add(ClusterSelector.of(s.matchers()));
                }
            } catch (IllegalArgumentException e) {
                selectors[u] = null;
                invalid[u] = e.getMessage();
            }
            stageSelectors.add(stages);
            selected.add(new ArrayList<>());
        }
        ClusterSelector.LabelReader reader =
                ClusterSelector.LabelReader.of(Arrays.stream(selectors).filter(Objects::nonNull).toList());
        ClusterSelector.Remembering[] passes = new ClusterSelector.Remembering[n];
        for (int u = 0; u < n; u++) {
            passes[u] = selectors[u] == null ? null : selectors[u].remembering(reader);
        }
        for (ManagedCluster c : fleet) {
            reader.read(c);
            for (int u = 0; u < n; u++) {
                if (passes[u] != null && passes[u].selectsRead()) {
                    selected.get(u).add(c);
                }
            }
        }
        List<UpgradeSelection> out = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            ClusterUpgrade upgrade = upgrades.get(u);
            ResolvedTarget target = Targets.resolve(upgrade.target(), catalog);
            if (invalid[u] != null) {
                out.add(new UpgradeSelection(upgrade, target, Optional.of(invalid[u]), List.of(), List.of(), List.of(),
                        List.of()));
            } else if (upgrade.stages().isEmpty()) {
                Stage all = Stage.of(IMPLICIT_STAGE, upgrade.matchers());
                out.add(new UpgradeSelection(upgrade, target, Optional.empty(), selected.get(u),
                        List.of(new StageSelection(all, true, selected.get(u))), List.of(), List.of()));
            } else {
                out.add(partition(upgrade, target, selected.get(u), stageSelectors.get(u)));
            }
        }
        return out;
    }

    private static UpgradeSelection partition(ClusterUpgrade upgrade, ResolvedTarget target,
            List<ManagedCluster> selected, List<ClusterSelector> stageSelectors) {
        List<Stage> stages = upgrade.stages();
        List<List<ManagedCluster>> members = new ArrayList<>();
        stages.forEach(s -> members.add(new ArrayList<>()));
        List<StageOverlap> overlaps = new ArrayList<>();
        List<ManagedCluster> unstaged = new ArrayList<>();
        ClusterSelector.LabelReader reader = ClusterSelector.LabelReader.of(stageSelectors);
        List<ClusterSelector.Remembering> passes = stageSelectors.stream().map(s -> s.remembering(reader)).toList();
        for (ManagedCluster c : selected) {
            reader.read(c);
            List<Integer> in = new ArrayList<>(1);
            for (int i = 0; i < stages.size(); i++) {
                if (passes.get(i).selectsRead()) {
                    in.add(i);
                }
            }
            if (in.size() == 1) {
                members.get(in.get(0)).add(c);
            } else if (in.isEmpty()) {
                unstaged.add(c);
            } else {
                overlaps.add(new StageOverlap(upgrade.name(), c, in.stream().map(i -> stages.get(i).name()).toList()));
            }
        }
        List<StageSelection> out = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            out.add(new StageSelection(stages.get(i), false, members.get(i)));
        }
        return new UpgradeSelection(upgrade, target, Optional.empty(), selected, out, overlaps, unstaged);
    }

    /** The upgrade. */
    public ClusterUpgrade upgrade() {
        return upgrade;
    }

    /** The upgrade's name. */
    public String name() {
        return upgrade.name();
    }

    /** The release its target resolves to, or why none. */
    public ResolvedTarget target() {
        return target;
    }

    /**
     * Why the upgrade's matchers could not be compiled (a regular expression that is invalid or too
     * large, possible only for upgrades built in code: documents are checked when read); the upgrade
     * then selects nothing.
     */
    public Optional<String> invalid() {
        return invalid;
    }

    /** Every cluster the upgrade's matchers select, in fleet order, staged or not. */
    public List<ManagedCluster> clusters() {
        return clusters;
    }

    /** The stages in order, each with its clusters. */
    public List<StageSelection> stages() {
        return stages;
    }

    /** Selected clusters that two or more stages select (input problems), in fleet order. */
    public List<StageOverlap> overlaps() {
        return overlaps;
    }

    /** Selected clusters that no stage selects, in fleet order. */
    public List<ManagedCluster> unstaged() {
        return unstaged;
    }

    /** The stage a cluster belongs to; empty when the upgrade does not select it, or it is in no stage or in two. */
    public Optional<StageSelection> stageOf(String clusterId) {
        return Optional.ofNullable(stageOf.get(clusterId));
    }

    @Override
    public String toString() {
        return upgrade.name() + " → " + target + ": " + stages;
    }
}
