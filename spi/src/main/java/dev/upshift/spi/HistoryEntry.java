package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One state change of one upgrade, as the {@link HistoryStore} journals it (seed 001's result
 * history: what was upgraded, from what to what, when, and how it ended).
 *
 * <p>An upgrade along a path of several releases is carried out one hop at a time; each hop, and
 * each new attempt of a hop, is an upgrade of its own with its own {@link Upgrade#id() id} (the
 * idempotency key the publisher sees). {@code from} and {@code to} are the hop's releases;
 * {@link #hop()} says which hop of how many, and towards which target. The engine writes the
 * {@link Step steps} of an attempt in this order: {@code starting} (written ahead of the
 * publication, with the after-hooks the attempt will owe), {@code published}, then
 * {@code succeeded} or {@code failed} (with the after-hooks still owed), then {@code finished}
 * once every owed after-hook proceeded, when some were owed. A hop published in two parts
 * ({@link UpgradePart}) writes {@code workersStarting} and {@code workersPublished} between its
 * {@code published} (the control plane's part) and its outcome. {@code held}, {@code declined} and
 * {@code skipped} record why an attempt did not start; {@code enrolled} records a cluster's membership of
 * a stage's run, fixed when the stage starts.
 *
 * @param at when the state changed
 * @param clusterId the cluster's id
 * @param upgradeId the upgrade's stable {@link Upgrade#id() id}: the idempotency key of this
 *     (cluster, hop, attempt)
 * @param from the release before the hop
 * @param to the release after it; never older than {@code from}
 * @param intent the {@link ClusterUpgrade} that asked for it, if any
 * @param state the state the upgrade entered
 * @param message what happened, for a person ({@code "published as commit 3f2a1c9"}); may be empty
 * @param reasons why, when the state is one a reason explains (blocked, waiting, failed)
 * @param step what the engine recorded
 * @param hop which hop of the path this is, and the path's target
 * @param attempt which attempt of this hop, from 1
 * @param owedHooks the names of the after-hooks this attempt still owes: on a {@code starting} entry
 *     every registered after-hook, on an outcome entry those that have not yet proceeded; empty
 *     otherwise
 * @param epoch the writer's epoch (fencing): a store refuses an entry whose epoch is older than one
 *     it has already accepted; 0 for writers that do not fence
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryEntry(Instant at, String clusterId, String upgradeId, Version from, Version to,
        Optional<String> intent, UpgradeState state, String message, List<Reason> reasons, Step step, Hop hop,
        int attempt, List<String> owedHooks, long epoch) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when an id is blank, {@code to} is older than {@code from},
     *     the attempt is below 1, the epoch is negative, a hook name is blank, or the step does not
     *     go with the state
     */
    public HistoryEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(upgradeId, "upgradeId");
        if (clusterId.isBlank() || upgradeId.isBlank()) {
            throw new IllegalArgumentException("a history entry names its cluster and upgrade");
        }
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isOlderThan(from)) {
            throw new IllegalArgumentException("upgrade " + upgradeId + " cannot go down from " + from + " to " + to);
        }
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(message, "message");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(hop, "hop");
        if (attempt < 1) {
            throw new IllegalArgumentException("upgrade " + upgradeId + ": attempts count from 1, not " + attempt);
        }
        owedHooks = List.copyOf(owedHooks);
        if (owedHooks.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("upgrade " + upgradeId + ": an owed hook needs a name");
        }
        if (epoch < 0) {
            throw new IllegalArgumentException("upgrade " + upgradeId + ": an epoch is never negative, not " + epoch);
        }
        if (!fits(step, state)) {
            throw new IllegalArgumentException("upgrade " + upgradeId + ": a " + step + " entry cannot record state "
                    + state);
        }
    }

    /**
     * An entry of a one-hop upgrade's first attempt, as writers that know no steps make it: the
     * step follows from the state ({@code published} for {@code inProgress}, the outcome for
     * {@code succeeded} and {@code failed}, {@code noted} otherwise), nothing is owed, epoch 0.
     */
    public HistoryEntry(Instant at, String clusterId, String upgradeId, Version from, Version to,
            Optional<String> intent, UpgradeState state, String message, List<Reason> reasons) {
        this(at, clusterId, upgradeId, from, to, intent, state, message, reasons, stepOf(state), Hop.only(to), 1,
                List.of(), 0);
    }

    private static boolean fits(Step step, UpgradeState state) {
        if (step == Step.FINISHED) {
            return state == UpgradeState.SUCCEEDED || state == UpgradeState.FAILED;
        }
        return step.state == null || step.state == state;
    }

    private static Step stepOf(UpgradeState state) {
        if (state == UpgradeState.IN_PROGRESS) {
            return Step.PUBLISHED;
        }
        if (state == UpgradeState.SUCCEEDED) {
            return Step.SUCCEEDED;
        }
        return state == UpgradeState.FAILED ? Step.FAILED : Step.NOTED;
    }

    /** An entry for an upgrade entering a state. */
    public static HistoryEntry of(Instant at, Upgrade upgrade, UpgradeState state, String message,
            List<Reason> reasons) {
        return new HistoryEntry(at, upgrade.cluster().id(), upgrade.id(), upgrade.from(), upgrade.to(),
                upgrade.intent(), state, message, reasons);
    }

    /** An entry for an upgrade entering a state, with no reasons. */
    public static HistoryEntry of(Instant at, Upgrade upgrade, UpgradeState state, String message) {
        return of(at, upgrade, state, message, List.of());
    }

    /** The same entry written by a writer of this epoch. */
    public HistoryEntry withEpoch(long writerEpoch) {
        return new HistoryEntry(at, clusterId, upgradeId, from, to, intent, state, message, reasons, step, hop,
                attempt, owedHooks, writerEpoch);
    }

    /** {@code 2026-03-10T07:00:00Z prod-eu-1 19.3.1 → 20.1.0 inProgress} */
    @Override
    public String toString() {
        return at + " " + clusterId + " " + from + " → " + to + " " + state
                + (step == stepOf(state) ? "" : " (" + step + ")");
    }

    /**
     * Which hop of a path an entry is about.
     *
     * @param number the hop's place in the path, from 1
     * @param count how many hops the path had when this hop started; at least {@code number}
     * @param target the release the path ends at
     */
    public record Hop(int number, int count, Version target) {
        /**
         * Validates the parts.
         *
         * @throws IllegalArgumentException unless {@code 1 <= number <= count}
         */
        public Hop {
            if (number < 1 || count < number) {
                throw new IllegalArgumentException("a hop is numbered 1 to its path's length, not " + number + " of "
                        + count);
            }
            Objects.requireNonNull(target, "target");
        }

        /** The one hop of a one-hop path to {@code target}. */
        public static Hop only(Version target) {
            return new Hop(1, 1, target);
        }

        /** {@code hop 1 of 2}. */
        @Override
        public String toString() {
            return "hop " + number + " of " + count;
        }
    }

    /** What the engine recorded about an attempt. */
    public enum Step {
        /** A before-hook held the attempt back; the reasons carry until when. State {@code waiting}. */
        HELD("held", UpgradeState.WAITING),
        /** Every strategy declined and the intent allows no fallback. State {@code blocked}. */
        DECLINED("declined", UpgradeState.BLOCKED),
        /**
         * Written before the publication (write-ahead): the attempt starts, and owes the listed
         * after-hooks. State {@code inProgress}.
         */
        STARTING("starting", UpgradeState.IN_PROGRESS),
        /** The publisher carried the change out; the message holds its reference. State {@code inProgress}. */
        PUBLISHED("published", UpgradeState.IN_PROGRESS),
        /**
         * A hop published in two parts ({@link UpgradePart}): its control plane is done and every part
         * hook proceeded; written before the workers' part is published (write-ahead). The
         * {@code starting} and {@code published} entries before it are the control plane's part. State
         * {@code inProgress}.
         */
        WORKERS_STARTING("workersStarting", UpgradeState.IN_PROGRESS),
        /** The publisher carried the workers' part out; the message holds its reference. State {@code inProgress}. */
        WORKERS_PUBLISHED("workersPublished", UpgradeState.IN_PROGRESS),
        /** The attempt succeeded; after-hooks may still be owed. State {@code succeeded}. */
        SUCCEEDED("succeeded", UpgradeState.SUCCEEDED),
        /** The attempt failed (probe, timeout, rejection, abort); after-hooks may still be owed. State {@code failed}. */
        FAILED("failed", UpgradeState.FAILED),
        /** Every owed after-hook proceeded: the attempt counts as finished for its stage. State of its outcome. */
        FINISHED("finished", null),
        /**
         * The cluster is a member of its stage's run, written for every member still to upgrade when
         * the stage starts (its first attempt is journaled): a cluster that joins the stage later waits
         * for the upgrade's next run. {@code upgradeId} is {@code <cluster>:<upgrade>@<target>/<stage>},
         * {@code to} the run's target; the state is the cluster's planned one. Any state.
         */
        ENROLLED("enrolled", null),
        /**
         * An attempt ends unfollowed: its cluster left the fleet while it was under way; or a member
         * enrolled in a stage's run left that stage before its attempt started ({@code upgradeId} is
         * then the enrollment's). Recorded as skipped, not failed. Any state.
         */
        SKIPPED("skipped", null),
        /** A state the writer recorded without an engine step (planners, simulators, other tools). */
        NOTED("noted", null),
        /**
         * A person's {@link Act act} (approve, pause, resume, cancel, retry, skip), as core's
         * {@code ActEntries} writes it: {@code upgradeId} says what it is about, its one reason who
         * acted. Any state.
         */
        ACTED("acted", null);

        private final String word;
        private final UpgradeState state;

        Step(String word, UpgradeState state) {
            this.word = word;
            this.state = state;
        }

        /** The word journals and JSON write ({@code starting}, {@code published}, ...). */
        public String word() {
            return word;
        }

        /** The words, in declaration order, for readers. */
        public static Map<String, Step> words() {
            Map<String, Step> out = new LinkedHashMap<>();
            for (Step s : values()) {
                out.put(s.word, s);
            }
            return out;
        }

        @Override
        public String toString() {
            return word;
        }
    }
}
