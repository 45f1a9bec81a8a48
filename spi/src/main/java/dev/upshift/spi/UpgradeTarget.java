package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where a {@link ClusterUpgrade} takes its clusters: an explicit release ({@code release: 20.1.0}),
 * or the newest release of a channel that satisfies a constraint
 * ({@code target: {channel: stable, constraint: "~20.1"}}), which moves on by itself as new
 * releases arrive (automatic upgrades). Resolving a channel against the catalog is core's work.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface UpgradeTarget permits UpgradeTarget.ExplicitRelease, UpgradeTarget.Channel {

    /** Targets one release. */
    static ExplicitRelease release(Version version) {
        return new ExplicitRelease(version);
    }

    /**
     * Targets one release, parsed leniently ({@code v} allowed).
     *
     * @throws dev.upshift.release.VersionFormatException if the text is not a version
     */
    static ExplicitRelease release(String version) {
        return new ExplicitRelease(Version.parse(version));
    }

    /** Targets the newest release of a channel that satisfies a constraint. */
    static Channel channel(String channel, VersionConstraint constraint) {
        return new Channel(channel, Optional.of(constraint));
    }

    /** Targets the newest release of a channel. */
    static Channel channel(String channel) {
        return new Channel(channel, Optional.empty());
    }

    /**
     * One release, named by its version.
     *
     * @param version the release's version
     */
    record ExplicitRelease(Version version) implements UpgradeTarget {
        /** Validates the part. */
        public ExplicitRelease {
            Objects.requireNonNull(version, "version");
        }

        @Override
        public String toString() {
            return version.toString();
        }
    }

    /**
     * The newest non-withdrawn release of a channel that satisfies a constraint.
     *
     * @param channel the channel's name, as releases list it in {@code spec.channels}
     * @param constraint which versions qualify; absent: every version of the channel
     */
    record Channel(String channel, Optional<VersionConstraint> constraint) implements UpgradeTarget {
        /**
         * Validates the parts.
         *
         * @throws IllegalArgumentException when the channel name is blank
         */
        public Channel {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(constraint, "constraint");
            if (channel.isBlank()) {
                throw new IllegalArgumentException("a target channel must have a name");
            }
        }

        @Override
        public String toString() {
            return "channel " + channel + constraint.map(c -> " " + c).orElse("");
        }
    }
}
