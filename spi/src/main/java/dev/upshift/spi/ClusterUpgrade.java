package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.SourceLocation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * An upgrade intent: the content of a {@code ClusterUpgrade} document (seed 001, DESIGN.md section
 * 4), as an {@link UpgradeSource} returns it. It says which clusters, to which release, not before
 * when, how windows are used and in which stages.
 *
 * <pre>{@code
 * ClusterUpgrade upgrade = ClusterUpgrade.builder("fleet-to-20.1")
 *         .matcher(ClusterMatcher.labelRegex("stage", "dev|prod"))
 *         .release("20.1.0")
 *         .startTime(Instant.parse("2026-03-10T07:00:00Z"))
 *         .expectedDuration(Duration.ofHours(2))
 *         .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev")).withSoak(Duration.ofHours(24)))
 *         .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod")).withMaxConcurrent(MaxConcurrent.clusters(2)))
 *         .build();
 * }</pre>
 *
 * <p>Instances are immutable. Checks that need the rest of the fleet (a release or channel that
 * does not exist, a cluster in two stages, matchers that select nothing) are core's.
 *
 * @param name {@code metadata.name}, unique among upgrades
 * @param matchers {@code spec.matchers}: a cluster is selected when any matcher selects it; at
 *     least one
 * @param target {@code spec.release}, or {@code spec.target} (a channel and a constraint)
 * @param startTime {@code spec.startTime}: no cluster starts before it; absent: no such limit
 * @param expectedDuration {@code spec.expectedDuration}: how long one cluster's upgrade is expected
 *     to take, what the window must have left; positive, {@link #DEFAULT_EXPECTED_DURATION} when the
 *     document says nothing
 * @param windowPolicy {@code spec.windowPolicy}; {@link WindowPolicy#START_WITHIN} by default
 * @param strategy {@code spec.strategy}; {@link StrategyPreference#ROLLING} by default
 * @param stages {@code spec.stages}, in order, names unique; empty: one stage of every selected
 *     cluster
 * @param fallback {@code spec.fallback}: what happens when every {@link UpgradeStrategy} declines an
 *     in-place or external upgrade; {@link Fallback#ROLLING} by default
 * @param timeout {@code spec.timeout}: how long one hop may stay in progress before the engine fails
 *     it; absent: three times {@code expectedDuration} (documented in docs/engine.md)
 * @param drift {@code spec.drift}: what the planner does when a cluster the upgrade selects is at its
 *     release but has drifted from it; {@link DriftPolicy#REPORT} by default
 * @param location where the document was read from; {@code upgrade <name>} for upgrades built in
 *     code
 * @param paused {@code spec.paused}: while true no cluster starts a new hop of this upgrade, and the
 *     hops in flight finish (as a Deployment's {@code spec.paused}); false by default
 * @param approvals {@code spec.approvals}: stage gates granted in the document (a GitOps change,
 *     {@code kubectl}); empty by default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ClusterUpgrade(String name, List<ClusterMatcher> matchers, UpgradeTarget target,
        Optional<Instant> startTime, Duration expectedDuration, WindowPolicy windowPolicy, StrategyPreference strategy,
        List<Stage> stages, Fallback fallback, Optional<Duration> timeout, DriftPolicy drift, SourceLocation location,
        boolean paused, List<Approval> approvals) {

    /** What {@code expectedDuration} is when a document leaves it out. */
    public static final Duration DEFAULT_EXPECTED_DURATION = Duration.ofHours(1);

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when the name is blank, there is no matcher, the expected
     *     duration is not positive or two stages share a name
     */
    public ClusterUpgrade {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an upgrade needs a non-empty name (metadata.name)");
        }
        matchers = List.copyOf(matchers);
        if (matchers.isEmpty()) {
            throw new IllegalArgumentException("upgrade " + name + " needs at least one matcher (spec.matchers)");
        }
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(expectedDuration, "expectedDuration");
        if (expectedDuration.isZero() || expectedDuration.isNegative()) {
            throw new IllegalArgumentException("upgrade " + name + ": spec.expectedDuration must be positive");
        }
        Objects.requireNonNull(windowPolicy, "windowPolicy");
        Objects.requireNonNull(strategy, "strategy");
        stages = List.copyOf(stages);
        Set<String> stageNames = new HashSet<>();
        for (Stage stage : stages) {
            if (!stageNames.add(stage.name())) {
                throw new IllegalArgumentException("upgrade " + name + " has two stages named " + stage.name());
            }
        }
        Objects.requireNonNull(fallback, "fallback");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isPresent() && (timeout.get().isZero() || timeout.get().isNegative())) {
            throw new IllegalArgumentException("upgrade " + name + ": spec.timeout must be positive");
        }
        Objects.requireNonNull(drift, "drift");
        Objects.requireNonNull(location, "location");
        approvals = List.copyOf(approvals);
    }

    /** An upgrade that is not paused and carries no approval. */
    public ClusterUpgrade(String name, List<ClusterMatcher> matchers, UpgradeTarget target, Optional<Instant> startTime,
            Duration expectedDuration, WindowPolicy windowPolicy, StrategyPreference strategy, List<Stage> stages,
            Fallback fallback, Optional<Duration> timeout, DriftPolicy drift, SourceLocation location) {
        this(name, matchers, target, startTime, expectedDuration, windowPolicy, strategy, stages, fallback, timeout,
                drift, location, false, List.of());
    }

    /** An upgrade that reports drift. */
    public ClusterUpgrade(String name, List<ClusterMatcher> matchers, UpgradeTarget target, Optional<Instant> startTime,
            Duration expectedDuration, WindowPolicy windowPolicy, StrategyPreference strategy, List<Stage> stages,
            Fallback fallback, Optional<Duration> timeout, SourceLocation location) {
        this(name, matchers, target, startTime, expectedDuration, windowPolicy, strategy, stages, fallback, timeout,
                DriftPolicy.REPORT, location);
    }

    /** An upgrade with the rolling fallback and the default timeout, that reports drift. */
    public ClusterUpgrade(String name, List<ClusterMatcher> matchers, UpgradeTarget target, Optional<Instant> startTime,
            Duration expectedDuration, WindowPolicy windowPolicy, StrategyPreference strategy, List<Stage> stages,
            SourceLocation location) {
        this(name, matchers, target, startTime, expectedDuration, windowPolicy, strategy, stages, Fallback.ROLLING,
                Optional.empty(), DriftPolicy.REPORT, location);
    }

    /** Starts an upgrade with the given name; {@link Builder#build()} needs at least a matcher and a target. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** A builder holding this upgrade's parts, to build a changed copy. */
    public Builder toBuilder() {
        Builder b = new Builder(name);
        b.matchers.addAll(matchers);
        b.target = target;
        b.startTime = startTime.orElse(null);
        b.expectedDuration = expectedDuration;
        b.windowPolicy = windowPolicy;
        b.strategy = strategy;
        b.stages.addAll(stages);
        b.fallback = fallback;
        b.timeout = timeout.orElse(null);
        b.drift = drift;
        b.location = location;
        b.paused = paused;
        b.approvals.addAll(approvals);
        return b;
    }

    @Override
    public String toString() {
        return name + " → " + target;
    }

    /** Builds a {@link ClusterUpgrade}; every setter checks its argument at once. */
    public static final class Builder {
        private final String name;
        private final List<ClusterMatcher> matchers = new ArrayList<>();
        private UpgradeTarget target;
        private Instant startTime;
        private Duration expectedDuration = DEFAULT_EXPECTED_DURATION;
        private WindowPolicy windowPolicy = WindowPolicy.START_WITHIN;
        private StrategyPreference strategy = StrategyPreference.ROLLING;
        private final List<Stage> stages = new ArrayList<>();
        private Fallback fallback = Fallback.ROLLING;
        private Duration timeout;
        private DriftPolicy drift = DriftPolicy.REPORT;
        private SourceLocation location;
        private boolean paused;
        private final List<Approval> approvals = new ArrayList<>();

        private Builder(String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("an upgrade needs a non-empty name (metadata.name)");
            }
            this.name = name;
            this.location = SourceLocation.of("upgrade " + name);
        }

        /** Adds a matcher. */
        public Builder matcher(ClusterMatcher matcher) {
            matchers.add(Objects.requireNonNull(matcher, "matcher"));
            return this;
        }

        /** Adds matchers. */
        public Builder matchers(List<ClusterMatcher> more) {
            more.forEach(this::matcher);
            return this;
        }

        /** Sets the target. */
        public Builder target(UpgradeTarget where) {
            this.target = Objects.requireNonNull(where, "target");
            return this;
        }

        /**
         * Targets one release, parsed leniently.
         *
         * @throws dev.upshift.release.VersionFormatException if the text is not a version
         */
        public Builder release(String version) {
            return target(UpgradeTarget.release(version));
        }

        /** Sets the instant before which no cluster starts. */
        public Builder startTime(Instant notBefore) {
            this.startTime = Objects.requireNonNull(notBefore, "startTime");
            return this;
        }

        /**
         * Sets how long one cluster's upgrade is expected to take.
         *
         * @throws IllegalArgumentException unless the duration is positive
         */
        public Builder expectedDuration(Duration duration) {
            Objects.requireNonNull(duration, "expectedDuration");
            if (duration.isZero() || duration.isNegative()) {
                throw new IllegalArgumentException("upgrade " + name + ": spec.expectedDuration must be positive");
            }
            this.expectedDuration = duration;
            return this;
        }

        /** Sets how windows are used. */
        public Builder windowPolicy(WindowPolicy policy) {
            this.windowPolicy = Objects.requireNonNull(policy, "windowPolicy");
            return this;
        }

        /** Sets what happens when every strategy declines. */
        public Builder fallback(Fallback whenDeclined) {
            this.fallback = Objects.requireNonNull(whenDeclined, "fallback");
            return this;
        }

        /**
         * Sets how long one hop may stay in progress before the engine fails it.
         *
         * @throws IllegalArgumentException unless the duration is positive
         */
        public Builder timeout(Duration limit) {
            Objects.requireNonNull(limit, "timeout");
            if (limit.isZero() || limit.isNegative()) {
                throw new IllegalArgumentException("upgrade " + name + ": spec.timeout must be positive");
            }
            this.timeout = limit;
            return this;
        }

        /** Sets what the planner does with drift on the clusters the upgrade selects. */
        public Builder drift(DriftPolicy policy) {
            this.drift = Objects.requireNonNull(policy, "drift");
            return this;
        }

        /** Sets the strategy preference. */
        public Builder strategy(StrategyPreference preference) {
            this.strategy = Objects.requireNonNull(preference, "strategy");
            return this;
        }

        /**
         * Adds the next stage.
         *
         * @throws IllegalArgumentException when a stage of that name was added already
         */
        public Builder stage(Stage stage) {
            Objects.requireNonNull(stage, "stage");
            for (Stage s : stages) {
                if (s.name().equals(stage.name())) {
                    throw new IllegalArgumentException("upgrade " + name + " has two stages named " + stage.name());
                }
            }
            stages.add(stage);
            return this;
        }

        /** Pauses the upgrade ({@code true}) or not. */
        public Builder paused(boolean stopNewStarts) {
            this.paused = stopNewStarts;
            return this;
        }

        /** Adds an approval of a stage's gate, as a document grants it. */
        public Builder approval(Approval approval) {
            approvals.add(Objects.requireNonNull(approval, "approval"));
            return this;
        }

        /** Sets where the upgrade's document was read from. */
        public Builder location(SourceLocation where) {
            this.location = Objects.requireNonNull(where, "location");
            return this;
        }

        /**
         * Builds the upgrade.
         *
         * @throws IllegalStateException when no matcher or no target was set
         */
        public ClusterUpgrade build() {
            if (matchers.isEmpty()) {
                throw new IllegalStateException("upgrade " + name + " needs at least one matcher (spec.matchers)");
            }
            if (target == null) {
                throw new IllegalStateException("upgrade " + name + " needs a target (spec.release or spec.target)");
            }
            return new ClusterUpgrade(name, matchers, target, Optional.ofNullable(startTime), expectedDuration,
                    windowPolicy, strategy, stages, fallback, Optional.ofNullable(timeout), drift, location, paused,
                    approvals);
        }
    }
}
