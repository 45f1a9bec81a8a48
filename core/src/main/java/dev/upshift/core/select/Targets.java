package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Suggestions;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.UpgradeTarget;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * Resolves an upgrade's target against the catalog.
 *
 * <ul>
 *   <li>{@code release: 20.1.0} is that release (build metadata ignored), unless the catalog does not
 *       have it or it is withdrawn;
 *   <li>{@code target: {channel: stable, constraint: "~20.1"}} is the newest release that is
 *       published in the channel, is not withdrawn and satisfies the constraint (every release of the
 *       channel when there is none). It moves on by itself as new releases arrive: automatic
 *       upgrades.
 * </ul>
 * Prereleases follow the constraint language's rule (docs/versions.md): a constraint admits them
 * only when it names one.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Targets {
    private Targets() {}

    /** The release a target comes to, or why there is none. */
    public static ResolvedTarget resolve(UpgradeTarget target, ReleaseCatalog catalog) {
        if (target instanceof UpgradeTarget.ExplicitRelease r) {
            return explicit(r, catalog);
        }
        return channel((UpgradeTarget.Channel) target, catalog);
    }

    /** Every channel some release of the catalog is published in, sorted. */
    public static Set<String> channels(ReleaseCatalog catalog) {
        Set<String> out = new TreeSet<>();
        for (Release r : catalog.releases()) {
            out.addAll(r.channels());
        }
        return out;
    }

    private static ResolvedTarget explicit(UpgradeTarget.ExplicitRelease target, ReleaseCatalog catalog) {
        Version version = target.version();
        Optional<Release> release = catalog.get(version);
        if (release.isEmpty()) {
            Set<String> known = new LinkedHashSet<>();
            List<Release> all = catalog.releases();
            for (int i = all.size() - 1; i >= 0; i--) {
                known.add(all.get(i).version().toString());
            }
            return new ResolvedTarget.Unresolved(target, ResolvedTarget.Why.UNKNOWN_RELEASE, "unknown release '"
                    + version + "'" + Suggestions.closest(version.toString(), known).map(Suggestions::didYouMean)
                            .orElse("; the catalog has no release of that version"));
        }
        if (release.get().isWithdrawn()) {
            return new ResolvedTarget.Unresolved(target, ResolvedTarget.Why.WITHDRAWN, "release " + release.get().version()
                    + " is withdrawn and is never a target");
        }
        return new ResolvedTarget.Found(target, release.get());
    }

    private static ResolvedTarget channel(UpgradeTarget.Channel target, ReleaseCatalog catalog) {
        Set<String> channels = channels(catalog);
        if (!channels.contains(target.channel())) {
            return new ResolvedTarget.Unresolved(target, ResolvedTarget.Why.UNKNOWN_CHANNEL, "no release is published in"
                    + " channel '" + target.channel() + "'" + (channels.isEmpty() ? "; no release names a channel"
                            : Suggestions.hint(target.channel(), channels, "; known channels: ")));
        }
        Optional<Release> newest = catalog.newest(Optional.of(target.channel()), target.constraint());
        if (newest.isEmpty()) {
            return new ResolvedTarget.Unresolved(target, ResolvedTarget.Why.NONE_SATISFIES, target.constraint()
                    .map(c -> "no release of channel '" + target.channel() + "' that is not withdrawn satisfies \""
                            + c + "\" yet")
                    .orElse("every release of channel '" + target.channel() + "' is withdrawn"));
        }
        return new ResolvedTarget.Found(target, newest.get());
    }
}
