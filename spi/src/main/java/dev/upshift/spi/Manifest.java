package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.SourceLocation;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One Kubernetes document deployed into a cluster that the fleet repository holds (a file of the
 * folders a {@code ManagedCluster} names in {@code spec.manifestsFrom}, such as its GitOps
 * application folder): what readiness checks against the APIs each hop's Kubernetes still serves
 * (docs/planning.md, "Readiness"). Only its type and place are kept; Upshift never merges or
 * publishes manifests.
 *
 * @param apiVersion its {@code apiVersion}, {@code batch/v1beta1}
 * @param kind its {@code kind}, {@code CronJob}
 * @param name its {@code metadata.name}; empty when it has none (a {@code Kustomization})
 * @param location the file, line and column of the document (of the item, inside a {@code List})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Manifest(String apiVersion, String kind, String name, SourceLocation location) {

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the apiVersion or kind is blank
     */
    public Manifest {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(location, "location");
        if (apiVersion.isBlank() || kind.isBlank()) {
            throw new IllegalArgumentException("a manifest needs an apiVersion and a kind");
        }
    }

    /** {@code CronJob/nightly (batch/v1beta1)}. */
    @Override
    public String toString() {
        return kind + (name.isEmpty() ? "" : "/" + name) + " (" + apiVersion + ")";
    }
}
