package dev.upshift.adapters.postgres;

import java.sql.Connection;
import java.sql.SQLException;

/** The statements the store runs, in its schema (a name checked to need no quoting). */
final class Sql {
    static final String COLUMNS = "fleet, at, cluster, upgrade_id, intent, from_release, to_release, state, step,"
            + " hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry, import_key";
    /** The unique index that holds an attempt's start and publication to one row each. */
    static final String ONE_START_PER_ATTEMPT = "history_one_start_per_attempt";

    final String ensureFence;
    final String lockFence;
    final String readFence;
    final String takeEpoch;
    final String raiseFence;
    final String insert;
    final String insertImported;
    final String tail;
    final String ofCluster;
    final String recorded;
    final String select;
    final String fleets;

    Sql(String schema) {
        String fence = schema + ".fence";
        String history = schema + ".history";
        ensureFence = "INSERT INTO " + fence + " (fleet, epoch) VALUES (?, 0) ON CONFLICT (fleet) DO NOTHING";
        lockFence = "SELECT epoch FROM " + fence + " WHERE fleet = ? FOR UPDATE";
        readFence = "SELECT epoch FROM " + fence + " WHERE fleet = ?";
        takeEpoch = "UPDATE " + fence + " SET epoch = epoch + 1 WHERE fleet = ? RETURNING epoch";
        raiseFence = "UPDATE " + fence + " SET epoch = ? WHERE fleet = ? AND epoch < ?";
        String values = " (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::json, ?)";
        insert = "INSERT INTO " + history + values;
        insertImported = "INSERT INTO " + history + values
                + " ON CONFLICT (fleet, import_key) WHERE import_key IS NOT NULL DO NOTHING";
        tail = "SELECT seq, entry FROM " + history + " WHERE fleet = ? AND seq > ? ORDER BY seq";
        ofCluster = "SELECT seq, entry FROM " + history + " WHERE cluster = ? AND fleet = ? ORDER BY seq";
        recorded = "SELECT epoch, import_key FROM " + history + " WHERE fleet = ? AND upgrade_id = ? AND step = ?";
        select = "SELECT seq, fleet, recorded_at, entry FROM " + history;
        fleets = "SELECT fleet FROM " + fence + " UNION SELECT fleet FROM " + history + " ORDER BY 1";
    }

    /** Runs work in one transaction: committed when it returns, rolled back when it throws. */
    static <T> T inTransaction(Connection c, Connections.Work<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.on(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            try {
                c.rollback();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            try {
                c.setAutoCommit(true);
            } catch (SQLException ignored) {
                // a connection that cannot even do this is broken: the caller drops it
            }
        }
    }
}
