package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A managed workload cluster: the content of a {@code ManagedCluster} document (DESIGN.md section
 * 4), as a {@link ClusterInventory} returns it.
 *
 * <pre>{@code
 * ManagedCluster cluster = ManagedCluster.builder("prod-eu-1")
 *         .label("stage", "prod")
 *         .infrastructure("aws")
 *         .release("19.3.1")
 *         .schedule("weekday-nights")
 *         .build();
 * }</pre>
 *
 * <p>Instances are immutable. The trees inside {@code values} and {@code resources} are shared, not
 * copied, as everywhere in Upshift: treat them as read-only and change a {@code deepCopy()}.
 *
 * @param id the cluster's id, {@code metadata.name}; unique in a fleet
 * @param labels {@code metadata.labels}, what matchers select on; iterates in key order
 * @param infrastructure {@code spec.infrastructure}: where the cluster runs ({@code aws},
 *     {@code azure}, {@code vsphere}, ...), reported with every upgrade event
 * @param release {@code spec.release}: the release the cluster runs now
 * @param schedule {@code spec.schedule}: the name of its {@code MaintenanceSchedule}; absent when
 *     upgrades may run at any time
 * @param freeze {@code spec.freeze}: a block on every upgrade until an instant, with a reason
 * @param values {@code spec.values}: the cluster's own configuration, a list of {@code {match, values}}
 *     items exactly like a release's {@code spec.defaults}, applied to the cluster's resources after
 *     the release's defaults; {@link DocumentDefaults#none()} when it has none. A change here is
 *     planned like a release change (a configuration upgrade, kind {@code config})
 * @param resources {@code spec.resources} (or the files of {@code spec.resourcesFrom}): the cluster's
 *     Kubernetes documents as they stand, the current side of the three-way merge
 * @param location where the document was read from, for messages about the cluster as a whole;
 *     {@code cluster <id>} for clusters built in code
 * @param manifests the documents of {@code spec.manifestsFrom}: what is deployed into the cluster
 *     that the fleet repository holds (its GitOps folder), checked for readiness only
 * @param accepted {@code spec.readiness.accept}: the readiness findings a person accepted, each for
 *     one hop, with who and why
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ManagedCluster(String id, Map<String, String> labels, String infrastructure, Version release,
        Optional<String> schedule, Optional<Freeze> freeze, DocumentDefaults values, DocumentSet resources,
        SourceLocation location, List<Manifest> manifests, List<ReadinessAcceptance> accepted) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when the id or infrastructure is blank, a label key is
     *     blank, or the schedule name is blank
     */
    public ManagedCluster {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a cluster needs a non-empty id (metadata.name)");
        }
        labels = sortedLabels(labels);
        Objects.requireNonNull(infrastructure, "infrastructure");
        if (infrastructure.isBlank()) {
            throw new IllegalArgumentException("cluster " + id + " needs a non-empty spec.infrastructure");
        }
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(schedule, "schedule");
        if (schedule.isPresent() && schedule.get().isBlank()) {
            throw new IllegalArgumentException("cluster " + id + ": spec.schedule must name a schedule");
        }
        Objects.requireNonNull(freeze, "freeze");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(location, "location");
        manifests = List.copyOf(manifests);
        accepted = List.copyOf(accepted);
    }

    /** A cluster without manifests or accepted findings. */
    public ManagedCluster(String id, Map<String, String> labels, String infrastructure, Version release,
            Optional<String> schedule, Optional<Freeze> freeze, DocumentDefaults values, DocumentSet resources,
            SourceLocation location) {
        this(id, labels, infrastructure, release, schedule, freeze, values, resources, location, List.of(), List.of());
    }

    /** Starts a cluster with the given id; {@link Builder#build()} needs at least a release and an infrastructure. */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** A builder holding this cluster's parts, to build a changed copy. */
    public Builder toBuilder() {
        Builder b = new Builder(id);
        b.labels.putAll(labels);
        b.infrastructure = infrastructure;
        b.release = release;
        b.schedule = schedule.orElse(null);
        b.freeze = freeze.orElse(null);
        b.values = values;
        b.resources = resources;
        b.location = location;
        b.manifests = manifests;
        b.accepted = accepted;
        return b;
    }

    @Override
    public String toString() {
        return id + "@" + release;
    }

    private static Map<String, String> sortedLabels(Map<String, String> labels) {
        TreeMap<String, String> sorted = new TreeMap<>();
        labels.forEach((key, value) -> {
            Objects.requireNonNull(key, "label key");
            Objects.requireNonNull(value, "label value");
            if (key.isBlank()) {
                throw new IllegalArgumentException("a label key must not be empty");
            }
            sorted.put(key, value);
        });
        return Collections.unmodifiableMap(sorted);
    }

    /** Builds a {@link ManagedCluster}; every setter checks its argument at once. */
    public static final class Builder {
        private final String id;
        private final Map<String, String> labels = new TreeMap<>();
        private String infrastructure;
        private Version release;
        private String schedule;
        private Freeze freeze;
        private DocumentDefaults values = DocumentDefaults.none();
        private DocumentSet resources = DocumentSet.empty();
        private SourceLocation location;
        private List<Manifest> manifests = List.of();
        private List<ReadinessAcceptance> accepted = List.of();

        private Builder(String id) {
            Objects.requireNonNull(id, "id");
            if (id.isBlank()) {
                throw new IllegalArgumentException("a cluster needs a non-empty id (metadata.name)");
            }
            this.id = id;
            this.location = SourceLocation.of("cluster " + id);
        }

        /** Adds a label (replacing one with the same key). */
        public Builder label(String key, String value) {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (key.isBlank()) {
                throw new IllegalArgumentException("a label key must not be empty");
            }
            labels.put(key, value);
            return this;
        }

        /** Adds every label of a map (replacing those with the same keys). */
        public Builder labels(Map<String, String> more) {
            more.forEach(this::label);
            return this;
        }

        /** Sets where the cluster runs ({@code aws}, {@code azure}, ...). */
        public Builder infrastructure(String name) {
            Objects.requireNonNull(name, "infrastructure");
            if (name.isBlank()) {
                throw new IllegalArgumentException("cluster " + id + " needs a non-empty spec.infrastructure");
            }
            this.infrastructure = name;
            return this;
        }

        /** Sets the release the cluster runs. */
        public Builder release(Version version) {
            this.release = Objects.requireNonNull(version, "release");
            return this;
        }

        /**
         * Sets the release the cluster runs, parsed leniently ({@code v} allowed).
         *
         * @throws dev.upshift.release.VersionFormatException if the text is not a version
         */
        public Builder release(String version) {
            return release(Version.parse(version));
        }

        /** Sets the name of the cluster's maintenance schedule. */
        public Builder schedule(String name) {
            Objects.requireNonNull(name, "schedule");
            if (name.isBlank()) {
                throw new IllegalArgumentException("cluster " + id + ": spec.schedule must name a schedule");
            }
            this.schedule = name;
            return this;
        }

        /** Removes the schedule: upgrades may run at any time. */
        public Builder noSchedule() {
            this.schedule = null;
            return this;
        }

        /** Freezes the cluster. */
        public Builder freeze(Freeze blocked) {
            this.freeze = Objects.requireNonNull(blocked, "freeze");
            return this;
        }

        /** Lifts the freeze. */
        public Builder noFreeze() {
            this.freeze = null;
            return this;
        }

        /** Sets the cluster's configuration values: {@code {match, values}} items, applied after the release's defaults. */
        public Builder values(DocumentDefaults items) {
            this.values = Objects.requireNonNull(items, "values");
            return this;
        }

        /** Removes the configuration values. */
        public Builder noValues() {
            this.values = DocumentDefaults.none();
            return this;
        }

        /** Sets the cluster's Kubernetes documents (default: none). */
        public Builder resources(DocumentSet documents) {
            this.resources = Objects.requireNonNull(documents, "resources");
            return this;
        }

        /** Sets the documents deployed into the cluster that the fleet holds (default: none). */
        public Builder manifests(List<Manifest> documents) {
            this.manifests = List.copyOf(documents);
            return this;
        }

        /** Sets the readiness findings a person accepted (default: none). */
        public Builder accepted(List<ReadinessAcceptance> acceptances) {
            this.accepted = List.copyOf(acceptances);
            return this;
        }

        /** Sets where the cluster's document was read from. */
        public Builder location(SourceLocation where) {
            this.location = Objects.requireNonNull(where, "location");
            return this;
        }

        /**
         * Builds the cluster.
         *
         * @throws IllegalStateException when no release or no infrastructure was set
         */
        public ManagedCluster build() {
            if (release == null) {
                throw new IllegalStateException("cluster " + id + " needs a release (spec.release)");
            }
            if (infrastructure == null) {
                throw new IllegalStateException("cluster " + id + " needs an infrastructure (spec.infrastructure)");
            }
            return new ManagedCluster(id, labels, infrastructure, release, Optional.ofNullable(schedule),
                    Optional.ofNullable(freeze), values, resources, location, manifests, accepted);
        }
    }
}
