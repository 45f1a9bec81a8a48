package dev.upshift.adapters.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * Where the store's connections come from. Either it keeps one connection of its own, opened when
 * first needed and opened again after any failure (a restarted server, a dropped network), or it
 * borrows one per call from a {@link DataSource} the application pools.
 */
abstract class Connections implements AutoCloseable {
    /** Work done on one connection; it leaves the connection in auto-commit mode. */
    @FunctionalInterface
    interface Work<T> {
        T on(Connection c) throws SQLException;
    }

    abstract <T> T run(Work<T> work) throws SQLException;

    @Override
    public abstract void close() throws SQLException;

    /** A connection the store keeps for itself; not thread-safe (the store serialises its calls). */
    static Connections kept(DataSource source, Duration idleInTransaction) {
        return new Kept(source, idleInTransaction);
    }

    /** A connection borrowed from the application's pool for each call, and given back after it. */
    static Connections borrowed(DataSource source) {
        return new Borrowed(source);
    }

    private static final class Kept extends Connections {
        private final DataSource source;
        private final Duration idleInTransaction;
        private Connection connection;

        Kept(DataSource source, Duration idleInTransaction) {
            this.source = source;
            this.idleInTransaction = idleInTransaction;
        }

        @Override
        <T> T run(Work<T> work) throws SQLException {
            if (connection == null) {
                connection = open();
            }
            try {
                return work.on(connection);
            } catch (SQLException | RuntimeException | Error e) {
                // whatever failed, the next call starts on a fresh connection: a broken one is never reused
                drop(e);
                throw e;
            }
        }

        private Connection open() throws SQLException {
            Connection c = source.getConnection();
            try (var s = c.createStatement()) {
                // a transaction of this store that stops midway (its process paused, its network cut) holds
                // the fleet's fence row: the server ends it after this long, so that a new engine can go on
                s.execute("SET idle_in_transaction_session_timeout = " + idleInTransaction.toMillis());
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return c;
        }

        private void drop(Throwable cause) {
            Connection c = connection;
            connection = null;
            try {
                c.close();
            } catch (SQLException e) {
                cause.addSuppressed(e);
            }
        }

        @Override
        public void close() throws SQLException {
            Connection c = connection;
            connection = null;
            if (c != null) {
                c.close();
            }
        }
    }

    private static final class Borrowed extends Connections {
        private final DataSource source;

        Borrowed(DataSource source) {
            this.source = source;
        }

        @Override
        <T> T run(Work<T> work) throws SQLException {
            try (Connection c = source.getConnection()) {
                return work.on(c);
            }
        }

        @Override
        public void close() {
            // the application owns its pool
        }
    }
}
