package dev.upshift.adapters.postgres;

import dev.upshift.core.journal.JournalLines;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link HistoryQuery}. The columns narrow the rows through the indexes; the entries decide:
 * a column holds an instant to the microsecond and text PostgreSQL can hold, the entry everything,
 * so the SQL asks for a little more than the query (the bounds' microseconds) and each row is checked
 * against the query exactly, until the limit is reached.
 */
final class Queries {
    private Queries() {}

    static List<RecordedEntry> run(Connection c, Sql sql, HistoryQuery q, int fetch, String location)
            throws SQLException {
        StringBuilder where = new StringBuilder(" WHERE TRUE");
        List<Object> params = new ArrayList<>();
        q.fleet().ifPresent(f -> condition(where, params, " AND fleet = ?", f));
        q.cluster().ifPresent(id -> condition(where, params, " AND cluster = ?", Rows.column(id)));
        q.intent().ifPresent(i -> condition(where, params, " AND intent = ?", Rows.column(i)));
        if (!q.steps().isEmpty()) {
            condition(where, params, " AND step = ANY (?)", c.createArrayOf("text",
                    q.steps().stream().map(Step::word).sorted().toArray()));
        }
        q.from().ifPresent(f -> condition(where, params, " AND at >= ?", Rows.at(f)));
        q.until().ifPresent(u -> condition(where, params, " AND at <= ?", Rows.at(u)));
        List<RecordedEntry> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql.select + where + " ORDER BY seq")) {
            s.setFetchSize(fetch);
            for (int i = 0; i < params.size(); i++) {
                s.setObject(i + 1, params.get(i));
            }
            try (ResultSet r = s.executeQuery()) {
                while (out.size() < q.limit() && r.next()) {
                    long seq = r.getLong(1);
                    String fleet = r.getString(2);
                    HistoryEntry e = JournalLines.entry(r.getString(4), location + " fleet " + fleet + " row " + seq);
                    if (q.matches(e)) {
                        out.add(new RecordedEntry(seq, fleet, r.getObject(3, OffsetDateTime.class).toInstant(), e));
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    private static void condition(StringBuilder where, List<Object> params, String condition, Object value) {
        where.append(condition);
        params.add(value);
    }
}
