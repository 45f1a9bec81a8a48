package dev.upshift.adapters.postgres;

import dev.upshift.core.journal.JournalLines;
import dev.upshift.spi.HistoryEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The store's reads of one fleet's history. Rows are read back from their journal line, which holds
 * the entry exactly; the columns only find them (a cluster id PostgreSQL's text cannot hold finds
 * every id that looks the same in the column, and the line tells them apart).
 */
final class Reads {
    private final Sql sql;
    private final String fleet;
    private final String location;

    Reads(Sql sql, String fleet, String location) {
        this.sql = sql;
        this.fleet = fleet;
        this.location = location;
    }

    List<HistoryEntry> ofCluster(Connection c, String clusterId) throws SQLException {
        List<HistoryEntry> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql.ofCluster)) {
            s.setString(1, Rows.column(clusterId));
            s.setString(2, fleet);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    HistoryEntry e = entry(r.getLong(1), r.getString(2));
                    if (e.clusterId().equals(clusterId)) {
                        out.add(e);
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The entries committed after row {@code after}, in order, streamed (the connection must be in a
     * transaction for the driver to fetch in parts).
     *
     * @return the last row's number, {@code after} when there is none
     */
    long tail(Connection c, long after, int fetch, List<HistoryEntry> into) throws SQLException {
        long through = after;
        try (PreparedStatement s = c.prepareStatement(sql.tail)) {
            s.setFetchSize(fetch);
            s.setString(1, fleet);
            s.setLong(2, after);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    through = r.getLong(1);
                    into.add(entry(through, r.getString(2)));
                }
            }
        }
        return through;
    }

    /** Per row of a step an attempt records once, the row already recorded for that step, if any. */
    List<Optional<ImportKeys.Recorded>> recorded(Connection c, List<Rows.Row> rows) throws SQLException {
        List<Optional<ImportKeys.Recorded>> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql.recorded)) {
            for (Rows.Row row : rows) {
                HistoryEntry e = row.entry();
                Optional<ImportKeys.Recorded> there = Optional.empty();
                if (FencedWrites.once(e.step())) {
                    s.setString(1, fleet);
                    s.setString(2, Rows.column(e.upgradeId()));
                    s.setString(3, e.step().word());
                    try (ResultSet r = s.executeQuery()) {
                        there = r.next() ? Optional.of(new ImportKeys.Recorded(r.getLong(1), r.getString(2)))
                                : Optional.empty();
                    }
                }
                out.add(there);
            }
        }
        return out;
    }

    long fence(Connection c) throws SQLException {
        return epoch(c, sql.readFence, 0);
    }

    long takeEpoch(Connection c) throws SQLException {
        return epoch(c, sql.takeEpoch, -1);
    }

    List<String> fleets(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql.fleets); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return List.copyOf(out);
    }

    void ensureFence(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql.ensureFence)) {
            s.setString(1, fleet);
            s.executeUpdate();
        }
    }

    private long epoch(Connection c, String statement, long none) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(statement)) {
            s.setString(1, fleet);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    return r.getLong(1);
                }
            }
        }
        if (none < 0) {
            throw new SQLException("the fence row of fleet '" + fleet + "' is missing", "P0002");
        }
        return none;
    }

    private HistoryEntry entry(long seq, String line) {
        return JournalLines.entry(line, location + " fleet " + fleet + " row " + seq);
    }
}
