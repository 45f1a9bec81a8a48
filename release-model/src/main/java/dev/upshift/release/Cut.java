package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Why there is no direct hop from one release to another: the first rule that refused it.
 *
 * @param from the older release's version
 * @param to the newer release's version
 * @param rule the rule that refused the hop
 * @param message a sentence naming the versions and constraints involved
 */
@API(status = MAINTAINED, since = "0.1")
public record Cut(Version from, Version to, Rule rule, String message) {

    /** The rules that can cut a hop, in the order they are checked when explaining. */
    public enum Rule {
        /** A version is not in the catalog. */
        UNKNOWN_RELEASE,
        /** The target is withdrawn. */
        WITHDRAWN,
        /** The target is not newer (downgrades and no-ops are not hops). */
        NOT_NEWER,
        /** The target's {@code upgradesFrom} does not accept the source release. */
        UPGRADES_FROM,
        /** A component's {@code componentUpgradesFrom} does not accept the source's version of it. */
        COMPONENT_UPGRADES_FROM,
        /** A component without a rule would move down. */
        COMPONENT_DOWNGRADE,
        /** The skew policy refuses the hop. */
        SKEW
    }

    /** Validates the parts. */
    public Cut {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return message;
    }
}
