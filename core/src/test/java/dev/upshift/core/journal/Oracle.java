package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * A second implementation of the journal's format, as docs/journal.md describes it, on Jackson's
 * tree model: it reads version 2 lines and writes and reads version 1 lines, independently of the
 * journal's own streaming reader and hand-made writer.
 */
final class Oracle {
    static final List<String> V1_FIELDS = List.of("at", "cluster", "upgradeId", "intent", "from", "to", "state",
            "message", "reasons");
    static final List<String> V2_FIELDS = List.of("at", "cluster", "upgradeId", "intent", "from", "to", "state",
            "message", "reasons", "step", "hop", "attempt", "owedHooks", "epoch");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Writes every non-ASCII character escaped, lone surrogates included, unlike the journal's writer. */
    private static final ObjectMapper ESCAPING = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private Oracle() {}

    static JsonNode tree(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The field names of an object, in order. */
    static List<String> names(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** Asserts that a version 2 line holds exactly the entry, field by field as documented. */
    static void assertLineIs(String line, HistoryEntry e) {
        JsonNode o = tree(line);
        assertThat(names(o)).as(line).isEqualTo(V2_FIELDS);
        assertThat(entryOfVersion2(o)).as(line).isEqualTo(e);
    }

    static HistoryEntry entryOfVersion2(JsonNode o) {
        JsonNode hop = o.get("hop");
        assertThat(names(hop)).containsExactly("number", "count", "target");
        List<String> hooks = new ArrayList<>();
        o.get("owedHooks").forEach(h -> hooks.add(h.textValue()));
        return new HistoryEntry(instant(o.get("at")), o.get("cluster").textValue(), o.get("upgradeId").textValue(),
                Version.parse(o.get("from").textValue()), Version.parse(o.get("to").textValue()),
                o.get("intent").isNull() ? Optional.empty() : Optional.of(o.get("intent").textValue()),
                UpgradeState.words().get(o.get("state").textValue()), o.get("message").textValue(), reasons(o),
                HistoryEntry.Step.words().get(o.get("step").textValue()),
                new HistoryEntry.Hop(hop.get("number").intValue(), hop.get("count").intValue(),
                        Version.parse(hop.get("target").textValue())),
                o.get("attempt").intValue(), hooks, o.get("epoch").longValue());
    }

    /** What a version 1 line means: the nine-part entry. */
    static HistoryEntry entryOfVersion1(JsonNode o) {
        return new HistoryEntry(instant(o.get("at")), o.get("cluster").textValue(), o.get("upgradeId").textValue(),
                Version.parse(o.get("from").textValue()), Version.parse(o.get("to").textValue()),
                o.get("intent").isNull() ? Optional.empty() : Optional.of(o.get("intent").textValue()),
                UpgradeState.words().get(o.get("state").textValue()), o.get("message").textValue(), reasons(o));
    }

    /** A version 1 line (no newline), as a version 1 writer wrote it: the nine fields, nothing else. */
    static String version1Line(HistoryEntry e) {
        ObjectNode o = ESCAPING.createObjectNode();
        o.put("at", e.at().toString());
        o.put("cluster", e.clusterId());
        o.put("upgradeId", e.upgradeId());
        if (e.intent().isPresent()) {
            o.put("intent", e.intent().get());
        } else {
            o.putNull("intent");
        }
        o.put("from", e.from().toString());
        o.put("to", e.to().toString());
        o.put("state", e.state().word());
        o.put("message", e.message());
        ArrayNode reasons = o.putArray("reasons");
        for (Reason r : e.reasons()) {
            ObjectNode ro = reasons.addObject().put("code", r.code()).put("message", r.message());
            r.until().ifPresent(u -> ro.put("until", u.toString()));
        }
        try {
            return ESCAPING.writeValueAsString(o);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static List<Reason> reasons(JsonNode o) {
        List<Reason> out = new ArrayList<>();
        for (Iterator<JsonNode> it = o.get("reasons").elements(); it.hasNext(); ) {
            JsonNode r = it.next();
            out.add(new Reason(r.get("code").textValue(), r.get("message").textValue(),
                    r.has("until") ? Optional.of(instant(r.get("until"))) : Optional.empty()));
        }
        return out;
    }

    private static Instant instant(JsonNode text) {
        return Instant.parse(text.textValue());
    }
}
