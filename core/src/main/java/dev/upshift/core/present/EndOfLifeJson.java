package dev.upshift.core.present;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.simulate.EndOfLifeChange;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.EndOfLifeMiss;
import dev.upshift.core.simulate.ReleaseEndOfLife;

/** The {@code endOfLife} part of a simulation's JSON (docs/cli.md, "upshift simulate", documents every field). */
final class EndOfLifeJson {
    private EndOfLifeJson() {}

    static ObjectNode tree(EndOfLifeForecast eol) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("from", eol.from().toString());
        o.put("horizon", eol.horizon().toString());
        o.put("simulations", eol.simulations());
        o.put("exhausted", eol.exhausted());
        ArrayNode unexamined = o.putArray("unexamined");
        eol.unexamined().forEach(v -> unexamined.add(v.toString()));
        ArrayNode releases = o.putArray("releases");
        eol.releases().forEach(r -> releases.add(release(r)));
        return o;
    }

    private static ObjectNode release(ReleaseEndOfLife r) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("release", r.release().toString());
        o.put("endOfLife", r.endOfLife().toString());
        o.put("past", r.past().toString());
        o.put("ran", r.ran());
        ArrayNode inTime = o.putArray("inTime");
        r.inTime().forEach(inTime::add);
        ArrayNode misses = o.putArray("misses");
        r.misses().forEach(m -> misses.add(miss(m)));
        return o;
    }

    private static ObjectNode miss(EndOfLifeMiss m) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("cluster", m.cluster());
        JsonParts.putOrNull(o, "upgrade", m.upgrade());
        JsonParts.putOrNull(o, "stage", m.stage());
        JsonParts.putOrNull(o, "target", m.target());
        o.put("state", m.state().word());
        o.put("cause", m.cause().word());
        if (m.reason().isPresent()) {
            o.set("reason", JsonParts.reason(m.reason().get()));
        } else {
            o.putNull("reason");
        }
        if (m.held().isPresent()) {
            o.put("heldSeconds", m.held().get().getSeconds());
        } else {
            o.putNull("heldSeconds");
        }
        ArrayNode suggestions = o.putArray("suggestions");
        m.suggestions().forEach(c -> suggestions.add(change(c)));
        return o;
    }

    private static ObjectNode change(EndOfLifeChange c) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("kind", c.kind());
        o.put("text", c.text());
        if (c instanceof EndOfLifeChange.StartEarlier s) {
            o.put("upgrade", s.upgrade());
            o.put("startTime", s.startTime().toString());
            o.put("earlierSeconds", s.earlier().getSeconds());
        } else if (c instanceof EndOfLifeChange.RaiseConcurrency r) {
            o.put("upgrade", r.upgrade());
            o.put("stage", r.stage());
            o.put("maxConcurrent", r.maxConcurrent());
            o.put("was", r.was().toString());
        } else if (c instanceof EndOfLifeChange.ExtraWindow w) {
            o.put("schedule", w.schedule());
            o.put("firstStart", w.firstStart().format(java.time.format.DateTimeFormatter.ISO_LOCAL_DATE_TIME));
            o.put("recurrence", w.recurrence());
            o.put("seconds", w.length().getSeconds());
            o.put("timeZone", w.zone().getId());
        }
        return o;
    }
}
