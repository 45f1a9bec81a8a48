package dev.upshift.operator;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.operator.resource.ClusterUpgradeStatus;
import dev.upshift.operator.resource.Condition;
import dev.upshift.operator.resource.StageStatus;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The status of one {@code ClusterUpgrade}, computed from the plan the engine last acted on and the
 * history (a pure function: the same inputs give the same status). Seed 001's fields: when it was
 * triggered (its first journaled start), its lifecycle {@code state} apart from its {@code outcome},
 * when it finished, from and to which release; then each stage's counts and four conditions.
 */
final class StatusView {
    static final String ACCEPTED = "Accepted";
    static final String IN_PROGRESS = "UpgradeInProgress";
    static final String SUCCEEDED = "UpgradeSucceeded";
    static final String FAILED = "UpgradeFailed";
    private static final int LISTED = 5;

    private StatusView() {}

    /**
     * The upgrade's status now.
     *
     * @param name the upgrade's name
     * @param generation the spec generation read
     * @param stageOrder the stage names in the order the spec lists them
     * @param previous the status written before, for the conditions' transition times; may be null
     * @param plan the plan of the last reconcile; empty when the fleet could not be read
     * @param history the whole history, oldest first
     * @param problems the problems of reading the upgrade's resource
     * @param now the reconcile's instant
     */
    static ClusterUpgradeStatus of(String name, long generation, List<String> stageOrder,
            ClusterUpgradeStatus previous, Optional<Plan> plan, List<HistoryEntry> history, List<Problem> problems,
            Instant now) {
        // a cluster that joined a stage's run late waits for the next target: not a member of this run
        List<PlanEntry> entries = plan.map(p -> p.entries().stream()
                .filter(e -> e.upgrade().filter(name::equals).isPresent())
                .filter(e -> e.reasons().stream().noneMatch(r -> r.code().equals(ReasonCodes.JOINED_LATE))).toList())
                .orElse(List.of());
        List<HistoryEntry> mine = history.stream().filter(h -> h.intent().filter(name::equals).isPresent()).toList();
        List<Problem> errors = problems.stream().filter(Problem::isError).toList();
        Map<UpgradeState, Integer> counts = count(entries);
        boolean started = !mine.isEmpty();
        boolean done = !entries.isEmpty() && entries.stream().allMatch(e -> finished(e.state()));
        String state = !errors.isEmpty() ? "invalid" : done ? "finished" : started ? "inProgress" : "pending";
        int failed = counts.get(UpgradeState.FAILED);
        String outcome = state.equals("finished") ? (failed > 0 ? "failure" : "success") : null;
        String finishedAt = null;
        if (outcome != null) {
            finishedAt = previous != null && "finished".equals(previous.state()) && previous.finishedAt() != null
                    ? previous.finishedAt()
                    : mine.stream().map(HistoryEntry::at).max(Instant::compareTo).orElse(now).toString();
        }
        Optional<String> triggeredAt = mine.stream().map(HistoryEntry::at).min(Instant::compareTo).map(Instant::toString);
        Optional<Version> from = mine.stream().filter(h -> h.hop().number() == 1).map(HistoryEntry::from)
                .min(Version::compareTo)
                .or(() -> entries.stream().filter(e -> e.to().isPresent()).map(PlanEntry::from).min(Version::compareTo));
        Optional<Version> to = entries.stream().flatMap(e -> e.to().stream()).max(Version::compareTo)
                .or(() -> mine.stream().map(h -> h.hop().target()).max(Version::compareTo));
        List<Condition> conditions = List.of(
                condition(previous, ACCEPTED, errors.isEmpty(), errors.isEmpty() ? "Read" : "Invalid",
                        errors.isEmpty() ? "read as a ClusterUpgrade document" : describe(errors), generation, now),
                condition(previous, IN_PROGRESS, state.equals("inProgress"), capitalised(state),
                        progress(entries.size(), counts), generation, now),
                condition(previous, SUCCEEDED, "success".equals(outcome), "success".equals(outcome)
                        ? "AllClustersUpgraded" : failed > 0 ? "ClustersFailed" : "NotFinished",
                        "success".equals(outcome) ? entries.size() + " clusters run " + to.map(Version::toString)
                                .orElse("their target") : progress(entries.size(), counts), generation, now),
                condition(previous, FAILED, failed > 0, failed > 0 ? "ClustersFailed" : "NoFailure",
                        failed > 0 ? failures(entries, mine) : "no cluster's upgrade failed", generation, now));
        return new ClusterUpgradeStatus(generation, triggeredAt.orElse(null), state, outcome, finishedAt,
                from.map(Version::toString).orElse(null), to.map(Version::toString).orElse(null), entries.size(),
                stages(entries, stageOrder), conditions);
    }

    private static boolean finished(UpgradeState s) {
        return s == UpgradeState.UP_TO_DATE || s == UpgradeState.SUCCEEDED || s == UpgradeState.FAILED;
    }

    private static Map<UpgradeState, Integer> count(List<PlanEntry> entries) {
        Map<UpgradeState, Integer> counts = new EnumMap<>(UpgradeState.class);
        for (UpgradeState s : UpgradeState.values()) {
            counts.put(s, 0);
        }
        entries.forEach(e -> counts.merge(e.state(), 1, Integer::sum));
        return counts;
    }

    private static List<StageStatus> stages(List<PlanEntry> entries, List<String> order) {
        Map<String, List<PlanEntry>> byStage = new LinkedHashMap<>();
        order.forEach(s -> byStage.put(s, new ArrayList<>()));
        entries.forEach(e -> byStage.computeIfAbsent(e.stage().orElse("all"), s -> new ArrayList<>()).add(e));
        List<StageStatus> out = new ArrayList<>();
        byStage.forEach((stage, members) -> {
            Map<UpgradeState, Integer> c = count(members);
            out.add(new StageStatus(stage, members.size(), c.get(UpgradeState.UP_TO_DATE), c.get(UpgradeState.READY),
                    c.get(UpgradeState.SCHEDULED), c.get(UpgradeState.WAITING), c.get(UpgradeState.BLOCKED),
                    c.get(UpgradeState.IN_PROGRESS), c.get(UpgradeState.SUCCEEDED), c.get(UpgradeState.FAILED)));
        });
        return out;
    }

    private static Condition condition(ClusterUpgradeStatus previous, String type, boolean on, String reason,
            String message, long generation, Instant now) {
        String status = on ? "True" : "False";
        String since = Optional.ofNullable(previous).map(ClusterUpgradeStatus::conditions).orElse(List.of()).stream()
                .filter(c -> type.equals(c.type()) && status.equals(c.status()))
                .map(Condition::lastTransitionTime).findFirst().orElse(now.toString());
        return new Condition(type, status, reason, message, since, generation);
    }

    private static String progress(int clusters, Map<UpgradeState, Integer> c) {
        if (clusters == 0) {
            return "no cluster is selected";
        }
        return c.get(UpgradeState.IN_PROGRESS) + " of " + clusters + " clusters upgrading, "
                + (c.get(UpgradeState.SUCCEEDED) + c.get(UpgradeState.UP_TO_DATE)) + " at the target, "
                + c.get(UpgradeState.FAILED) + " failed, " + c.get(UpgradeState.BLOCKED) + " blocked";
    }

    /** Each failed cluster with what its failed attempt recorded (the probe's or the publisher's words). */
    private static String failures(List<PlanEntry> entries, List<HistoryEntry> mine) {
        Map<String, String> why = new LinkedHashMap<>();
        mine.stream().filter(h -> h.step() == HistoryEntry.Step.FAILED && !h.message().isEmpty())
                .forEach(h -> why.put(h.clusterId(), h.message()));
        List<PlanEntry> failed = entries.stream().filter(e -> e.state() == UpgradeState.FAILED).toList();
        String listed = failed.stream().limit(LISTED)
                .map(e -> e.cluster() + Optional.ofNullable(why.get(e.cluster()))
                        .or(() -> e.reasons().stream().findFirst().map(r -> r.message()))
                        .map(m -> ": " + m).orElse(""))
                .collect(Collectors.joining("; "));
        return failed.size() > LISTED ? listed + "; and " + (failed.size() - LISTED) + " more" : listed;
    }

    private static String describe(List<Problem> errors) {
        String listed = errors.stream().limit(LISTED).map(Problem::toString).collect(Collectors.joining("; "));
        return errors.size() > LISTED ? listed + "; and " + (errors.size() - LISTED) + " more" : listed;
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
