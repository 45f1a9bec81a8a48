package dev.upshift.examples.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.value.Durations;
import dev.upshift.schedule.Interval;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The stable JSON form of {@code upshift windows --output json} (documented in docs/cli.md). */
final class WindowsJson {
    private WindowsJson() {}

    static String render(String schedule, String scope, boolean nodeLevel, Instant from, WindowsCommand.End end,
            Duration minDuration, List<Interval> intervals, Optional<Instant> searchStoppedAt) {
        ObjectNode root = Json.NODES.objectNode();
        root.put("schedule", schedule);
        root.put("scope", scope);
        root.put("nodeLevel", nodeLevel);
        root.put("from", from.toString());
        if (end.until != null) {
            root.put("until", end.until.toString());
        } else {
            root.putNull("until");
        }
        if (end.count != null) {
            root.put("count", end.count);
        } else {
            root.putNull("count");
        }
        root.put("minDuration", Durations.format(minDuration));
        searchStoppedAt.ifPresent(t -> root.put("searchStoppedAt", t.toString()));
        ArrayNode list = root.putArray("intervals");
        for (Interval i : intervals) {
            ObjectNode item = list.addObject();
            item.put("start", i.start().toString());
            if (i.isOpen()) {
                item.putNull("end");
                item.putNull("seconds");
            } else {
                item.put("end", i.end().orElseThrow().toString());
                item.put("seconds", i.duration().orElseThrow().getSeconds());
            }
        }
        return Json.pretty(root);
    }
}
