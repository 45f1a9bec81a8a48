package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.PlannedHop;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.release.Version;
import dev.upshift.spi.UpgradeState;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The stable JSON form of a {@link Plan} (docs/planning.md, "The plan as JSON"), in Upshift's one
 * JSON layout ({@link JsonText#pretty}). Every field is always written, {@code null} when absent, in a
 * fixed order; instants are RFC 3339 in UTC ({@code Z}); days are {@code yyyy-mm-dd}.
 *
 * <pre>{@code
 * String json = PlanJson.render(plan);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PlanJson {
    private PlanJson() {}

    /** The plan as pretty JSON text, ending with a newline. */
    public static String render(Plan plan) {
        return JsonText.pretty(tree(plan));
    }

    /**
     * The plan as a JSON tree: {@code now}, {@code counts}, {@code entries}, {@code problems}, and,
     * only when some {@code ManagedCluster} document could not be read, {@code unreadable}: one
     * {@code {cluster, file, problem}} each.
     */
    public static ObjectNode tree(Plan plan) {
        ObjectNode root = JsonParts.NODES.objectNode();
        root.put("now", plan.now().toString());
        ObjectNode counts = root.putObject("counts");
        for (Map.Entry<UpgradeState, Integer> c : plan.counts().entrySet()) {
            counts.put(c.getKey().word(), c.getValue());
        }
        ArrayNode entries = root.putArray("entries");
        plan.entries().forEach(e -> entries.add(entry(e)));
        ArrayNode problems = root.putArray("problems");
        plan.problems().forEach(p -> problems.add(problem(p)));
        if (!plan.unreadClusters().isEmpty()) {
            ArrayNode unreadable = root.putArray("unreadable");
            plan.unreadClusters().forEach(u -> unreadable.addObject().put("cluster", u.name())
                    .put("file", u.location().toString()).put("problem", u.problem().message()));
        }
        return root;
    }

    /**
     * The plan with each entry's {@code forecast} added last: {@code {start, end}} of the cluster's
     * first upgrade in the simulation (see {@link Forecast}), or {@code null} when it starts none in
     * the simulated range (what {@code upshift plan --forecast --output json} writes).
     */
    public static String render(Plan plan, Simulation forecasts) {
        return JsonText.pretty(tree(plan, forecasts));
    }

    /** The tree of {@link #render(Plan, Simulation)}. */
    public static ObjectNode tree(Plan plan, Simulation forecasts) {
        ObjectNode root = tree(plan);
        Map<String, Forecast> all = Forecast.all(forecasts);
        for (var entry : root.withArray("entries")) {
            ObjectNode o = (ObjectNode) entry;
            Optional<Forecast> f = Optional.ofNullable(all.get(o.get("cluster").asText())).filter(x -> x.start().isPresent());
            if (f.isPresent()) {
                ObjectNode at = o.putObject("forecast");
                at.put("start", f.get().start().get().toString());
                at.put("end", f.get().end().orElseThrow().toString());
            } else {
                o.putNull("forecast");
            }
        }
        return root;
    }

    /** One entry as a JSON object, with DESIGN.md section 8's fields first. */
    public static ObjectNode entry(PlanEntry e) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("cluster", e.cluster());
        o.put("from", e.from().toString());
        putOrNull(o, "to", e.to().map(Version::toString).orElse(null));
        ArrayNode path = o.putArray("path");
        e.path().forEach(v -> path.add(v.toString()));
        putOrNull(o, "kind", e.kind().map(PlanKind::word).orElse(null));
        putOrNull(o, "releaseChange", e.releaseChange().map(c -> c.word()).orElse(null));
        putOrNull(o, "stage", e.stage().orElse(null));
        o.put("state", e.state().word());
        if (e.window().isPresent()) {
            o.set("window", JsonParts.interval(e.window().get()));
        } else {
            o.putNull("window");
        }
        ArrayNode reasons = o.putArray("reasons");
        e.reasons().forEach(r -> reasons.add(JsonParts.reason(r)));
        putOrNull(o, "upgrade", e.upgrade().orElse(null));
        putOrNull(o, "expectedEnd", e.expectedEnd().map(Object::toString).orElse(null));
        putOrNull(o, "impact", e.impact().map(i -> i.word()).orElse(null));
        putOrNull(o, "endOfLife", e.endOfLife().map(Object::toString).orElse(null));
        o.put("unchecked", e.unchecked());
        putOrNull(o, "overrun", e.overrun().map(Durations::format).orElse(null));
        ArrayNode hops = o.putArray("hops");
        e.hops().forEach(h -> hops.add(hop(h)));
        return o;
    }

    /** One hop: {@code from}, {@code to}, {@code kind}, {@code window}, {@code expectedEnd}, {@code overrun}, {@code reasons}. */
    private static ObjectNode hop(PlannedHop h) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("from", h.from().toString());
        o.put("to", h.to().toString());
        o.put("kind", h.kind().word());
        if (h.window().isPresent()) {
            o.set("window", JsonParts.interval(h.window().get()));
        } else {
            o.putNull("window");
        }
        putOrNull(o, "expectedEnd", h.expectedEnd().map(Object::toString).orElse(null));
        putOrNull(o, "overrun", h.overrun().map(Durations::format).orElse(null));
        ArrayNode reasons = o.putArray("reasons");
        h.reasons().forEach(r -> reasons.add(JsonParts.reason(r)));
        return o;
    }

    private static ObjectNode problem(Problem p) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("severity", p.isError() ? "error" : "warning");
        o.put("source", p.location().source());
        o.put("line", p.location().line());
        o.put("column", p.location().column());
        o.put("field", p.field());
        o.put("message", p.message());
        o.put("text", p.toString());
        return o;
    }

    private static void putOrNull(ObjectNode o, String field, String value) {
        if (value == null) {
            o.putNull(field);
        } else {
            o.put(field, value);
        }
    }
}
