package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.release.Version;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A person's acceptance of one readiness finding for one cluster and one hop, on the record: an
 * item of the cluster's {@code spec.readiness.accept} (docs/formats.md), kept in the fleet's
 * history like every change to it. The hop landing on {@code to} is then not blocked by the
 * removal of {@code apiVersion} {@code kind}; the plan says it was accepted, by whom and why.
 * It lifts nothing else: another API, another hop, or the same API on another cluster is still
 * blocked. As AKS's force upgrade does, it says "upgrade anyway", and never silently.
 *
 * @param apiVersion the API whose removal is accepted, {@code batch/v1beta1}
 * @param kind its kind, {@code CronJob}
 * @param to the release the accepted hop lands on
 * @param by who accepts it; not blank
 * @param reason why; not blank
 * @param location where the acceptance is written, for messages
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReadinessAcceptance(String apiVersion, String kind, Version to, String by, String reason,
        SourceLocation location) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when a text is blank
     */
    public ReadinessAcceptance {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(location, "location");
        if (apiVersion.isBlank() || kind.isBlank()) {
            throw new IllegalArgumentException("an acceptance names the apiVersion and kind it accepts");
        }
        if (by.isBlank() || reason.isBlank()) {
            throw new IllegalArgumentException("an acceptance says who accepts it (by) and why (reason)");
        }
    }
}
