package dev.upshift.core.journal;

import dev.upshift.common.tree.JsonText;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * Writes the journal's lines (docs/journal.md): the header, and one compact JSON object per entry
 * with its fields in a fixed order, so that equal entries give equal bytes on every machine.
 */
final class EntryLines {
    /** The header's {@code format}. */
    static final String FORMAT = "upshift-history";
    /** The version this code writes. */
    static final int VERSION = 2;
    /** The longest line, newline included, that the journal writes or reads. */
    static final int MAX_LINE_BYTES = 1 << 20;

    /** RFC 3339 has four-digit years: these are the instants it can write. */
    private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private EntryLines() {}

    /** The first line of a journal of {@code version}, newline included; {@code migratedFrom} 0 when it was not migrated. */
    static byte[] header(int version, int migratedFrom) {
        String line = "{\"format\":\"" + FORMAT + "\",\"version\":" + version
                + (migratedFrom > 0 ? ",\"migratedFrom\":" + migratedFrom : "") + "}\n";
        return line.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The lines of entries, each ending with a newline, as one block to write at once.
     *
     * @throws IllegalArgumentException when an entry cannot be written: an instant outside the years
     *     0000 to 9999, or a line longer than {@link #MAX_LINE_BYTES}
     */
    static byte[] lines(List<HistoryEntry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(entries.size() * 320);
        StringBuilder line = new StringBuilder(320);
        for (HistoryEntry e : entries) {
            line.setLength(0);
            write(e, line);
            byte[] bytes = line.append('\n').toString().getBytes(StandardCharsets.UTF_8);
            if (bytes.length > MAX_LINE_BYTES) {
                throw new IllegalArgumentException("the entry of upgrade " + e.upgradeId() + " would be a journal line of "
                        + bytes.length + " bytes, over the limit of " + MAX_LINE_BYTES + " (1 MiB): shorten its message"
                        + " or reasons");
            }
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    /** One entry in version 2, without its newline: the nine fields of version 1, then the five it added. */
    static void write(HistoryEntry e, StringBuilder out) {
        out.append("{\"at\":");
        instant(e.at(), e, out);
        field("cluster", e.clusterId(), out);
        field("upgradeId", e.upgradeId(), out);
        out.append(",\"intent\":");
        if (e.intent().isPresent()) {
            quote(e.intent().get(), out);
        } else {
            out.append("null");
        }
        field("from", e.from().toString(), out);
        field("to", e.to().toString(), out);
        field("state", e.state().word(), out);
        field("message", e.message(), out);
        out.append(",\"reasons\":[");
        for (int i = 0; i < e.reasons().size(); i++) {
            Reason r = e.reasons().get(i);
            out.append(i == 0 ? "{" : ",{").append("\"code\":");
            quote(r.code(), out);
            field("message", r.message(), out);
            if (r.until().isPresent()) {
                out.append(",\"until\":");
                instant(r.until().get(), e, out);
            }
            out.append('}');
        }
        out.append(']');
        field("step", e.step().word(), out);
        out.append(",\"hop\":{\"number\":").append(e.hop().number()).append(",\"count\":").append(e.hop().count());
        field("target", e.hop().target().toString(), out);
        out.append("},\"attempt\":").append(e.attempt()).append(",\"owedHooks\":[");
        for (int i = 0; i < e.owedHooks().size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            quote(e.owedHooks().get(i), out);
        }
        out.append("],\"epoch\":").append(e.epoch()).append('}');
    }

    private static void field(String name, String value, StringBuilder out) {
        out.append(",\"").append(name).append("\":");
        quote(value, out);
    }

    private static void instant(Instant at, HistoryEntry e, StringBuilder out) {
        if (!fitsRfc3339(at)) {
            throw new IllegalArgumentException("the entry of upgrade " + e.upgradeId() + " holds the instant " + at
                    + ", which RFC 3339 cannot write: years run from 0000 to 9999");
        }
        out.append('"').append(at).append('"');
    }

    /** Whether RFC 3339 can write the instant: its year has four digits. */
    static boolean fitsRfc3339(Instant at) {
        return !at.isBefore(FIRST) && !at.isAfter(LAST);
    }

    /**
     * A JSON string. {@link JsonText#quote} escapes what terminals need; a lone UTF-16 surrogate,
     * which UTF-8 cannot encode, is escaped here as well, so that every Java string reads back equal.
     */
    private static void quote(String text, StringBuilder out) {
        int start = out.length();
        JsonText.quote(text, out);
        for (int i = start; i < out.length(); i++) {
            char ch = out.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < out.length() && Character.isLowSurrogate(out.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                String escaped = "\\u" + Integer.toHexString(ch);
                out.replace(i, i + 1, escaped);
                i += escaped.length() - 1;
            }
        }
    }
}
