package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One matcher of a {@link ClusterUpgrade} or of one of its {@link Stage stages} (seed 001): it
 * selects the clusters whose label {@code key} (or whose id, when there is no key) equals
 * {@code value}, or matches it as a whole when {@code isRegex}.
 *
 * <p>This record only holds the matcher; selecting is core's work. Regular expressions are RE2
 * syntax, matched against the whole value so that {@code dev} does not select {@code devops}; core
 * checks their syntax when it reads them.
 *
 * @param name an optional name, for messages ({@code by-id}, {@code dev})
 * @param key the label to look at; absent: the cluster's id
 * @param value the text to compare with, or the regular expression
 * @param isRegex whether {@code value} is a regular expression
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ClusterMatcher(Optional<String> name, Optional<String> key, String value, boolean isRegex) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when a present name or key is blank
     */
    public ClusterMatcher {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (name.isPresent() && name.get().isBlank()) {
            throw new IllegalArgumentException("a matcher's name, when given, must not be empty");
        }
        if (key.isPresent() && key.get().isBlank()) {
            throw new IllegalArgumentException(
                    "a matcher's key, when given, must not be empty; leave it out to match the cluster id");
        }
    }

    /** Selects the cluster with exactly this id. */
    public static ClusterMatcher clusterId(String id) {
        return new ClusterMatcher(Optional.empty(), Optional.empty(), id, false);
    }

    /** Selects the clusters whose id matches a regular expression as a whole. */
    public static ClusterMatcher clusterIdRegex(String regex) {
        return new ClusterMatcher(Optional.empty(), Optional.empty(), regex, true);
    }

    /** Selects the clusters whose label {@code key} equals {@code value}. */
    public static ClusterMatcher label(String key, String value) {
        return new ClusterMatcher(Optional.empty(), Optional.of(key), value, false);
    }

    /** Selects the clusters whose label {@code key} matches a regular expression as a whole. */
    public static ClusterMatcher labelRegex(String key, String regex) {
        return new ClusterMatcher(Optional.empty(), Optional.of(key), regex, true);
    }

    /** The same matcher with a name. */
    public ClusterMatcher withName(String matcherName) {
        return new ClusterMatcher(Optional.of(matcherName), key, value, isRegex);
    }

    /** {@code dev: label stage ~ dev|test} or {@code id = mgab6}, as in messages. */
    @Override
    public String toString() {
        return name.map(n -> n + ": ").orElse("") + key.map(k -> "label " + k).orElse("id") + (isRegex ? " ~ " : " = ")
                + value;
    }
}
