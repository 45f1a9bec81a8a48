package dev.upshift.adapters.postgres;

import dev.upshift.core.journal.JournalLines;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * An entry as a row of the history table: the journal's line, exact, and its fields in columns for
 * queries. PostgreSQL's text holds neither U+0000 nor an unpaired surrogate: in the columns they
 * become U+FFFD ({@link #column}), and readers compare exactly against the line.
 */
final class Rows {
    private Rows() {}

    /** An entry about to be written: its line (checked by the journal's writer), and an import key or null. */
    record Row(HistoryEntry entry, String line, String importKey) {
        static Row of(HistoryEntry entry, String importKey) {
            return new Row(entry, JournalLines.line(entry), importKey);
        }
    }

    /** Binds a row's parameters to {@link Sql#insert}'s columns, and adds it to the statement's batch. */
    static void bind(PreparedStatement s, String fleet, Row row, Connection c) throws SQLException {
        HistoryEntry e = row.entry();
        int i = 1;
        s.setString(i++, fleet);
        s.setObject(i++, at(e.at()));
        s.setString(i++, column(e.clusterId()));
        s.setString(i++, column(e.upgradeId()));
        if (e.intent().isPresent()) {
            s.setString(i++, column(e.intent().get()));
        } else {
            s.setNull(i++, Types.VARCHAR);
        }
        s.setString(i++, e.from().toString());
        s.setString(i++, e.to().toString());
        s.setString(i++, e.state().word());
        s.setString(i++, e.step().word());
        s.setInt(i++, e.hop().number());
        s.setInt(i++, e.hop().count());
        s.setString(i++, e.hop().target().toString());
        s.setInt(i++, e.attempt());
        s.setLong(i++, e.epoch());
        s.setArray(i++, c.createArrayOf("text", e.reasons().stream().map(Reason::code).toArray()));
        s.setString(i++, row.line());
        s.setString(i, row.importKey());
        s.addBatch();
    }

    /** The column's instant: PostgreSQL keeps microseconds, so it is cut to them (the line keeps the rest). */
    static OffsetDateTime at(Instant at) {
        return OffsetDateTime.ofInstant(at.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }

    /** Text as a column holds it: U+0000 and unpaired surrogates, which PostgreSQL's text cannot hold, as U+FFFD. */
    static String column(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            boolean pair = Character.isHighSurrogate(ch) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                if (out != null) {
                    out.append(ch).append(text.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean unfit = ch == '\u0000' || Character.isSurrogate(ch);
            if (unfit && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (out != null) {
                out.append(unfit ? '\uFFFD' : ch);
            }
        }
        return out == null ? text : out.toString();
    }
}
