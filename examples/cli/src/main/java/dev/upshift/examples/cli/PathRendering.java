package dev.upshift.examples.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.release.Cut;
import dev.upshift.release.Hop;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;

/** Renders paths as text for people and as stable JSON for tools (documented in docs/cli.md). */
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

    static String json(PathResult result) {
        ObjectNode o = Json.NODES.objectNode();
        o.put("from", result.from().toString());
        o.put("to", result.to().toString());
        o.put("found", result.isFound());
        if (result instanceof UpgradePath p) {
            o.put("change", p.change().word());
            o.put("unchecked", p.isUnchecked());
            ArrayNode hops = o.putArray("hops");
            for (Hop h : p.hops()) {
                ObjectNode j = hops.addObject();
                j.put("from", h.from().version().toString());
                j.put("to", h.to().version().toString());
                j.put("change", h.change().word());
                ObjectNode k = j.putObject("kubernetes");
                k.put("from", kube(h.from()));
                k.put("to", kube(h.to()));
                j.put("workersMove", h.workersMove());
                j.put("workersRelease", h.workersRelease().version().toString());
                ArrayNode u = j.putArray("uncheckedComponents");
                h.uncheckedComponents().forEach(u::add);
            }
        } else if (result instanceof NoPath n) {
            o.put("reason", n.reason());
            o.put("rule", n.rule().map(Enum::name).orElse("UNKNOWN_RELEASE"));
            ArrayNode cuts = o.putArray("cuts");
            for (Cut c : n.cuts()) {
                ObjectNode j = cuts.addObject();
                j.put("from", c.from().toString());
                j.put("to", c.to().toString());
                j.put("rule", c.rule().name());
                j.put("message", c.message());
            }
        }
        return Json.pretty(o);
    }

    private static String kube(Release r) {
        return r.kubernetes().map(Version::toString).orElse("?");
    }
}
