package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One deprecated API a {@link ReadinessCheck} saw in use on a live cluster, as Kubernetes' API
 * server counts it in {@code apiserver_requested_deprecated_apis}: what was requested, the release
 * that removes it, and when it was last seen. It blocks a hop whose target runs that release or a
 * later one ({@code major.minor} compared), as a static {@code REMOVED_API} finding does (docs/planning.md, "Readiness").
 *
 * @param apiVersion the API's group and version, {@code batch/v1beta1}, or the version alone for the
 *     core group, {@code v1}
 * @param resource the resource, plural and lower case as the API server names it, {@code cronjobs}
 * @param removedIn the Kubernetes release that stops serving it; empty when the API server does not
 *     say (deprecated with no removal planned), and then it blocks nothing
 * @param lastSeen when it was last seen requested, where the check can tell
 * @param source where the finding comes from, for messages: {@code apiserver_requested_deprecated_apis
 *     of cluster prod-1}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReadinessFinding(String apiVersion, String resource, Optional<Version> removedIn,
        Optional<Instant> lastSeen, String source) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the version, resource or source is blank
     */
    public ReadinessFinding {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(removedIn, "removedIn");
        Objects.requireNonNull(lastSeen, "lastSeen");
        Objects.requireNonNull(source, "source");
        if (apiVersion.isBlank() || resource.isBlank() || source.isBlank()) {
            throw new IllegalArgumentException("a readiness finding names the apiVersion and resource it saw, and where");
        }
    }

    /** {@code batch/v1beta1 cronjobs}. */
    @Override
    public String toString() {
        return apiVersion() + " " + resource;
    }
}
