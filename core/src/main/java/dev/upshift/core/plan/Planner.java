package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.SkewPolicy;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The planner: a pure function of (catalog, fleet, schedules, upgrades, history, now) to a
 * {@link Plan} (DESIGN.md sections 3 and 8; docs/planning.md says how it decides).
 *
 * <pre>{@code
 * Plan plan = Planner.standard().plan(PlanInput.from(folder, folder, folder, folder, List.of()), now);
 * }</pre>
 *
 * <p><b>Contract.</b> {@link #plan} reads no clock, does no I/O of its own (a configured
 * {@link Builder#renderer Renderer} may) and starts no threads; equal inputs
 * and instants give equal plans (and byte-identical {@link dev.upshift.core.present.PlanJson}), whatever the order of the
 * input's lists. Bad input never stops the rest of the fleet: it becomes the plan's problems and
 * reasons on the clusters it concerns. The work is linear in clusters: paths are found once per
 * distinct (from, to) pair, schedules expanded once, selection done once. To plan one fleet at
 * many instants (a simulation), {@link #prepare} it once and ask the {@link PreparedFleet}.
 *
 * <p>Immutable and thread-safe (when its renderer, if any, is); build one with {@link #builder()}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Planner {
    private final SkewPolicy skewPolicy;
    private final int workerSkew;
    private final Duration horizon;
    private final Duration configExpectedDuration;
    private final WindowPolicy configWindowPolicy;
    private final Optional<Renderer> renderer;

    private Planner(Builder b) {
        this.skewPolicy = b.skewPolicy;
        this.workerSkew = b.workerSkew;
        this.horizon = b.horizon;
        this.configExpectedDuration = b.configExpectedDuration;
        this.configWindowPolicy = b.configWindowPolicy;
        this.renderer = b.renderer;
    }

    /** The planner with every default: Kubernetes' skew policy, a two-year horizon, config upgrades of 1h that start within a window. */
    public static Planner standard() {
        return builder().build();
    }

    /** Starts configuring a planner. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The plan of a fleet at an instant.
     *
     * @param input what the sources listed
     * @param now the instant to plan for; windows never start before it
     * @throws IllegalArgumentException when {@code now} lies outside 1900–9000, the range schedules support
     */
    public Plan plan(PlanInput input, Instant now) {
        return prepare(input).plan(now);
    }

    /**
     * Does the work that does not depend on the instant or the history once: selection, stages,
     * targets, the upgrade graph, the schedules' index; paths and the summaries of the clusters'
     * changes are found on first use and kept. The result plans the fleet at any instant, cheaply,
     * and gives any cluster's whole {@link ClusterChange} on demand.
     */
    public PreparedFleet prepare(PlanInput input) {
        return new PreparedFleet(this, Objects.requireNonNull(input, "input"));
    }

    UpgradeGraph graph(dev.upshift.release.ReleaseCatalog catalog) {
        return UpgradeGraph.builder(catalog).skewPolicy(skewPolicy).workerSkew(workerSkew).build();
    }

    /** How far after its earliest start the planner looks for a window. */
    public Duration horizon() {
        return horizon;
    }

    /** The expected duration of a configuration-only upgrade, which no {@code ClusterUpgrade} describes. */
    public Duration configExpectedDuration() {
        return configExpectedDuration;
    }

    /** The window policy of a configuration-only upgrade. */
    public WindowPolicy configWindowPolicy() {
        return configWindowPolicy;
    }

    /** The skew policy the upgrade graph keeps. */
    public SkewPolicy skewPolicy() {
        return skewPolicy;
    }

    /** How many minor versions workers may lag the control plane on a path. */
    public int workerSkew() {
        return workerSkew;
    }

    /** The renderer that gives the target side of each cluster's merge; empty: the target release's defaults. */
    public Optional<Renderer> renderer() {
        return renderer;
    }

    /** Configures a {@link Planner}; every setter checks its argument at once. */
    public static final class Builder {
        private SkewPolicy skewPolicy = SkewPolicy.kubernetes();
        private int workerSkew = 3;
        private Duration horizon = AllowedIntervals.DEFAULT_SEARCH;
        private Duration configExpectedDuration = ClusterUpgrade.DEFAULT_EXPECTED_DURATION;
        private WindowPolicy configWindowPolicy = WindowPolicy.START_WITHIN;
        private Optional<Renderer> renderer = Optional.empty();

        private Builder() {}

        /** The skew policy of the upgrade graph (default {@link SkewPolicy#kubernetes()}). */
        public Builder skewPolicy(SkewPolicy policy) {
            this.skewPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * How many minor versions workers may lag the control plane (default 3), as
         * {@link UpgradeGraph.Builder#workerSkew} takes it.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder workerSkew(int minors) {
            if (minors < 0) {
                throw new IllegalArgumentException("worker skew must not be negative, got " + minors);
            }
            this.workerSkew = minors;
            return this;
        }

        /**
         * How far after a cluster's earliest start to look for a window (default
         * {@link AllowedIntervals#DEFAULT_SEARCH}, two years); none within it is {@code NO_WINDOW}.
         *
         * @throws IllegalArgumentException unless at least one day
         */
        public Builder horizon(Duration within) {
            Objects.requireNonNull(within, "horizon");
            if (within.compareTo(Duration.ofDays(1)) < 0) {
                throw new IllegalArgumentException("the planning horizon must be at least a day, got " + within);
            }
            this.horizon = within;
            return this;
        }

        /**
         * The expected duration of configuration-only upgrades (default 1h).
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder configExpectedDuration(Duration duration) {
            Objects.requireNonNull(duration, "duration");
            if (duration.isZero() || duration.isNegative()) {
                throw new IllegalArgumentException("the expected duration must be positive, got " + duration);
            }
            this.configExpectedDuration = duration;
            return this;
        }

        /** The window policy of configuration-only upgrades (default {@link WindowPolicy#START_WITHIN}). */
        public Builder configWindowPolicy(WindowPolicy policy) {
            this.configWindowPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * A dry-run renderer for the target side of each cluster's three-way merge (default: none,
         * the target release's defaults and the cluster's values applied to its resources). The
         * planner asks it once per cluster with resources and target release (for a cluster at its
         * target, or that no upgrade selects, at its own release: what its values and its
         * {@linkplain ClusterChange#drift() drift} are judged against), on the planning thread; a
         * {@link PreparedFleet} keeps the answers, except failures, which it asks again
         * at its next plan. See {@link Renderer} for what its answers mean.
         */
        public Builder renderer(Renderer dryRun) {
            this.renderer = Optional.of(Objects.requireNonNull(dryRun, "renderer"));
            return this;
        }

        /** Builds the planner. */
        public Planner build() {
            return new Planner(this);
        }
    }
}
