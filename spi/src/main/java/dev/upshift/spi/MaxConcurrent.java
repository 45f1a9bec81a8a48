package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How many clusters of a {@link Stage} may upgrade at the same time: a number of clusters, or a
 * percentage of the stage's clusters. Core turns a percentage into a number by flooring it, and
 * never lets it fall below one cluster.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface MaxConcurrent permits MaxConcurrent.Clusters, MaxConcurrent.Percent {

    /**
     * At most this many clusters at once.
     *
     * @throws IllegalArgumentException unless {@code count >= 1}
     */
    static Clusters clusters(int count) {
        return new Clusters(count);
    }

    /**
     * At most this percentage of the stage's clusters at once (at least one).
     *
     * @throws IllegalArgumentException unless {@code 1 <= percent <= 100}
     */
    static Percent percent(int percent) {
        return new Percent(percent);
    }

    /**
     * A number of clusters.
     *
     * @param count at least 1
     */
    record Clusters(int count) implements MaxConcurrent {
        /** Validates the count. */
        public Clusters {
            if (count < 1) {
                throw new IllegalArgumentException("maxConcurrent must be at least 1, not " + count);
            }
        }

        /** {@code 5}, as documents write it. */
        @Override
        public String toString() {
            return Integer.toString(count);
        }
    }

    /**
     * A percentage of the stage's clusters.
     *
     * @param percent from 1 to 100
     */
    record Percent(int percent) implements MaxConcurrent {
        /** Validates the percentage. */
        public Percent {
            if (percent < 1 || percent > 100) {
                throw new IllegalArgumentException("maxConcurrent must be a percentage from 1% to 100%, not "
                        + percent + "%");
            }
        }

        /** {@code 25%}, as documents write it. */
        @Override
        public String toString() {
            return percent + "%";
        }
    }
}
