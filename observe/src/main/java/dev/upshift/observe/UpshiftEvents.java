package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.cloudevents.jackson.JsonFormat;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The history's entries as CloudEvents (structured mode, JSON format; docs/observability.md has the
 * types and the data): one event per entry, its {@code id} a digest of the entry, so that an event
 * sent again (after a retry, or a restart) carries the same id and a receiver can deduplicate.
 *
 * <p>Types: {@code dev.upshift.hop.<step>} for an attempt's steps ({@code starting},
 * {@code published}, {@code succeeded}, {@code failed}, {@code finished}, ...),
 * {@code dev.upshift.gate.held} (a before-hook holds a hop: a gate is waiting),
 * {@code dev.upshift.hop.declined}, {@code dev.upshift.stage.enrolled} (a stage's run starts with
 * the cluster in it) and {@code dev.upshift.cluster.skipped}. The subject is the cluster's id.
 *
 * <p>Pure: no I/O, no clock; the same entry gives the same bytes on every machine.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpshiftEvents {
    /** The data's content type and the event format's. */
    public static final String CONTENT_TYPE = JsonFormat.CONTENT_TYPE;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFormat FORMAT = new JsonFormat();

    private final URI source;

    private UpshiftEvents(URI source) {
        this.source = source;
    }

    /**
     * Events whose {@code source} is {@code source} (say {@code urn:upshift:fleet:prod}).
     *
     * @throws IllegalArgumentException when the source is not an absolute URI
     */
    public static UpshiftEvents from(URI source) {
        Objects.requireNonNull(source, "source");
        if (!source.isAbsolute()) {
            throw new IllegalArgumentException("an event source is an absolute URI, such as urn:upshift:fleet:prod, not '"
                    + source + "'");
        }
        return new UpshiftEvents(source);
    }

    /** The event's type for an entry: {@code dev.upshift.hop.succeeded}, ... */
    public static String type(HistoryEntry e) {
        return switch (e.step()) {
            case HELD -> "dev.upshift.gate.held";
            case ENROLLED -> "dev.upshift.stage.enrolled";
            case SKIPPED -> "dev.upshift.cluster.skipped";
            case NOTED -> "dev.upshift.cluster.noted";
            default -> "dev.upshift.hop." + e.step().word();
        };
    }

    /**
     * The entry's stable id: a digest of what identifies it (the attempt's key, the step, the
     * instant, the cluster, the hop and the message), 32 hex digits.
     */
    public static String id(HistoryEntry e) {
        String key = e.upgradeId() + "\n" + e.step().word() + "\n" + e.at() + "\n" + e.clusterId() + "\n"
                + e.hop().number() + "/" + e.hop().count() + "\n" + e.attempt() + "\n" + e.message();
        return digest(key, 16);
    }

    /** The first {@code bytes} bytes of the SHA-256 digest of {@code text} (UTF-8), in hex. */
    static String digest(String text, int bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The entry as a CloudEvent. */
    public CloudEvent event(HistoryEntry e) {
        return CloudEventBuilder.v1()
                .withId(id(e))
                .withSource(source)
                .withType(type(e))
                .withSubject(e.clusterId())
                .withTime(e.at().atOffset(ZoneOffset.UTC))
                .withDataContentType("application/json")
                .withData(data(e))
                .build();
    }

    /** The entry's CloudEvent in the JSON format, structured mode: what a webhook receives. */
    public byte[] json(HistoryEntry e) {
        return FORMAT.serialize(event(e));
    }

    private static byte[] data(HistoryEntry e) {
        ObjectNode d = JSON.createObjectNode();
        d.put("cluster", e.clusterId());
        d.put("upgradeId", e.upgradeId());
        d.put("upgrade", e.intent().orElse(null));
        d.put("from", e.from().toString());
        d.put("to", e.to().toString());
        d.put("step", e.step().word());
        d.put("state", e.state().word());
        d.put("hop", e.hop().number());
        d.put("hops", e.hop().count());
        d.put("target", e.hop().target().toString());
        d.put("attempt", e.attempt());
        d.put("message", e.message());
        ArrayNode reasons = d.putArray("reasons");
        for (Reason r : e.reasons()) {
            ObjectNode o = reasons.addObject();
            o.put("code", r.code());
            o.put("message", r.message());
            r.until().ifPresent(u -> o.put("until", u.toString()));
        }
        try {
            return JSON.writeValueAsBytes(d);
        } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            throw new IllegalStateException("a tree of strings and numbers always writes", ex);
        }
    }

    @Override
    public String toString() {
        return "CloudEvents from " + source;
    }
}
