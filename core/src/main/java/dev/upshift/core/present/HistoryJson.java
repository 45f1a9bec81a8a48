package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.tree.JsonText;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The stable JSON form of upgrade history records, as {@code upshift history --output json} prints
 * it (docs/cli.md, "upshift history", documents every field), in Upshift's one JSON layout
 * ({@link JsonText#pretty}). Fields are only ever added.
 *
 * <pre>{@code
 * String json = HistoryJson.render(journal.entries(), Optional.of("state/history.jsonl"), Optional.empty());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryJson {
    private HistoryJson() {}

    /**
     * The records as pretty JSON text, ending with a newline.
     *
     * @param records the records, oldest first
     * @param journal where they were read, as the reader should see it; empty when there is no journal
     * @param cluster the cluster they were chosen by, when they were
     */
    public static String render(List<HistoryEntry> records, Optional<String> journal, Optional<String> cluster) {
        return JsonText.pretty(tree(records, journal, cluster));
    }

    /** The records as a JSON tree: {@code journal}, {@code cluster} and the {@code records}. */
    public static ObjectNode tree(List<HistoryEntry> records, Optional<String> journal, Optional<String> cluster) {
        ObjectNode o = JsonParts.NODES.objectNode();
        JsonParts.putOrNull(o, "journal", journal);
        JsonParts.putOrNull(o, "cluster", cluster);
        ArrayNode list = o.putArray("records");
        records.forEach(r -> list.add(record(r)));
        return o;
    }

    /**
     * One record: {@code at}, {@code cluster}, {@code upgrade} (the intent, or null), {@code from},
     * {@code to}, {@code hop}, {@code attempt}, {@code step}, {@code state}, {@code outcome}
     * ({@code succeeded}, {@code failed} or null), {@code reasons}, {@code message},
     * {@code idempotencyKey}, {@code owedHooks} and {@code epoch}.
     */
    public static ObjectNode record(HistoryEntry e) {
        ObjectNode o = JsonParts.NODES.objectNode();
        o.put("at", e.at().toString());
        o.put("cluster", e.clusterId());
        JsonParts.putOrNull(o, "upgrade", e.intent());
        o.put("from", e.from().toString());
        o.put("to", e.to().toString());
        ObjectNode hop = o.putObject("hop");
        hop.put("number", e.hop().number());
        hop.put("count", e.hop().count());
        hop.put("target", e.hop().target().toString());
        o.put("attempt", e.attempt());
        o.put("step", e.step().word());
        o.put("state", e.state().word());
        JsonParts.putOrNull(o, "outcome", outcome(e).map(Outcome::word));
        ArrayNode reasons = o.putArray("reasons");
        for (Reason r : e.reasons()) {
            reasons.add(JsonParts.reason(r));
        }
        o.put("message", e.message());
        o.put("idempotencyKey", e.upgradeId());
        ArrayNode hooks = o.putArray("owedHooks");
        e.owedHooks().forEach(hooks::add);
        o.put("epoch", e.epoch());
        return o;
    }

    /** How the attempt ended, when the record says it has. */
    public static Optional<Outcome> outcome(HistoryEntry e) {
        if (e.state() == UpgradeState.SUCCEEDED) {
            return Optional.of(Outcome.SUCCEEDED);
        }
        return e.state() == UpgradeState.FAILED ? Optional.of(Outcome.FAILED) : Optional.empty();
    }
}
