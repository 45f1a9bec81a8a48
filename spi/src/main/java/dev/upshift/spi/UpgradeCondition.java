package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A status condition of an upgrade, shaped like a Kubernetes condition so that an operator can copy
 * it into a custom resource's status as it is (seed 002: in progress, succeeded, failed, with
 * failures clearly marked).
 *
 * @param type which condition
 * @param reason a machine-readable cause in Kubernetes' condition-reason form: a letter, then
 *     letters, digits, {@code _}, {@code ,} or {@code :}, not ending in {@code ,} or {@code :}
 *     ({@code MachinesUpgrading}, {@code DrainTimeout}); at most 1,024 characters
 * @param message what a person should know, which machine or hop failed and why; may be empty,
 *     at most 32,768 characters
 * @param lastTransitionTime when the condition last changed
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UpgradeCondition(Type type, String reason, String message, Instant lastTransitionTime) {
    private static final Pattern REASON = Pattern.compile("[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?");

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the reason is not in Kubernetes' form, or the reason or
     *     message is longer than Kubernetes accepts
     */
    public UpgradeCondition {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(lastTransitionTime, "lastTransitionTime");
        if (reason.length() > 1024 || !REASON.matcher(reason).matches()) {
            throw new IllegalArgumentException("a condition reason is a word such as MachinesUpgrading"
                    + " (a letter, then letters, digits, '_', ',' or ':'; at most 1024 characters), not '"
                    + reason + "'");
        }
        if (message.length() > 32768) {
            throw new IllegalArgumentException("a condition message has at most 32768 characters");
        }
    }

    /** The three conditions of an upgrade (seed 002). */
    public enum Type {
        /** The upgrade has started and not finished. */
        UPGRADE_IN_PROGRESS("UpgradeInProgress"),
        /** The upgrade finished and the cluster runs the target. */
        UPGRADE_SUCCEEDED("UpgradeSucceeded"),
        /** The upgrade finished without reaching the target; the message says where and why. */
        UPGRADE_FAILED("UpgradeFailed");

        private final String word;

        Type(String word) {
            this.word = word;
        }

        /** The condition type as Kubernetes statuses write it ({@code UpgradeInProgress}, ...). */
        public String word() {
            return word;
        }

        @Override
        public String toString() {
            return word;
        }
    }
}
