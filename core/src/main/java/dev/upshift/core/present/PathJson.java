package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.release.Cut;
import dev.upshift.release.Hop;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import org.apiguardian.api.API;

/**
 * The stable JSON form of an upgrade path, or of why there is none, as {@code upshift path
 * --output json} prints it (docs/cli.md, "upshift path", documents every field), in Upshift's one
 * JSON layout ({@link JsonText#pretty}). Fields are only ever added.
 *
 * <pre>{@code
 * String json = PathJson.render(graph.path(from, to));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PathJson {
    private PathJson() {}

    /** The path, or why there is none, as pretty JSON text, ending with a newline. */
    public static String render(PathResult result) {
        return JsonText.pretty(tree(result));
    }

    /**
     * The path as a JSON tree: {@code from}, {@code to}, {@code found}; for a path {@code change},
     * {@code unchecked} and its {@code hops}; for none the {@code reason}, the {@code rule} that cut
     * the graph ({@code UNKNOWN_RELEASE} when a version is not in the catalog) and the {@code cuts}.
     */
    public static ObjectNode tree(PathResult result) {
        ObjectNode o = JsonParts.NODES.objectNode();
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
                k.put("from", kubernetes(h.from()));
                k.put("to", kubernetes(h.to()));
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
        return o;
    }

    /** The release's kubernetes version, or {@code ?} when it names none. */
    private static String kubernetes(Release r) {
        return r.kubernetes().map(Version::toString).orElse("?");
    }
}
