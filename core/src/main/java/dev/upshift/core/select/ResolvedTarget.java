package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.UpgradeTarget;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What an upgrade's target comes to against a catalog ({@link Targets#resolve}): one release, or
 * why there is none.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ResolvedTarget permits ResolvedTarget.Found, ResolvedTarget.Unresolved {

    /** The target as the upgrade wrote it. */
    UpgradeTarget target();

    /**
     * The target resolved to a release that is not withdrawn.
     *
     * @param target the target as written
     * @param release the release clusters go to
     */
    record Found(UpgradeTarget target, Release release) implements ResolvedTarget {
        /** Validates the parts. */
        public Found {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(release, "release");
        }

        @Override
        public String toString() {
            return release.version().toString();
        }
    }

    /**
     * The target resolves to no release.
     *
     * @param target the target as written
     * @param why which rule failed
     * @param message what a person should know, with the closest known name where one is close
     */
    record Unresolved(UpgradeTarget target, Why why, String message) implements ResolvedTarget {
        /** Validates the parts. */
        public Unresolved {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String toString() {
            return message;
        }
    }

    /** Why a target resolves to no release. */
    enum Why {
        /** {@code release:} names a version the catalog does not have. */
        UNKNOWN_RELEASE,
        /** {@code release:} names a withdrawn release, which is never a target. */
        WITHDRAWN,
        /** {@code target.channel} is a channel no release is published in. */
        UNKNOWN_CHANNEL,
        /**
         * The channel exists but none of its releases that are not withdrawn satisfies the
         * constraint (yet: a channel target picks up new releases as they arrive).
         */
        NONE_SATISFIES
    }
}
