package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problems;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a platform requires of a maintenance policy, as data: an {@code AvailabilityProfile}
 * document. Upshift bundles {@code gke} and {@code aks} (YAML text in {@code BundledProfiles}, easy
 * to update when a provider changes its limits); users write their own in the same format and read
 * them with {@link #KIND}.
 *
 * <pre>
 * kind: AvailabilityProfile
 * metadata: {name: gke}
 * spec:
 *   description: ...
 *   allowedTime: {atLeast: 48h, inAnyRolling: 32d, countingBlocksOf: 4h}
 *   windowLength: {min: 4h, max: 24h}
 * </pre>
 *
 * @param name the profile's name
 * @param description what it requires, in words
 * @param allowedTime a least amount of allowed time in any rolling period, if required
 * @param windowLength bounds on each window's length, if required
 */
@API(status = MAINTAINED, since = "0.1")
public record AvailabilityProfile(String name, String description, Optional<AllowedTime> allowedTime,
        Optional<WindowLength> windowLength) {

    /** The {@code AvailabilityProfile} document kind, reporting every problem with its position. */
    public static final DocumentKind<AvailabilityProfile> KIND = DocumentKind.of("AvailabilityProfile", ProfileReader::read);

    /**
     * At least {@code atLeast} of allowed time (for patch upgrades) in every period of
     * {@code inAnyRolling}, counting only unbroken blocks of at least {@code countingBlocksOf}
     * (a block cut by the period's edge counts for its part inside, if that part is long enough).
     */
    public record AllowedTime(Duration atLeast, Duration inAnyRolling, Duration countingBlocksOf) {
        /** Validates: positive durations, {@code atLeast <= inAnyRolling}, non-negative block length. */
        public AllowedTime {
            Objects.requireNonNull(atLeast, "atLeast");
            Objects.requireNonNull(inAnyRolling, "inAnyRolling");
            Objects.requireNonNull(countingBlocksOf, "countingBlocksOf");
            if (atLeast.isNegative() || atLeast.isZero() || inAnyRolling.compareTo(atLeast) < 0 || countingBlocksOf.isNegative()) {
                throw new IllegalArgumentException("atLeast must be positive and no longer than inAnyRolling");
            }
        }
    }

    /** Every window's defined length lies within {@code [min, max]}. */
    public record WindowLength(Duration min, Duration max) {
        /** Validates: {@code 0 <= min <= max}. */
        public WindowLength {
            Objects.requireNonNull(min, "min");
            Objects.requireNonNull(max, "max");
            if (min.isNegative() || max.compareTo(min) < 0) {
                throw new IllegalArgumentException("windowLength needs 0 <= min <= max");
            }
        }
    }

    /** Validates the parts: a name and at least one rule. */
    public AvailabilityProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(allowedTime, "allowedTime");
        Objects.requireNonNull(windowLength, "windowLength");
        if (allowedTime.isEmpty() && windowLength.isEmpty()) {
            throw new IllegalArgumentException("a profile needs allowedTime or windowLength");
        }
    }

    /** The profiles Upshift ships: {@code gke} and {@code aks}. */
    public static List<AvailabilityProfile> bundled() {
        return BundledProfiles.ALL;
    }

    /** A bundled profile by name. */
    public static Optional<AvailabilityProfile> bundled(String name) {
        return BundledProfiles.ALL.stream().filter(p -> p.name.equals(name)).findFirst();
    }

    /**
     * Checks a schedule against this profile over the two years from {@code from}; each shortfall
     * is an error located at the schedule (or window) concerned, naming the profile.
     */
    public void check(MaintenanceSchedule schedule, Instant from, Problems problems) {
        windowLength.ifPresent(w -> ProfileChecks.windowLengths(this, w, schedule, problems));
        allowedTime.ifPresent(a -> ProfileChecks.allowedTime(this, a, schedule, from, problems));
    }
}
