package dev.upshift.core.plan;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.Document;
import dev.upshift.release.ApiRemoval;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import dev.upshift.spi.ReadinessAcceptance;
import dev.upshift.spi.ReadinessFinding;
import dev.upshift.spi.Reason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Static readiness (docs/planning.md, "Readiness"): the APIs a cluster's documents use (its
 * resources and the manifests of {@code spec.manifestsFrom}) against what the component of each
 * hop's target release still serves. An API blocks exactly the first hop of the path whose target
 * no longer serves it ({@code REMOVED_API}), naming every document that uses it, the removing
 * release, the replacement and whether the cluster's current release already serves it; a person's
 * {@link ReadinessAcceptance} for that API and hop turns the block into a note
 * ({@code REMOVED_API_ACCEPTED}). An API the path's last target deprecates but still serves is a
 * warning ({@code DEPRECATED_API}), never a block. Pure: a function of its arguments.
 */
final class Readiness {
    private static final int NAMED = 5;

    /**
     * What readiness says about one path.
     *
     * @param hops per hop of the path, in order, the {@code REMOVED_API} reasons that block it
     * @param notes warnings and accepted findings, which block nothing
     */
    record Verdict(List<List<Reason>> hops, List<Reason> notes) {
        /** The first blocked hop's index, or -1. */
        int firstBlocked() {
            for (int k = 0; k < hops.size(); k++) {
                if (!hops.get(k).isEmpty()) {
                    return k;
                }
            }
            return -1;
        }
    }

    /** The documents of a cluster that use one API. */
    private record Use(String apiVersion, String kind, List<String> where) {}

    private Readiness() {}

    /**
     * Judges a cluster's path.
     *
     * @param cluster the cluster, whose resources, manifests and acceptances are read
     * @param from the release it runs
     * @param path the releases of its hops, in order
     */
    static Verdict judge(ManagedCluster cluster, Version from, List<Version> path, ReleaseCatalog catalog,
            ApiRemovals table) {
        return judge(cluster, from, path, catalog, table, LiveReadings.none());
    }

    /** Judges a cluster's path by its documents and by what the live checks saw on it. */
    static Verdict judge(ManagedCluster cluster, Version from, List<Version> path, ReleaseCatalog catalog,
            ApiRemovals table, LiveReadings live) {
        List<List<Reason>> hops = new ArrayList<>();
        path.forEach(v -> hops.add(new ArrayList<>()));
        List<Reason> notes = new ArrayList<>();
        if (path.isEmpty()) {
            return new Verdict(List.of(), List.of());
        }
        Optional<Release> current = catalog.get(from);
        for (Use use : uses(cluster).values()) {
            Optional<ApiRemoval> found = table.find(use.apiVersion(), use.kind());
            if (found.isEmpty()) {
                continue;
            }
            ApiRemoval r = found.get();
            Optional<Version> now = current.flatMap(rel -> rel.component(r.component()));
            int blocked = -1;
            Version lastTarget = null;
            for (int k = 0; k < path.size() && blocked < 0; k++) {
                Optional<Version> at = catalog.get(path.get(k)).flatMap(rel -> rel.component(r.component()));
                if (at.isPresent()) {
                    lastTarget = at.get();
                    if (!r.servedAt(at.get())) {
                        blocked = k;
                    }
                }
            }
            if (blocked >= 0) {
                Version hopFrom = blocked == 0 ? from : path.get(blocked - 1);
                Version hopTo = path.get(blocked);
                String text = removed(r, use, hopFrom, hopTo, now);
                Optional<ReadinessAcceptance> accepted = cluster.accepted().stream()
                        .filter(a -> covers(a, r.apiVersion(), r.kind(), hopTo)).findFirst();
                block(accepted, text, hops.get(blocked), notes);
            } else if (lastTarget != null && r.deprecatedAt(lastTarget)) {
                notes.add(Reason.of(ReasonCodes.DEPRECATED_API, use.apiVersion() + " " + use.kind() + " in "
                        + where(use) + " is deprecated in " + r.component() + " " + ApiRemoval.text(lastTarget)
                        + " and removed in " + ApiRemoval.text(r.removedIn()) + replacement(r, now)
                        + "; a warning, not a block"));
            }
        }
        live(cluster, from, path, catalog, live, hops, notes);
        return new Verdict(hops.stream().map(List::copyOf).toList(), List.copyOf(notes));
    }

    /** The live findings: each blocks the first hop whose Kubernetes reaches its removal; a failed check the first hop. */
    private static void live(ManagedCluster cluster, Version from, List<Version> path, ReleaseCatalog catalog,
            LiveReadings live, List<List<Reason>> hops, List<Reason> notes) {
        String failure = live.failures().get(cluster.id());
        if (failure != null) {
            hops.get(0).add(Reason.of(ReasonCodes.READINESS_UNKNOWN, "the live readiness check could not look at the"
                    + " cluster (" + failure + "); it is not known to be ready, and the next plan asks again"));
        }
        for (ReadinessFinding f : live.findings().getOrDefault(cluster.id(), List.of())) {
            if (f.removedIn().isEmpty()) {
                continue;
            }
            Version removed = f.removedIn().get();
            for (int k = 0; k < path.size(); k++) {
                Optional<Version> at = catalog.get(path.get(k)).flatMap(Release::kubernetes);
                if (at.isEmpty() || at.get().compareMajorMinor(removed) < 0) {
                    continue;
                }
                Version hopTo = path.get(k);
                String text = "hop " + (k == 0 ? from : path.get(k - 1)) + " → " + hopTo + " crosses kubernetes "
                        + ApiRemoval.text(removed) + ", which no longer serves " + f.apiVersion() + " " + f.resource()
                        + ", still requested on the live cluster" + f.lastSeen().map(t -> " (last seen " + t + ")")
                                .orElse("") + ", from " + f.source();
                Optional<ReadinessAcceptance> accepted = cluster.accepted().stream()
                        .filter(a -> a.apiVersion().equals(f.apiVersion()) && a.to().samePrecedence(hopTo)
                                && names(a.kind(), f.resource()))
                        .findFirst();
                block(accepted, text, hops.get(k), notes);
                break;
            }
        }
    }

    /** A {@code REMOVED_API} on the hop, or, when a person accepted it, a note saying who and why. */
    private static void block(Optional<ReadinessAcceptance> accepted, String text, List<Reason> hop, List<Reason> notes) {
        if (accepted.isPresent()) {
            notes.add(Reason.of(ReasonCodes.REMOVED_API_ACCEPTED, "accepted by " + accepted.get().by() + " ("
                    + accepted.get().reason() + ", " + accepted.get().location() + "): " + text));
        } else {
            hop.add(Reason.of(ReasonCodes.REMOVED_API, text));
        }
    }

    /** Whether an acceptance's kind names a live finding's resource: {@code CronJob} or {@code cronjobs}. */
    private static boolean names(String kind, String resource) {
        String k = kind.toLowerCase(java.util.Locale.ROOT);
        String plural = k.endsWith("y") ? k.substring(0, k.length() - 1) + "ies" : k.endsWith("s") ? k + "es" : k + "s";
        return resource.equals(k) || resource.equals(plural);
    }

    /** Whether an acceptance is for this API on the hop landing on {@code hopTo}. */
    static boolean covers(ReadinessAcceptance a, String apiVersion, String kind, Version hopTo) {
        return a.apiVersion().equals(apiVersion) && a.kind().equals(kind) && a.to().samePrecedence(hopTo);
    }

    private static String removed(ApiRemoval r, Use use, Version hopFrom, Version hopTo, Optional<Version> now) {
        return "hop " + hopFrom + " → " + hopTo + " crosses " + r.component() + " " + ApiRemoval.text(r.removedIn())
                + ", which no longer serves " + use.apiVersion() + " " + use.kind() + ", used in " + where(use)
                + replacement(r, now);
    }

    private static String replacement(ApiRemoval r, Optional<Version> now) {
        if (r.replacement().isEmpty()) {
            return "; there is no replacement: remove the documents before the upgrade";
        }
        String since = ApiRemoval.text(r.replacementSince().orElseThrow());
        String served = now.map(v -> r.replacementServedAt(v)
                ? ", already served at the cluster's " + r.component() + " " + ApiRemoval.text(v) + ": migrate them before"
                        + " the upgrade"
                : ", not yet served at the cluster's " + r.component() + " " + ApiRemoval.text(v)
                        + ": migrate them on the way, once a hop reaches " + since).orElse("");
        return "; migrate to " + r.replacement().get() + " (served since " + since + ")" + served;
    }

    private static String where(Use use) {
        List<String> w = use.where();
        String named = String.join(", ", w.subList(0, Math.min(NAMED, w.size())));
        return w.size() > NAMED ? named + " and " + (w.size() - NAMED) + " more" : named;
    }

    /** Every API the cluster's documents use, in the order first met: resources, then manifests. */
    private static Map<String, Use> uses(ManagedCluster c) {
        Map<String, Use> out = new LinkedHashMap<>();
        for (Document d : c.resources().documents()) {
            add(out, d.apiVersion(), d.id().kind(), d.id().kind() + "/" + d.id().name(), d.location());
        }
        for (Manifest m : c.manifests()) {
            add(out, m.apiVersion(), m.kind(), m.kind() + (m.name().isEmpty() ? "" : "/" + m.name()), m.location());
        }
        return out;
    }

    private static void add(Map<String, Use> out, String apiVersion, String kind, String name, SourceLocation at) {
        out.computeIfAbsent(apiVersion + " " + kind, k -> new Use(apiVersion, kind, new ArrayList<>()))
                .where().add(name + " (" + at + ")");
    }
}
