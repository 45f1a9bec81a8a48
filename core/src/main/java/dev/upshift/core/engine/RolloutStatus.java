package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.JournalIndex;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Version;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeCondition;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where a rollout stands, read from a plan and the history it was made with: per cluster, its
 * latest upgrade attempt as a status condition ({@code UpgradeInProgress}, {@code UpgradeSucceeded}
 * or {@code UpgradeFailed}, with reason, message and transition time: seed 002), and per stage of
 * each intent, its counts and its outcome, in which a stage that finished with failures its budget
 * tolerates is {@linkplain StageOutcome#COMPLETED_WITHIN_BUDGET completed within budget}, never
 * {@linkplain StageOutcome#SUCCEEDED succeeded}. What an operator writes back on its custom
 * resources and {@code upshift status} prints.
 *
 * <p><b>Contract.</b> A pure function of its arguments.
 *
 * @param at the plan's instant
 * @param clusters one per cluster with an attempt in the history, sorted by cluster id
 * @param stages one per stage of each intent, intents by name, stages in their order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RolloutStatus(Instant at, List<ClusterStatus> clusters, List<StageStatus> stages) {

    /** Validates and copies the parts. */
    public RolloutStatus {
        Objects.requireNonNull(at, "at");
        clusters = List.copyOf(clusters);
        stages = List.copyOf(stages);
    }

    /**
     * The status of a rollout.
     *
     * @param plan a plan
     * @param history the history the plan was made with, oldest first
     * @param intents the fleet's upgrade intents
     * @return the status
     */
    public static RolloutStatus of(Plan plan, List<HistoryEntry> history, List<ClusterUpgrade> intents) {
        Objects.requireNonNull(plan, "plan");
        JournalIndex attempts = JournalIndex.of(history);
        List<ClusterStatus> clusters = new ArrayList<>();
        for (PlanEntry e : plan.entries()) {
            attempts.latestStarted(e.cluster()).map(a -> ClusterStatus.of(a, e)).ifPresent(clusters::add);
        }
        Map<String, ClusterUpgrade> byName = new LinkedHashMap<>();
        intents.stream().sorted(java.util.Comparator.comparing(ClusterUpgrade::name))
                .forEach(u -> byName.putIfAbsent(u.name(), u));
        List<StageStatus> stages = new ArrayList<>();
        for (ClusterUpgrade u : byName.values()) {
            for (Stage s : u.stages()) {
                stages.add(StageStatus.of(u.name(), s, plan.entries()));
            }
        }
        return new RolloutStatus(plan.now(), clusters, stages);
    }

    /** A cluster's status, by id. */
    public Optional<ClusterStatus> cluster(String id) {
        return clusters.stream().filter(c -> c.cluster().equals(id)).findFirst();
    }

    /** A stage's status, by intent and stage name. */
    public Optional<StageStatus> stage(String intent, String stage) {
        return stages.stream().filter(s -> s.intent().equals(intent) && s.stage().equals(stage)).findFirst();
    }

    /**
     * A cluster's latest upgrade attempt, as a status.
     *
     * @param cluster the cluster's id
     * @param upgradeId the attempt's idempotency key
     * @param intent the intent that asked for it, if one did
     * @param stage the cluster's stage in that intent, as the plan names it
     * @param from the hop's release before
     * @param to the hop's release after
     * @param hop which hop of the path, towards which target
     * @param attempt which attempt of the hop, from 1
     * @param condition the condition that holds now: in progress (also while after-hooks are owed),
     *     succeeded, or failed with the cause
     * @param triggeredAt when the attempt started
     * @param finishedAt when it finished (its outcome and owed after-hooks recorded), if it did
     */
    public record ClusterStatus(String cluster, String upgradeId, Optional<String> intent, Optional<String> stage,
            Version from, Version to, Hop hop, int attempt, UpgradeCondition condition, Instant triggeredAt,
            Optional<Instant> finishedAt) {

        /** Validates the parts. */
        public ClusterStatus {
            Objects.requireNonNull(cluster, "cluster");
            Objects.requireNonNull(upgradeId, "upgradeId");
            Objects.requireNonNull(intent, "intent");
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(hop, "hop");
            Objects.requireNonNull(condition, "condition");
            Objects.requireNonNull(triggeredAt, "triggeredAt");
            Objects.requireNonNull(finishedAt, "finishedAt");
        }

        static ClusterStatus of(Attempt a, PlanEntry e) {
            HistoryEntry first = a.defining();
            return new ClusterStatus(first.clusterId(), a.upgradeId(), first.intent(), e.stage(), first.from(),
                    first.to(), first.hop(), first.attempt(), condition(a), a.startedAt(),
                    a.finished().map(HistoryEntry::at));
        }

        private static UpgradeCondition condition(Attempt a) {
            HistoryEntry o = a.outcome().orElse(null);
            if (o != null && o.state() == UpgradeState.FAILED) {
                String reason = o.reasons().isEmpty() ? "UpgradeFailed" : o.reasons().get(0).code();
                return new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, reason, o.message(), o.at());
            }
            if (o != null && a.finished().isPresent()) {
                return new UpgradeCondition(UpgradeCondition.Type.UPGRADE_SUCCEEDED, "Upgraded", o.message(),
                        a.finished().get().at());
            }
            if (o != null) {
                return new UpgradeCondition(UpgradeCondition.Type.UPGRADE_IN_PROGRESS, "AfterHooksPending",
                        "succeeded; waiting for after-hooks " + String.join(", ", o.owedHooks()), o.at());
            }
            String reason = a.published().isEmpty() ? "Publishing" : "Upgrading";
            return new UpgradeCondition(UpgradeCondition.Type.UPGRADE_IN_PROGRESS, reason, a.last().message(),
                    a.startedAt());
        }
    }

    /** How a stage stands. */
    public enum StageOutcome {
        /** None of its clusters has started or finished. */
        PENDING,
        /** Some started; not all have finished. */
        IN_PROGRESS,
        /** Every cluster reached the target (or was there already). */
        SUCCEEDED,
        /** Every cluster finished, and some failed, no more than the stage tolerates: not a success. */
        COMPLETED_WITHIN_BUDGET,
        /** More clusters failed than the stage tolerates: it and every later stage stop. */
        HALTED;

        /** {@code completedWithinBudget}, as documents and JSON write it. */
        public String word() {
            String[] parts = name().toLowerCase(java.util.Locale.ROOT).split("_");
            StringBuilder b = new StringBuilder(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
            }
            return b.toString();
        }
    }

    /**
     * A stage of an intent.
     *
     * @param intent the intent's name
     * @param stage the stage's name
     * @param clusters how many clusters the plan puts in it, not counting those that joined its
     *     run after it started ({@code JOINED_LATE}), which wait for the next
     * @param done how many reached the target (succeeded, or up to date already)
     * @param inProgress how many are upgrading
     * @param failed how many failed
     * @param waiting how many have not started: ready, scheduled, waiting or blocked
     * @param maxFailures how many failures it tolerates
     * @param outcome where it stands
     */
    public record StageStatus(String intent, String stage, int clusters, int done, int inProgress, int failed,
            int waiting, int maxFailures, StageOutcome outcome) {

        /** Validates the parts. */
        public StageStatus {
            Objects.requireNonNull(intent, "intent");
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(outcome, "outcome");
        }

        static StageStatus of(String intent, Stage s, List<PlanEntry> entries) {
            int members = 0;
            int done = 0;
            int inProgress = 0;
            int failed = 0;
            for (PlanEntry e : entries) {
                if (!e.upgrade().filter(intent::equals).isPresent() || !e.stage().filter(s.name()::equals).isPresent()
                        || e.reasons().stream().anyMatch(r -> r.code().equals(ReasonCodes.JOINED_LATE))) {
                    continue;
                }
                members++;
                switch (e.state()) {
                    case SUCCEEDED, UP_TO_DATE -> done++;
                    case IN_PROGRESS -> inProgress++;
                    case FAILED -> failed++;
                    default -> { }
                }
            }
            int waiting = members - done - inProgress - failed;
            StageOutcome outcome;
            if (failed > s.maxFailures()) {
                outcome = StageOutcome.HALTED;
            } else if (members > 0 && waiting == 0 && inProgress == 0) {
                outcome = failed == 0 ? StageOutcome.SUCCEEDED : StageOutcome.COMPLETED_WITHIN_BUDGET;
            } else if (inProgress > 0 || failed > 0 || done > 0 && done < members) {
                outcome = StageOutcome.IN_PROGRESS;
            } else {
                outcome = StageOutcome.PENDING;
            }
            return new StageStatus(intent, s.name(), members, done, inProgress, failed, waiting, s.maxFailures(),
                    outcome);
        }
    }
}
