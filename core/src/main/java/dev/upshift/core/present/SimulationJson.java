package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.core.simulate.AssumedApprovals;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.HeldBack;
import dev.upshift.core.simulate.ScheduleCalendar;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationStep;
import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.spi.UpgradeState;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The stable JSON form of a {@link Simulation} (docs/cli.md, "upshift simulate", documents every
 * field), in Upshift's one JSON layout ({@link JsonText#pretty}). Every field is always written,
 * {@code null} when absent, in a fixed order; instants are RFC 3339 in UTC ({@code Z}); durations
 * are whole seconds. Fields are only ever added.
 *
 * <pre>{@code
 * String json = SimulationJson.render(simulation);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SimulationJson {
    private SimulationJson() {}

    /** The simulation as pretty JSON text, ending with a newline. */
    public static String render(Simulation simulation) {
        return JsonText.pretty(tree(simulation));
    }

    /**
     * The simulation as pretty JSON text with its end-of-life forecast as a last field,
     * {@code endOfLife} (what {@code upshift simulate --output json} writes).
     */
    public static String render(Simulation simulation, EndOfLifeForecast endOfLife) {
        ObjectNode root = tree(simulation);
        root.set("endOfLife", EndOfLifeJson.tree(endOfLife));
        return JsonText.pretty(root);
    }

    /**
     * The simulation as a JSON tree: {@code from}, {@code until}, {@code seed}, {@code failureRate},
     * {@code end}, {@code summary}, {@code clusters}, {@code schedules}, {@code steps},
     * {@code approvals} (only when a stage approval gate was reached: each gate's {@code upgrade},
     * {@code stage}, {@code gate}, {@code reached} and assumed {@code approved}, null for never),
     * {@code firstPlan}.
     */
    public static ObjectNode tree(Simulation sim) {
        ObjectNode root = JsonParts.NODES.objectNode();
        root.put("from", sim.settings().from().toString());
        root.put("until", sim.settings().until().toString());
        root.put("seed", sim.settings().seed());
        root.put("failureRate", sim.settings().failureRate());
        root.put("end", sim.end().toString());
        root.set("summary", summary(sim.summary()));
        ArrayNode clusters = root.putArray("clusters");
        sim.clusters().forEach(c -> clusters.add(cluster(c)));
        ArrayNode schedules = root.putArray("schedules");
        sim.schedules().forEach(s -> schedules.add(schedule(s)));
        ArrayNode steps = root.putArray("steps");
        sim.steps().forEach(s -> steps.add(step(s)));
        if (!sim.approvals().isEmpty()) {
            ArrayNode approvals = root.putArray("approvals");
            for (AssumedApprovals.Expected a : sim.approvals()) {
                ObjectNode o = approvals.addObject();
                o.put("upgrade", a.upgrade());
                o.put("stage", a.stage());
                o.put("gate", a.gate().word());
                o.put("reached", a.reached().toString());
                if (a.approved().isPresent()) {
                    o.put("approved", a.approved().get().toString());
                } else {
                    o.putNull("approved");
                }
            }
        }
        root.set("firstPlan", PlanJson.tree(sim.firstPlan()));
        return root;
    }

    private static ObjectNode summary(Simulation.Summary s) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("clusters", s.clusters());
        o.put("upgraded", s.upgraded());
        o.put("failed", s.failed());
        o.put("neverStarted", s.neverStarted());
        o.put("inProgress", s.inProgress());
        JsonParts.putOrNull(o, "lastFinish", s.lastFinish());
        return o;
    }

    private static ObjectNode cluster(SimulatedCluster c) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("cluster", c.cluster());
        JsonParts.putOrNull(o, "upgrade", c.upgrade());
        JsonParts.putOrNull(o, "stage", c.stage());
        o.put("from", c.from().toString());
        JsonParts.putOrNull(o, "target", c.target());
        JsonParts.putOrNull(o, "kind", c.kind().map(k -> k.word()));
        o.put("reached", c.reached().toString());
        o.put("state", c.state().word());
        o.put("outcome", c.outcome().word());
        ArrayNode reasons = o.putArray("reasons");
        c.reasons().forEach(r -> reasons.add(JsonParts.reason(r)));
        ArrayNode upgrades = o.putArray("upgrades");
        c.upgrades().forEach(u -> upgrades.add(upgrade(u)));
        ArrayNode held = o.putArray("heldBack");
        for (HeldBack h : c.heldBack()) {
            ObjectNode hb = held.addObject();
            hb.put("code", h.code());
            hb.put("seconds", h.total().getSeconds());
            hb.put("since", h.since().toString());
            hb.put("until", h.until().toString());
            hb.put("message", h.message());
        }
        JsonParts.putOrNull(o, "schedule", c.schedule());
        ArrayNode allowed = o.putArray("allowed");
        c.allowed().forEach(i -> allowed.add(JsonParts.interval(i)));
        if (c.freeze().isPresent()) {
            ObjectNode f = o.putObject("freeze");
            f.put("until", c.freeze().get().until().toString());
            f.put("reason", c.freeze().get().reason());
        } else {
            o.putNull("freeze");
        }
        return o;
    }

    private static ObjectNode upgrade(SimulatedUpgrade u) {
        ObjectNode o = JsonParts.NODES.objectNode();
        JsonParts.putOrNull(o, "upgrade", u.upgrade());
        JsonParts.putOrNull(o, "stage", u.stage());
        o.put("from", u.from().toString());
        o.put("to", u.to().toString());
        o.put("kind", u.kind().word());
        o.put("start", u.start().toString());
        o.put("end", u.end().toString());
        o.put("outcome", u.outcome().word());
        if (u.window().isPresent()) {
            o.set("window", JsonParts.interval(u.window().get()));
        } else {
            o.putNull("window");
        }
        o.put("hop", u.hop());
        o.put("hops", u.hops());
        o.put("repair", u.repair());
        return o;
    }

    private static ObjectNode schedule(ScheduleCalendar s) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("name", s.name());
        ArrayNode windows = o.putArray("windows");
        s.windows().forEach(w -> windows.add(JsonParts.interval(w)));
        ArrayNode exclusions = o.putArray("exclusions");
        for (ExclusionOccurrence x : s.exclusions()) {
            ObjectNode e = exclusions.addObject();
            e.put("name", x.name());
            e.put("scope", x.scope().word());
            e.put("start", x.interval().start().toString());
            e.put("end", x.interval().end().orElseThrow().toString());
        }
        return o;
    }

    private static ObjectNode step(SimulationStep s) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("at", s.at().toString());
        ArrayNode finished = o.putArray("finished");
        s.finished().forEach(finished::add);
        ArrayNode started = o.putArray("started");
        s.started().forEach(started::add);
        ArrayNode inProgress = o.putArray("inProgress");
        s.inProgress().forEach(inProgress::add);
        ObjectNode counts = o.putObject("counts");
        for (Map.Entry<UpgradeState, Integer> c : s.counts().entrySet()) {
            counts.put(c.getKey().word(), c.getValue());
        }
        return o;
    }
}
