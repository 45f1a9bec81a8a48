package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.common.value.Durations;
import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.UpgradeKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * The stable JSON form of a maintenance schedule's allowed intervals, as {@code upshift windows
 * --output json} prints them (docs/cli.md, "upshift windows", documents every field), in Upshift's
 * one JSON layout ({@link JsonText#pretty}). Instants are RFC 3339 in UTC ({@code Z}), lengths whole
 * seconds; {@code until} or {@code count} is {@code null}, whichever was not asked; fields are only
 * ever added.
 *
 * <pre>{@code
 * Query query = new Query("weekday-nights", UpgradeKind.MINOR, from, Optional.empty(), OptionalInt.of(5), Duration.ZERO);
 * String json = WindowsJson.render(query, intervals, Optional.empty());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WindowsJson {
    private WindowsJson() {}

    /**
     * What was asked.
     *
     * @param schedule the schedule's name
     * @param kind the kind of upgrade the intervals allow: its version change is the {@code scope},
     *     whether it changes nodes {@code nodeLevel}
     * @param from the start of the range
     * @param until the end of the range, when every interval up to it was asked
     * @param count how many intervals were asked, when the first ones from {@code from} were
     * @param minDuration the least length an interval had to leave
     */
    public record Query(String schedule, UpgradeKind kind, Instant from, Optional<Instant> until, OptionalInt count,
            Duration minDuration) {
        /** Validates the parts: exactly one of {@code until} and {@code count}. */
        public Query {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
            Objects.requireNonNull(count, "count");
            Objects.requireNonNull(minDuration, "minDuration");
            if (until.isPresent() == count.isPresent()) {
                throw new IllegalArgumentException("give either until or count");
            }
        }
    }

    /**
     * The intervals found as pretty JSON text, ending with a newline.
     *
     * @param intervals the intervals, in order
     * @param searchStoppedAt where the search stopped when fewer than {@code count} were found
     */
    public static String render(Query query, List<Interval> intervals, Optional<Instant> searchStoppedAt) {
        return JsonText.pretty(tree(query, intervals, searchStoppedAt));
    }

    /**
     * The intervals found as pretty JSON text with, last, {@code exclusions}: the occurrences of the
     * exclusions that block the kind within the range ({@code upshift windows --exclusions}), each
     * {@code name} (an imported one says its calendar), {@code scope}, {@code start} and {@code end}.
     */
    public static String render(Query query, List<Interval> intervals, Optional<Instant> searchStoppedAt,
            List<ExclusionOccurrence> exclusions) {
        ObjectNode root = tree(query, intervals, searchStoppedAt);
        ArrayNode list = root.putArray("exclusions");
        for (ExclusionOccurrence x : exclusions) {
            ObjectNode item = list.addObject();
            item.put("name", x.name());
            item.put("scope", x.scope().word());
            item.put("start", x.interval().start().toString());
            item.put("end", x.interval().end().orElseThrow().toString());
        }
        return JsonText.pretty(root);
    }

    /**
     * The intervals found as a JSON tree: {@code schedule}, {@code scope}, {@code nodeLevel},
     * {@code from}, {@code until}, {@code count}, {@code minDuration}, {@code searchStoppedAt} (only
     * when the search stopped) and {@code intervals}, each {@code start}, {@code end} and
     * {@code seconds} ({@code null} when open).
     */
    public static ObjectNode tree(Query query, List<Interval> intervals, Optional<Instant> searchStoppedAt) {
        ObjectNode root = JsonParts.NODES.objectNode();
        root.put("schedule", query.schedule());
        root.put("scope", query.kind().versionChange().word());
        root.put("nodeLevel", query.kind().changesNodes());
        root.put("from", query.from().toString());
        JsonParts.putOrNull(root, "until", query.until());
        if (query.count().isPresent()) {
            root.put("count", query.count().getAsInt());
        } else {
            root.putNull("count");
        }
        root.put("minDuration", Durations.format(query.minDuration()));
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
        return root;
    }
}
