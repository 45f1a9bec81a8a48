package dev.upshift.core.validate;

import dev.upshift.common.kind.DocumentKinds;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.Document;
import dev.upshift.release.ApiRemoval;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import java.util.Optional;

/**
 * Every readiness finding of a fleet, as warnings at the documents (docs/planning.md, "Readiness"):
 * each document of a cluster (its resources and the manifests of {@code spec.manifestsFrom}) whose
 * API the table of removals names, with the removing release, the replacement and whether the
 * cluster's release still serves it. Validation knows no targets: which hop a finding blocks is
 * the plan's to say; validation lists them all, weeks ahead of any upgrade.
 */
final class ReadinessFindings {
    private ReadinessFindings() {}

    static void check(DocumentKinds kinds, DocumentKinds.Values values, Problems problems) {
        ApiRemovals table = ApiRemovals.kubernetes();
        for (ApiRemovals own : References.of(kinds, values, ApiRemovals.KIND.name(), ApiRemovals.class)) {
            table = table.with(own.entries());
        }
        ReleaseCatalog catalog = ReleaseCatalog.of(References.of(kinds, values, Release.KIND.name(), Release.class));
        for (ManagedCluster c : References.of(kinds, values, "ManagedCluster", ManagedCluster.class)) {
            Optional<Release> release = catalog.get(c.release());
            for (Document d : c.resources().documents()) {
                finding(table, release, c, d.apiVersion(), d.id().kind(), d.location(), problems);
            }
            for (Manifest m : c.manifests()) {
                finding(table, release, c, m.apiVersion(), m.kind(), m.location(), problems);
            }
        }
    }

    private static void finding(ApiRemovals table, Optional<Release> release, ManagedCluster c, String apiVersion,
            String kind, SourceLocation at, Problems problems) {
        Optional<ApiRemoval> found = table.find(apiVersion, kind);
        if (found.isEmpty()) {
            return;
        }
        ApiRemoval r = found.get();
        Optional<Version> now = release.flatMap(rel -> rel.component(r.component()));
        String served = now.map(v -> r.servedAt(v)
                ? "; cluster " + c.id() + " runs " + r.component() + " " + ApiRemoval.text(v) + ", which serves it"
                        + (r.deprecatedAt(v) ? " as deprecated" : "")
                : "; cluster " + c.id() + " runs " + r.component() + " " + ApiRemoval.text(v) + ", which no longer"
                        + " serves it").orElse("");
        String replacement = r.replacement().map(x -> "; migrate to " + x + " (served since "
                + ApiRemoval.text(r.replacementSince().orElseThrow()) + ")").orElse("; it has no replacement");
        problems.warning(at, "apiVersion", apiVersion + " " + kind + " is removed in " + r.component() + " "
                + ApiRemoval.text(r.removedIn()) + replacement + served + "; an upgrade across "
                + ApiRemoval.text(r.removedIn()) + " is blocked (REMOVED_API) until it is migrated or accepted");
    }
}
