package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * All known releases, one per version, in version order.
 *
 * <p>Immutable and thread-safe. Build one with {@link #of(Collection)} or read it from documents
 * with {@link #read(List, Problems)}; the upgrade graph comes from {@link UpgradeGraph#build}.
 */
@API(status = MAINTAINED, since = "0.1")
public final class ReleaseCatalog {
    private final List<Release> releases;
    private final Map<Version, Release> byVersion;

    private ReleaseCatalog(List<Release> sorted) {
        this.releases = Collections.unmodifiableList(sorted);
        this.byVersion = new HashMap<>();
        for (Release r : sorted) {
            byVersion.put(r.version(), r);
        }
    }

    /**
     * A catalog of the given releases.
     *
     * @throws IllegalArgumentException when two releases share a version
     */
    public static ReleaseCatalog of(Collection<Release> releases) {
        List<Release> sorted = new ArrayList<>(releases);
        Collections.sort(sorted);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).version().samePrecedence(sorted.get(i - 1).version())) {
                throw new IllegalArgumentException("two releases share version " + sorted.get(i).version()
                        + " (" + sorted.get(i - 1).location() + " and " + sorted.get(i).location() + ")");
            }
        }
        return new ReleaseCatalog(sorted);
    }

    /**
     * Reads the {@code Release} documents among {@code documents} with {@link Release#KIND} (other
     * kinds are ignored), which checks them together: two releases of the same version are an error
     * naming both places, and a release whose {@code upgradesFrom} accepts none of the older releases
     * in the catalog gets a warning (it can only be installed fresh).
     *
     * @return the catalog of every release without errors; check {@code problems} for the rest
     */
    public static ReleaseCatalog read(List<SourceDocument> documents, Problems problems) {
        return of(Release.KIND.readAll(documents, problems));
    }

    /** Warns about each release whose {@code upgradesFrom} accepts none of the older releases. */
    void warnAboutIslands(Problems problems) {
        for (int i = 1; i < releases.size(); i++) {
            Release r = releases.get(i);
            Optional<VersionConstraint> from = r.upgradesFrom();
            if (from.isEmpty()) {
                continue;
            }
            boolean any = false;
            for (int j = 0; j < i && !any; j++) {
                any = from.get().matches(releases.get(j).version());
            }
            if (!any) {
                problems.add(Problem.warning(r.location(), "spec.upgradesFrom", "\"" + from.get()
                        + "\" accepts none of the " + i + " older releases in the catalog: " + r.version()
                        + " can only be installed fresh"));
            }
        }
    }

    /** Every release, oldest first. */
    public List<Release> releases() {
        return releases;
    }

    /** The number of releases. */
    public int size() {
        return releases.size();
    }

    /** The release of exactly this version (build metadata ignored), if known. */
    public Optional<Release> get(Version version) {
        Release r = byVersion.get(version);
        if (r == null && !version.build().isEmpty()) {
            r = byVersion.get(version.withoutBuild());
        }
        return Optional.ofNullable(r);
    }

    /** The release of this version text (parsed leniently), if known. */
    public Optional<Release> get(String version) {
        return Version.tryParse(version).flatMap(this::get);
    }

    /**
     * The newest release that is not withdrawn, published in {@code channel} (if given) and matching
     * {@code constraint} (if given): how a target given by channel or constraint resolves.
     */
    public Optional<Release> newest(Optional<String> channel, Optional<VersionConstraint> constraint) {
        for (int i = releases.size() - 1; i >= 0; i--) {
            Release r = releases.get(i);
            if (r.isWithdrawn()) {
                continue;
            }
            if (channel.isPresent() && !r.channels().contains(channel.get())) {
                continue;
            }
            if (constraint.isPresent() && !constraint.get().matches(r.version())) {
                continue;
            }
            return Optional.of(r);
        }
        return Optional.empty();
    }
}
