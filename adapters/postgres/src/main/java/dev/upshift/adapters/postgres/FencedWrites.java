package dev.upshift.adapters.postgres;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The two ways rows enter a fleet's history, each inside the caller's transaction and under the
 * fleet's fence row lock: an engine's group, checked against the fence's epoch; and an import, which
 * only raises it. Holding the lock from the check to the commit is what makes the check hold: a
 * writer that takes a newer epoch waits for the lock, so every group of an older epoch either
 * committed before the newer epoch was taken or is refused after. It also orders the fleet's rows:
 * their seq numbers are drawn under the lock, so a reader that sees a row sees every earlier one.
 */
final class FencedWrites {
    private static final int BATCH = 1000;

    /** Where a test may stop a write, to kill its process or race another writer there. */
    @FunctionalInterface
    interface Pause {
        Pause NONE = point -> {};

        /** {@code fence-locked} once the fence row is locked and the group checked; {@code inserted} before the commit. */
        void at(String point) throws SQLException;
    }

    private FencedWrites() {}

    /**
     * Appends an engine's group.
     *
     * @throws StaleWriterException when an entry's epoch is older than the fence's, or than an
     *     earlier entry's of the group; nothing is written then
     */
    static void append(Connection c, Sql sql, String fleet, List<Rows.Row> rows, Pause pause) throws SQLException {
        long fence = lock(c, sql, fleet);
        long newest = fence;
        for (Rows.Row row : rows) {
            long epoch = row.entry().epoch();
            if (epoch < newest) {
                throw new StaleWriterException(epoch, newest);
            }
            newest = epoch;
        }
        pause.at("fence-locked");
        insert(c, sql.insert, fleet, rows);
        raise(c, sql, fleet, fence, newest);
        pause.at("inserted");
    }

    /**
     * Imports entries: those already imported (by import key) are left; the fence rises to the newest epoch.
     *
     * @return how many rows were added
     */
    static int importRows(Connection c, Sql sql, String fleet, List<Rows.Row> rows) throws SQLException {
        long fence = lock(c, sql, fleet);
        int added = 0;
        for (int n : insert(c, sql.insertImported, fleet, rows)) {
            added += n > 0 ? 1 : 0;
        }
        long newest = rows.stream().mapToLong(r -> r.entry().epoch()).max().orElse(0);
        raise(c, sql, fleet, fence, newest);
        return added;
    }

    /**
     * Raises the fence to an epoch a writer brings from elsewhere (a lease's term).
     *
     * @throws StaleWriterException when the fence is already newer
     */
    static void claim(Connection c, Sql sql, String fleet, long epoch) throws SQLException {
        long fence = lock(c, sql, fleet);
        if (fence > epoch) {
            throw new StaleWriterException("the history of fleet '" + fleet + "' is fenced at epoch " + fence
                    + ", newer than the epoch " + epoch + " this writer claims; a newer writer took over, and this"
                    + " one stops", epoch, fence);
        }
        raise(c, sql, fleet, fence, epoch);
    }

    private static long lock(Connection c, Sql sql, String fleet) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql.lockFence)) {
            s.setString(1, fleet);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("the fence row of fleet '" + fleet + "' is missing", "P0002");
                }
                return r.getLong(1);
            }
        }
    }

    private static int[] insert(Connection c, String statement, String fleet, List<Rows.Row> rows)
            throws SQLException {
        int[] counts = new int[rows.size()];
        try (PreparedStatement s = c.prepareStatement(statement)) {
            for (int from = 0; from < rows.size(); from += BATCH) {
                int to = Math.min(rows.size(), from + BATCH);
                for (Rows.Row row : rows.subList(from, to)) {
                    Rows.bind(s, fleet, row, c);
                }
                System.arraycopy(s.executeBatch(), 0, counts, from, to - from);
            }
        }
        return counts;
    }

    private static void raise(Connection c, Sql sql, String fleet, long fence, long newest) throws SQLException {
        if (newest <= fence) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(sql.raiseFence)) {
            s.setLong(1, newest);
            s.setString(2, fleet);
            s.setLong(3, newest);
            s.executeUpdate();
        }
    }

    /**
     * The refusal of a group that broke {@link Sql#ONE_START_PER_ATTEMPT}: another writer of the same
     * epoch (a newer one would have been caught by the fence) recorded one of its attempts' start or
     * publication first.
     *
     * @param recorded per row, the row already recorded for its once-only step, if any
     */
    static StaleWriterException refusal(List<Rows.Row> rows, List<Optional<ImportKeys.Recorded>> recorded,
            String fleet) {
        for (int i = 0; i < rows.size(); i++) {
            if (recorded.get(i).isPresent()) {
                HistoryEntry e = rows.get(i).entry();
                long theirs = recorded.get(i).get().epoch();
                return new StaleWriterException("the history refused a write from engine epoch " + e.epoch() + ": the "
                        + e.step() + " entry of upgrade " + e.upgradeId() + " is already recorded, by epoch " + theirs
                        + "; two engines are writing fleet '" + fleet + "' with the same epoch, and only one may start"
                        + " an attempt; this one stops", e.epoch(), theirs);
            }
        }
        long epoch = rows.get(0).entry().epoch();
        return new StaleWriterException("the history refused a write from engine epoch " + epoch + ": another engine"
                + " of fleet '" + fleet + "' recorded the start or publication of one of its attempts first; this one"
                + " stops", epoch, epoch);
    }

    /** Whether a step is one an attempt records once (the unique index {@link Sql#ONE_START_PER_ATTEMPT}). */
    static boolean once(HistoryEntry.Step step) {
        return step == HistoryEntry.Step.STARTING || step == HistoryEntry.Step.PUBLISHED;
    }
}
