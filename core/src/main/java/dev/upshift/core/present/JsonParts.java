package dev.upshift.core.present;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import java.util.Optional;

/** The parts the JSON forms share, written alike wherever they occur: reasons, intervals, absent values. */
final class JsonParts {
    /** The factory every JSON form builds its tree with. */
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonParts() {}

    /** A reason: {@code code}, {@code message} and, when known, {@code until}. */
    static ObjectNode reason(Reason r) {
        ObjectNode o = NODES.objectNode();
        o.put("code", r.code());
        o.put("message", r.message());
        r.until().ifPresent(u -> o.put("until", u.toString()));
        return o;
    }

    /** An interval: {@code start} and {@code end} ({@code null} when open). */
    static ObjectNode interval(Interval i) {
        ObjectNode o = NODES.objectNode();
        o.put("start", i.start().toString());
        putOrNull(o, "end", i.end());
        return o;
    }

    /** The value's text, or {@code null} when it is absent. */
    static void putOrNull(ObjectNode o, String field, Optional<?> value) {
        if (value.isPresent()) {
            o.put(field, value.get().toString());
        } else {
            o.putNull(field);
        }
    }
}
