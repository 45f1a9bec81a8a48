package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * An ordered group of clusters inside a {@link ClusterUpgrade} ({@code spec.stages[]}): a stage
 * starts only when the one before it has fully succeeded and soaked.
 *
 * <pre>{@code
 * Stage dev = Stage.of("dev", ClusterMatcher.label("stage", "dev"))
 *         .withSoak(Duration.ofHours(24))
 *         .withMaxConcurrent(MaxConcurrent.clusters(5));
 * }</pre>
 *
 * @param name the stage's name, unique in its upgrade
 * @param matchers which of the upgrade's clusters belong to the stage: those any matcher selects
 * @param soak how long to wait after the stage's last success before the next stage starts;
 *     {@link Duration#ZERO} by default
 * @param maxConcurrent how many of the stage's clusters may upgrade at once; absent: no limit
 *     beyond what windows allow
 * @param maxFailures how many failed upgrades the stage tolerates; one more halts it. 0 by default:
 *     the first failure halts the stage
 * @param approvals the approval gates of the stage ({@code spec.stages[].approval}): {@link ApprovalGate#BEFORE}
 *     holds the stage's first start of a run until a person approves it, {@link ApprovalGate#AFTER} holds
 *     the next stage, after this one's soak, until a person approves it; empty by default
 * @param startTime the stage's scheduled start ({@code spec.stages[].startTime}): none of its clusters
 *     starts before it, whatever the stages before say; absent by default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Stage(String name, List<ClusterMatcher> matchers, Duration soak, Optional<MaxConcurrent> maxConcurrent,
        int maxFailures, Set<ApprovalGate> approvals, Optional<Instant> startTime) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when the name is blank, there is no matcher, the soak is
     *     negative or {@code maxFailures} is negative
     */
    public Stage {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a stage needs a name");
        }
        matchers = List.copyOf(matchers);
        if (matchers.isEmpty()) {
            throw new IllegalArgumentException("stage " + name + " needs at least one matcher");
        }
        Objects.requireNonNull(soak, "soak");
        if (soak.isNegative()) {
            throw new IllegalArgumentException("stage " + name + ": soak must not be negative");
        }
        Objects.requireNonNull(maxConcurrent, "maxConcurrent");
        if (maxFailures < 0) {
            throw new IllegalArgumentException("stage " + name + ": maxFailures must not be negative");
        }
        approvals = approvals.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(approvals));
        Objects.requireNonNull(startTime, "startTime");
    }

    /** A stage with no approval gate and no scheduled start. */
    public Stage(String name, List<ClusterMatcher> matchers, Duration soak, Optional<MaxConcurrent> maxConcurrent,
            int maxFailures) {
        this(name, matchers, soak, maxConcurrent, maxFailures, Set.of(), Optional.empty());
    }

    /**
     * A stage of the clusters any of the matchers selects, with no soak, no concurrency limit and no
     * tolerated failure.
     */
    public static Stage of(String name, List<ClusterMatcher> matchers) {
        return new Stage(name, matchers, Duration.ZERO, Optional.empty(), 0);
    }

    /** {@link #of(String, List)} with the matchers given one by one. */
    public static Stage of(String name, ClusterMatcher... matchers) {
        return of(name, List.of(matchers));
    }

    /** The same stage with another soak time. */
    public Stage withSoak(Duration time) {
        return new Stage(name, matchers, time, maxConcurrent, maxFailures, approvals, startTime);
    }

    /** The same stage with a concurrency limit. */
    public Stage withMaxConcurrent(MaxConcurrent limit) {
        return new Stage(name, matchers, soak, Optional.of(limit), maxFailures, approvals, startTime);
    }

    /** The same stage with another failure budget. */
    public Stage withMaxFailures(int failures) {
        return new Stage(name, matchers, soak, maxConcurrent, failures, approvals, startTime);
    }

    /** The same stage with these approval gates (none: no gate). */
    public Stage withApprovals(Set<ApprovalGate> gates) {
        return new Stage(name, matchers, soak, maxConcurrent, maxFailures, gates, startTime);
    }

    /** The same stage with these approval gates. */
    public Stage withApprovals(ApprovalGate... gates) {
        return withApprovals(Set.of(gates));
    }

    /** The same stage with a scheduled start: none of its clusters starts before {@code notBefore}. */
    public Stage withStartTime(Instant notBefore) {
        return new Stage(name, matchers, soak, maxConcurrent, maxFailures, approvals,
                Optional.of(Objects.requireNonNull(notBefore, "startTime")));
    }

    @Override
    public String toString() {
        return name;
    }
}
