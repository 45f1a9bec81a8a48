package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.rule.FieldRules;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A named, semver-versioned set of component versions, with the rules that say which releases may
 * upgrade to it.
 *
 * <p>Compatibility has two levels. {@link #upgradesFrom()} says which release versions may move to
 * this one (absent: any older release). {@link #componentUpgradesFrom()} says, per component, which
 * versions of that component this release's version may replace (absent for a component: any older
 * or equal version; such a hop is reported as unchecked for that component).
 *
 * <p>Instances are immutable and thread-safe; build them with {@link #builder(String)} or read them
 * from documents with {@link #KIND}.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Release implements Comparable<Release> {
    /** The component the default skew policy looks at. */
    public static final String KUBERNETES = "kubernetes";

    /**
     * The {@code Release} document kind (docs/releases.md describes every field). Every problem is recorded with its position; a release with any error is not returned.
     * Read together ({@link DocumentKind#readAll}), two releases of the same version are an error
     * naming both places, and a release whose {@code upgradesFrom} accepts none of the older releases
     * gets a warning (it can only be installed fresh).
     *
     * <pre>{@code
     * apiVersion: upshift.dev/v1alpha1
     * kind: Release
     * metadata: {name: "20.1.0"}                 # the release's version
     * spec:
     *   state: active                            # active (default) | deprecated | withdrawn
     *   endOfLife: 2027-06-30                    # optional
     *   channels: [stable]                       # optional
     *   components: {kubernetes: 1.29.4, etcd: 3.5.12}
     *   upgradesFrom: ">=19.2.0 <20.1.0"         # optional; absent: any older release
     *   componentUpgradesFrom: {etcd: ">=3.5.0"} # optional, per component
     *   defaults: [...]                          # optional partial documents (see DocumentDefaults)
     *   fieldRules: [...]                        # optional (see FieldRule)
     * }</pre>
     */
    public static final DocumentKind<Release> KIND = DocumentKind.builder("Release", ReleaseReader::read)
            .readAllWith(ReleaseReader::readAll).build();

    private final Version version;
    private final ReleaseState state;
    private final LocalDate endOfLife;
    private final Set<String> channels;
    private final SortedMap<String, Version> components;
    private final VersionConstraint upgradesFrom;
    private final SortedMap<String, VersionConstraint> componentUpgradesFrom;
    private final DocumentDefaults defaults;
    private final FieldRules fieldRules;
    private final SourceLocation location;
    private final Version kubernetes;

    private Release(Builder b) {
        this.version = b.version;
        this.state = b.state;
        this.endOfLife = b.endOfLife;
        this.channels = Collections.unmodifiableSet(new LinkedHashSet<>(b.channels));
        this.components = Collections.unmodifiableSortedMap(new TreeMap<>(b.components));
        this.upgradesFrom = b.upgradesFrom;
        this.componentUpgradesFrom = Collections.unmodifiableSortedMap(new TreeMap<>(b.componentUpgradesFrom));
        this.defaults = b.defaults;
        this.fieldRules = b.fieldRules;
        this.location = b.location;
        this.kubernetes = components.get(KUBERNETES);
        if (kubernetes == null) {
            throw new IllegalArgumentException(location + ": a release must name its kubernetes version"
                    + " (component(\"kubernetes\", ...))");
        }
        for (String c : componentUpgradesFrom.keySet()) {
            if (!components.containsKey(c)) {
                throw new IllegalArgumentException("release " + version + " has a componentUpgradesFrom rule for "
                        + c + " but no such component");
            }
        }
    }

    /**
     * Starts a release of the given version (parsed leniently, {@code v} allowed). Until
     * {@link Builder#location} says otherwise, messages name it as written: {@code release v1.0}.
     */
    public static Builder builder(String version) {
        return new Builder(Version.parse(version), version);
    }

    /** Starts a release of the given version. */
    public static Builder builder(Version version) {
        return new Builder(version, version.toString());
    }

    /** The release's version (its name). */
    public Version version() {
        return version;
    }

    /** Whether the release is active, deprecated or withdrawn. */
    public ReleaseState state() {
        return state;
    }

    /** Whether the release is withdrawn (never a target). */
    public boolean isWithdrawn() {
        return state == ReleaseState.WITHDRAWN;
    }

    /** The last day the release is supported, if known. */
    public Optional<LocalDate> endOfLife() {
        return Optional.ofNullable(endOfLife);
    }

    /** The channels the release is published in, in declaration order. */
    public Set<String> channels() {
        return channels;
    }

    /** Component name to version, sorted by name. */
    public SortedMap<String, Version> components() {
        return components;
    }

    /** The version of one component, if the release has it. */
    public Optional<Version> component(String name) {
        return Optional.ofNullable(components.get(name));
    }

    /** The version of the {@code kubernetes} component, if the release has one. */
    public Optional<Version> kubernetes() {
        return Optional.ofNullable(kubernetes);
    }

    /** Which release versions may upgrade to this one; absent means any older release. */
    public Optional<VersionConstraint> upgradesFrom() {
        return Optional.ofNullable(upgradesFrom);
    }

    /** Per component, which of its versions this release's version may replace. */
    public SortedMap<String, VersionConstraint> componentUpgradesFrom() {
        return componentUpgradesFrom;
    }

    /**
     * The partial documents the release puts on a cluster ({@code spec.defaults}): how the base and
     * target of a three-way merge are rendered when no renderer dry-run is available.
     */
    public DocumentDefaults defaults() {
        return defaults;
    }

    /** Who owns which field and what changing it costs ({@code spec.fieldRules}). */
    public FieldRules fieldRules() {
        return fieldRules;
    }

    /** Where the release was defined, for messages. */
    public SourceLocation location() {
        return location;
    }

    /** Orders by version. */
    @Override
    public int compareTo(Release o) {
        return version.compareTo(o.version);
    }

    /** Releases are equal when their versions are: a catalog holds one release per version. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Release r && r.version.equals(version);
    }

    @Override
    public int hashCode() {
        return version.hashCode();
    }

    @Override
    public String toString() {
        return version.toString();
    }

    /** Builds a {@link Release}; every setter validates at once. */
    public static final class Builder {
        private final Version version;
        private ReleaseState state = ReleaseState.ACTIVE;
        private LocalDate endOfLife;
        private final List<String> channels = new ArrayList<>();
        private final Map<String, Version> components = new TreeMap<>();
        private VersionConstraint upgradesFrom;
        private final Map<String, VersionConstraint> componentUpgradesFrom = new TreeMap<>();
        private DocumentDefaults defaults = DocumentDefaults.none();
        private FieldRules fieldRules = FieldRules.none();
        private SourceLocation location;

        private Builder(Version version, String written) {
            this.version = Objects.requireNonNull(version, "version");
            this.location = SourceLocation.of("release " + written);
        }

        /** Sets the state (default active). */
        public Builder state(ReleaseState s) {
            this.state = Objects.requireNonNull(s, "state");
            return this;
        }

        /** Sets the end-of-life day. */
        public Builder endOfLife(LocalDate day) {
            this.endOfLife = day;
            return this;
        }

        /** Adds a channel. */
        public Builder channel(String channel) {
            if (channel == null || channel.isBlank()) {
                throw new IllegalArgumentException("a channel name must not be empty");
            }
            channels.add(channel);
            return this;
        }

        /** Adds a component at a version (parsed leniently). */
        public Builder component(String name, String componentVersion) {
            return component(name, Version.parse(componentVersion));
        }

        /** Adds a component at a version. */
        public Builder component(String name, Version componentVersion) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a component name must not be empty");
            }
            components.put(name, Objects.requireNonNull(componentVersion, "componentVersion"));
            return this;
        }

        /** Sets which releases may upgrade to this one. */
        public Builder upgradesFrom(String constraint) {
            return upgradesFrom(VersionConstraint.parse(constraint));
        }

        /** Sets which releases may upgrade to this one (null: any older release). */
        public Builder upgradesFrom(VersionConstraint constraint) {
            this.upgradesFrom = constraint;
            return this;
        }

        /** Sets which versions of a component this release's version of it may replace. */
        public Builder componentUpgradesFrom(String component, String constraint) {
            componentUpgradesFrom.put(component, VersionConstraint.parse(constraint));
            return this;
        }

        /** Sets which versions of a component this release's version of it may replace. */
        public Builder componentUpgradesFrom(String component, VersionConstraint constraint) {
            componentUpgradesFrom.put(component, Objects.requireNonNull(constraint, "constraint"));
            return this;
        }

        /** Sets the partial documents the release puts on a cluster (default none). */
        public Builder defaults(DocumentDefaults documentDefaults) {
            this.defaults = Objects.requireNonNull(documentDefaults, "defaults");
            return this;
        }

        /** Sets the field rules (default none). */
        public Builder fieldRules(FieldRules rules) {
            this.fieldRules = Objects.requireNonNull(rules, "fieldRules");
            return this;
        }

        /** Where the release was defined. */
        public Builder location(SourceLocation where) {
            this.location = Objects.requireNonNull(where, "location");
            return this;
        }

        /**
         * Builds the release, checking what reading a {@code Release} document checks.
         *
         * @throws IllegalArgumentException when the release has no {@code kubernetes} component, or a
         *     componentUpgradesFrom rule names a missing component
         */
        public Release build() {
            return new Release(this);
        }
    }
}
