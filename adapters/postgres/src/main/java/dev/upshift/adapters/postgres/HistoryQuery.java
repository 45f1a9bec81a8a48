package dev.upshift.adapters.postgres;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Outcome;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Which entries of the PostgreSQL history {@link PostgresHistoryStore#query} returns: every condition
 * given must hold; none given means every entry of every fleet, up to the limit. Each condition has
 * an index (docs/adapters.md, "Queries").
 *
 * <pre>{@code
 * HistoryQuery failedLastQuarter = HistoryQuery.builder()
 *         .outcome(Outcome.FAILED)
 *         .between(Instant.parse("2026-07-01T00:00:00Z"), Instant.parse("2026-10-01T00:00:00Z"))
 *         .build();
 * }</pre>
 *
 * @param fleet only this fleet's entries; empty: every fleet's
 * @param cluster only this cluster's entries
 * @param intent only entries of upgrades this {@code ClusterUpgrade} asked for
 * @param steps only entries of these steps; empty: every step
 * @param from only entries whose {@link HistoryEntry#at() at} is this instant or later
 * @param until only entries whose {@code at} is before this instant
 * @param limit at most this many entries, the oldest first; at least 1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryQuery(Optional<String> fleet, Optional<String> cluster, Optional<String> intent, Set<Step> steps,
        Optional<Instant> from, Optional<Instant> until, int limit) {
    /** The limit when none is given. */
    public static final int DEFAULT_LIMIT = 10_000;

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when the limit is below 1, or {@code until} is not after {@code from}
     */
    public HistoryQuery {
        Objects.requireNonNull(fleet, "fleet");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(intent, "intent");
        steps = Set.copyOf(steps);
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (limit < 1) {
            throw new IllegalArgumentException("a history query returns at least 1 entry, not " + limit);
        }
        if (from.isPresent() && until.isPresent() && !until.get().isAfter(from.get())) {
            throw new IllegalArgumentException("a history query's period ends after it starts: " + from.get() + " to "
                    + until.get());
        }
    }

    /** Starts a query of every entry. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether an entry meets the conditions on its own fields (the fleet is the row's). */
    boolean matches(HistoryEntry e) {
        return cluster.map(e.clusterId()::equals).orElse(true)
                && intent.map(i -> e.intent().filter(i::equals).isPresent()).orElse(true)
                && (steps.isEmpty() || steps.contains(e.step()))
                && from.map(f -> !e.at().isBefore(f)).orElse(true)
                && until.map(e.at()::isBefore).orElse(true);
    }

    /** Builds a {@link HistoryQuery}; each setter replaces what it set before. */
    public static final class Builder {
        private Optional<String> fleet = Optional.empty();
        private Optional<String> cluster = Optional.empty();
        private Optional<String> intent = Optional.empty();
        private Set<Step> steps = EnumSet.noneOf(Step.class);
        private Optional<Instant> from = Optional.empty();
        private Optional<Instant> until = Optional.empty();
        private int limit = DEFAULT_LIMIT;

        private Builder() {}

        /** Only this fleet's entries. */
        public Builder fleet(String name) {
            this.fleet = Optional.of(name);
            return this;
        }

        /** Only this cluster's entries. */
        public Builder cluster(String id) {
            this.cluster = Optional.of(id);
            return this;
        }

        /** Only entries of upgrades this {@code ClusterUpgrade} asked for. */
        public Builder intent(String name) {
            this.intent = Optional.of(name);
            return this;
        }

        /** Only entries of these steps. */
        public Builder steps(Set<Step> only) {
            this.steps = EnumSet.noneOf(Step.class);
            this.steps.addAll(only);
            return this;
        }

        /** Only the entries that record attempts ending so: their {@code succeeded} or {@code failed} step, one per attempt. */
        public Builder outcome(Outcome outcome) {
            return steps(Set.of(outcome == Outcome.SUCCEEDED ? Step.SUCCEEDED : Step.FAILED));
        }

        /** Only entries at {@code start} or later and before {@code end}. */
        public Builder between(Instant start, Instant end) {
            this.from = Optional.of(start);
            this.until = Optional.of(end);
            return this;
        }

        /** At most this many entries, the oldest first. */
        public Builder limit(int most) {
            this.limit = most;
            return this;
        }

        /**
         * The query.
         *
         * @throws IllegalArgumentException when the limit is below 1 or the period ends before it starts
         */
        public HistoryQuery build() {
            return new HistoryQuery(fleet, cluster, intent, steps, from, until, limit);
        }
    }
}
