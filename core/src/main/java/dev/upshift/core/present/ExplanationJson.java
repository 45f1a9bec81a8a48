package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.simulate.Forecast;
import java.time.Instant;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The stable JSON form of an {@link Explanation} of one cluster, as {@code upshift explain --output
 * json} prints it (docs/cli.md, "upshift explain", documents every field), in Upshift's one JSON
 * layout ({@link JsonText#pretty}): the plan's instant, the explanation's steps and the cluster's
 * plan entry as {@link PlanJson#entry} writes it. Every field is always written, {@code null} when
 * absent; fields are only ever added.
 *
 * <pre>{@code
 * plan.entry("prod-eu-1").map(e -> ExplanationJson.render(e, plan.now()));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ExplanationJson {
    private ExplanationJson() {}

    /** The explanation of a plan's entry, the plan made at {@code now}, as pretty JSON text ending with a newline. */
    public static String render(PlanEntry entry, Instant now) {
        return JsonText.pretty(tree(entry, now));
    }

    /**
     * The same with a last field, {@code forecast}: {@code {start, end, text}} of the cluster's
     * {@link Forecast} ({@code start} and {@code end} {@code null} when it starts nothing in the
     * simulated range), or {@code null} when there is none (what {@code upshift explain --output json}
     * prints: no forecast for a cluster with nothing to do).
     */
    public static String render(PlanEntry entry, Instant now, Optional<Forecast> forecast) {
        ObjectNode root = tree(entry, now);
        if (forecast.isEmpty()) {
            root.putNull("forecast");
        } else {
            ObjectNode f = root.putObject("forecast");
            JsonParts.putOrNull(f, "start", forecast.get().start());
            JsonParts.putOrNull(f, "end", forecast.get().end());
            f.put("text", forecast.get().text());
        }
        return JsonText.pretty(root);
    }

    /**
     * The explanation as a JSON tree: {@code now}, {@code cluster}, {@code state}, {@code summary},
     * {@code steps} (each {@code code}, {@code text}, {@code until}) and {@code entry}.
     */
    public static ObjectNode tree(PlanEntry entry, Instant now) {
        Explanation explanation = Explanation.of(entry, now);
        ObjectNode root = JsonParts.NODES.objectNode();
        root.put("now", now.toString());
        root.put("cluster", explanation.cluster());
        root.put("state", explanation.state().word());
        root.put("summary", explanation.summary());
        ArrayNode steps = root.putArray("steps");
        for (Explanation.Step s : explanation.steps()) {
            ObjectNode step = steps.addObject();
            step.put("code", s.code());
            step.put("text", s.text());
            JsonParts.putOrNull(step, "until", s.until());
        }
        root.set("entry", PlanJson.entry(entry));
        return root;
    }
}
