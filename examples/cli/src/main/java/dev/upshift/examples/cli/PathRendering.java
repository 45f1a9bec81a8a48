package dev.upshift.examples.cli;

import dev.upshift.release.Hop;
import dev.upshift.release.Release;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;

/** Renders paths as text for people; the stable JSON for tools is core's {@code PathJson} (documented in docs/cli.md). */
final class PathRendering {
    private PathRendering() {}

    static String text(UpgradePath p) {
        StringBuilder s = new StringBuilder();
        if (p.hops().isEmpty()) {
            return s.append(p.from()).append(" → ").append(p.to()).append(": up to date, no hops\n").toString();
        }
        s.append(p.from()).append(" → ").append(p.to()).append(": ").append(p.hops().size())
                .append(p.hops().size() == 1 ? " hop, " : " hops, ").append(p.change()).append(" upgrade\n");
        int i = 1;
        for (Hop h : p.hops()) {
            s.append(String.format(java.util.Locale.ROOT, "  %d. %-8s → %-8s %-6s kubernetes %s → %s  %s\n", i++, h.from().version(),
                    h.to().version(), h.change(), kube(h.from()), kube(h.to()),
                    h.workersMove() ? "control plane and workers" : "control plane only (workers stay on "
                            + h.workersRelease().version() + ")"));
        }
        java.util.TreeSet<String> unchecked = new java.util.TreeSet<>();
        p.hops().forEach(h -> unchecked.addAll(h.uncheckedComponents()));
        if (!unchecked.isEmpty()) {
            s.append("  compatibility assumed, not checked (no componentUpgradesFrom rule): ")
                    .append(String.join(", ", unchecked)).append('\n');
        }
        return s.toString();
    }

    private static String kube(Release r) {
        return r.kubernetes().map(Version::toString).orElse("?");
    }
}
