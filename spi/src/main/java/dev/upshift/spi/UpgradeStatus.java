package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@link StatusProbe} observed of an upgrade: in progress (with how far it got), succeeded,
 * or failed. Each status holds the one {@link UpgradeCondition} that is true; the other two are
 * false.
 *
 * <pre>{@code
 * UpgradeStatus.inProgress("MachinesUpgrading", "2 of 3 control-plane machines upgraded", since,
 *         new UpgradeStatus.Progress(3, 2, false));
 * UpgradeStatus.failed("DrainTimeout", "hop 19.3.1 → 20.1.0: node cp-2 did not drain in 15m", now);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface UpgradeStatus permits UpgradeStatus.InProgress, UpgradeStatus.Succeeded, UpgradeStatus.Failed {

    /** The condition this status makes true. */
    UpgradeCondition condition();

    /** The upgrade is under way; the progress is absent when the probe cannot count machines. */
    static InProgress inProgress(String reason, String message, Instant since) {
        return new InProgress(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_IN_PROGRESS, reason, message, since),
                Optional.empty());
    }

    /** The upgrade is under way, this far. */
    static InProgress inProgress(String reason, String message, Instant since, Progress progress) {
        return new InProgress(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_IN_PROGRESS, reason, message, since),
                Optional.of(progress));
    }

    /** The upgrade finished and the cluster runs the target. */
    static Succeeded succeeded(String reason, String message, Instant at) {
        return new Succeeded(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_SUCCEEDED, reason, message, at));
    }

    /** The upgrade failed; the message says which hop or machine and why. */
    static Failed failed(String reason, String message, Instant at) {
        return new Failed(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, reason, message, at));
    }

    /**
     * The upgrade is under way.
     *
     * @param condition an {@code UpgradeInProgress} condition
     * @param progress how far the machines got, when the probe can tell
     */
    record InProgress(UpgradeCondition condition, Optional<Progress> progress) implements UpgradeStatus {
        /** Validates the parts. */
        public InProgress {
            Objects.requireNonNull(condition, "condition");
            Objects.requireNonNull(progress, "progress");
            if (condition.type() != UpgradeCondition.Type.UPGRADE_IN_PROGRESS) {
                throw new IllegalArgumentException("an upgrade in progress has an UpgradeInProgress condition, not "
                        + condition.type());
            }
        }
    }

    /**
     * The upgrade succeeded.
     *
     * @param condition an {@code UpgradeSucceeded} condition
     */
    record Succeeded(UpgradeCondition condition) implements UpgradeStatus {
        /** Validates the condition. */
        public Succeeded {
            Objects.requireNonNull(condition, "condition");
            if (condition.type() != UpgradeCondition.Type.UPGRADE_SUCCEEDED) {
                throw new IllegalArgumentException("a succeeded upgrade has an UpgradeSucceeded condition, not "
                        + condition.type());
            }
        }
    }

    /**
     * The upgrade failed.
     *
     * @param condition an {@code UpgradeFailed} condition, its message naming the hop or machine
     */
    record Failed(UpgradeCondition condition) implements UpgradeStatus {
        /** Validates the condition. */
        public Failed {
            Objects.requireNonNull(condition, "condition");
            if (condition.type() != UpgradeCondition.Type.UPGRADE_FAILED) {
                throw new IllegalArgumentException("a failed upgrade has an UpgradeFailed condition, not "
                        + condition.type());
            }
        }
    }

    /**
     * How far the machines of an upgrade got (seed 004): control-plane machines one at a time, then
     * each machine deployment's workers.
     *
     * @param required how many machines need the upgrade, at least 0
     * @param upgraded how many of them are done, from 0 to {@code required}
     * @param ready whether the upgraded machines are ready (joined, healthy, uncordoned)
     */
    record Progress(int required, int upgraded, boolean ready) {
        /**
         * Validates the counts.
         *
         * @throws IllegalArgumentException unless {@code 0 <= upgraded <= required}
         */
        public Progress {
            if (required < 0 || upgraded < 0 || upgraded > required) {
                throw new IllegalArgumentException("progress counts need 0 <= upgraded <= required, not "
                        + upgraded + " of " + required);
            }
        }

        /** {@code 2/3 upgraded, ready} */
        @Override
        public String toString() {
            return upgraded + "/" + required + " upgraded" + (ready ? ", ready" : "");
        }
    }
}
