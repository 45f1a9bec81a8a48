package dev.upshift.core.present;

import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How the timeline groups clusters: by the upgrade that selects them, then by stage in the upgrade's
 * order; then the clusters that upgrades with different targets both claim, and last those no upgrade
 * selects.
 */
final class Report {
    private Report() {}

    /**
     * One stage's rows.
     *
     * @param header the stage's title row, absent for a group without stages
     * @param meta the stage's rules in words
     * @param clusters its clusters, by id
     */
    record StageRows(Optional<String> header, String meta, List<SimulatedCluster> clusters) {}

    /**
     * One upgrade's part of the timeline.
     *
     * @param title the upgrade's name, or a title for the clusters no upgrade selects
     * @param intent the upgrade, when the input has it
     * @param stages its stages, in order
     */
    record Group(String title, Optional<ClusterUpgrade> intent, List<StageRows> stages) {
        int size() {
            return stages.stream().mapToInt(s -> s.clusters().size()).sum();
        }
    }

    static List<Group> groups(Simulation sim) {
        TreeMap<String, List<SimulatedCluster>> byUpgrade = new TreeMap<>();
        List<SimulatedCluster> contested = new ArrayList<>();
        List<SimulatedCluster> none = new ArrayList<>();
        for (SimulatedCluster c : sim.clusters()) {
            if (c.upgrade().isPresent()) {
                byUpgrade.computeIfAbsent(c.upgrade().get(), k -> new ArrayList<>()).add(c);
            } else if (c.reasons().stream().anyMatch(r -> r.code().equals(ReasonCodes.CONFLICTING_UPGRADES))) {
                contested.add(c);
            } else {
                none.add(c);
            }
        }
        List<Group> out = new ArrayList<>();
        byUpgrade.forEach((name, clusters) -> {
            Optional<ClusterUpgrade> intent = sim.intent(name);
            out.add(new Group(name, intent, stages(clusters, intent)));
        });
        ungrouped(out, "Claimed by conflicting upgrades", contested);
        ungrouped(out, "Not selected by any upgrade", none);
        return out;
    }

    private static void ungrouped(List<Group> out, String title, List<SimulatedCluster> clusters) {
        if (!clusters.isEmpty()) {
            out.add(new Group(title, Optional.empty(), List.of(new StageRows(Optional.empty(), "", clusters))));
        }
    }

    private static List<StageRows> stages(List<SimulatedCluster> clusters, Optional<ClusterUpgrade> intent) {
        List<Stage> declared = intent.map(ClusterUpgrade::stages).orElse(List.of());
        Map<String, List<SimulatedCluster>> byStage = new LinkedHashMap<>();
        declared.forEach(s -> byStage.put(s.name(), new ArrayList<>()));
        TreeMap<String, List<SimulatedCluster>> others = new TreeMap<>();
        List<SimulatedCluster> unstaged = new ArrayList<>();
        for (SimulatedCluster c : clusters) {
            if (c.stage().isEmpty()) {
                unstaged.add(c);
            } else if (byStage.containsKey(c.stage().get())) {
                byStage.get(c.stage().get()).add(c);
            } else {
                others.computeIfAbsent(c.stage().get(), k -> new ArrayList<>()).add(c);
            }
        }
        byStage.putAll(others);
        // declared stages without clusters are shown (they tell of matchers that select nothing), unless
        // no cluster is in any stage: then the plan names no stages, and empty headers would be noise
        boolean anyStaged = byStage.values().stream().anyMatch(l -> !l.isEmpty());
        List<StageRows> out = new ArrayList<>();
        boolean titled = anyStaged && (!declared.isEmpty() || byStage.size() > 1 || !unstaged.isEmpty());
        byStage.forEach((name, list) -> {
            if (!list.isEmpty() || anyStaged) {
                list.sort(Comparator.comparing(SimulatedCluster::cluster));
                Optional<Stage> stage = declared.stream().filter(s -> s.name().equals(name)).findFirst();
                out.add(new StageRows(titled ? Optional.of("Stage " + name) : Optional.empty(), meta(list.size(), stage),
                        list));
            }
        });
        if (!unstaged.isEmpty()) {
            out.add(new StageRows(titled ? Optional.of("No stage") : Optional.empty(), meta(unstaged.size(),
                    Optional.empty()), unstaged));
        }
        return out;
    }

    private static String meta(int clusters, Optional<Stage> stage) {
        StringBuilder s = new StringBuilder(clusters + (clusters == 1 ? " cluster" : " clusters"));
        stage.ifPresent(st -> {
            if (!st.soak().isZero()) {
                s.append(" · soak ").append(Html.duration(st.soak()));
            }
            st.maxConcurrent().ifPresent(m -> s.append(" · at most ").append(m).append(" at once"));
            s.append(" · tolerates ").append(st.maxFailures()).append(st.maxFailures() == 1 ? " failure" : " failures");
        });
        return s.toString();
    }
}
