package dev.upshift.adapters.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.sql.DataSource;

/**
 * Where the store's connections come from. Either it keeps a few connections of its own (one by
 * default), each opened when first needed and opened again after any failure (a restarted server,
 * a dropped network), or it borrows one per call from a {@link DataSource} the application pools.
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

    /**
     * Up to {@code max} connections the store keeps for itself, each opened when first needed and
     * dropped after any failure; a call waits while all of them are in use.
     */
    static Connections kept(DataSource source, Duration idleInTransaction, int max) {
        return new Kept(source, idleInTransaction, max);
    }

    /** A connection borrowed from the application's pool for each call, and given back after it. */
    static Connections borrowed(DataSource source) {
        return new Borrowed(source);
    }

    private static final class Kept extends Connections {
        private final DataSource source;
        private final Duration idleInTransaction;
        private final int max;
        private final Deque<Connection> free = new ArrayDeque<>();
        private int open;
        private boolean closed;

        Kept(DataSource source, Duration idleInTransaction, int max) {
            this.source = source;
            this.idleInTransaction = idleInTransaction;
            this.max = max;
        }

        @Override
        <T> T run(Work<T> work) throws SQLException {
            Connection c = take();
            T result;
            try {
                result = work.on(c);
            } catch (SQLException | RuntimeException | Error e) {
                // whatever failed, the next call starts on a fresh connection: a broken one is never reused
                drop(c, e);
                throw e;
            }
            giveBack(c);
            return result;
        }

        private Connection take() throws SQLException {
            synchronized (this) {
                while (free.isEmpty() && open >= max && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new SQLException("interrupted while waiting for one of the store's " + max
                                + " connections", "08000", e);
                    }
                }
                if (closed) {
                    throw new SQLException("the store's connections are closed", "08003");
                }
                if (!free.isEmpty()) {
                    return free.pop();
                }
                open++;
            }
            try {
                return open();
            } catch (SQLException | RuntimeException | Error e) {
                release();
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

        private void giveBack(Connection c) throws SQLException {
            synchronized (this) {
                if (!closed) {
                    free.push(c);
                    notifyAll();
                    return;
                }
                open--;
            }
            c.close();
        }

        private void drop(Connection c, Throwable cause) {
            release();
            try {
                c.close();
            } catch (SQLException e) {
                cause.addSuppressed(e);
            }
        }

        private synchronized void release() {
            open--;
            notifyAll();
        }

        @Override
        public void close() throws SQLException {
            List<Connection> idle;
            synchronized (this) {
                closed = true;
                idle = new ArrayList<>(free);
                open -= free.size();
                free.clear();
                notifyAll();
            }
            SQLException first = null;
            for (Connection c : idle) {
                try {
                    c.close();
                } catch (SQLException e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw first;
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
