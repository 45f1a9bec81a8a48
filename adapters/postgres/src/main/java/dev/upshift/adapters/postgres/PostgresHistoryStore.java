package dev.upshift.adapters.postgres;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * The {@link HistoryStore} on PostgreSQL, a {@link FencedHistoryStore}: one history that several
 * engines, on several machines and for several fleets, write and a team queries with SQL
 * (docs/adapters.md describes the schema, the guarantees and the queries).
 *
 * <pre>{@code
 * try (PostgresHistoryStore history = PostgresHistoryStore.builder()
 *         .url("jdbc:postgresql://db.example.com/upshift").user("upshift").password(secret)
 *         .fleet("prod")
 *         .build()) {
 *     Engine engine = Engine.builder().history(history).epoch(history.takeEpoch()) ... .build();
 * }
 * }</pre>
 *
 * <h2>Fleets</h2>
 * A database holds the histories of many fleets; a store reads and writes one, named when it is
 * built. Engines of one fleet share its history and its fence; engines of different fleets never
 * fence each other out. {@link #query} reads across fleets.
 *
 * <h2>Guarantees, held by the database</h2>
 * <ul>
 *   <li><b>Durable groups.</b> {@link #appendAll} is one transaction: when it returns, every entry is
 *       committed; when it throws, none is, unless the failure came while the commit was on its way
 *       (then the engine's next read of the history tells).
 *   <li><b>Fencing.</b> {@link #takeEpoch} gives a writer an epoch newer than any taken or written
 *       in the fleet. An append locks the fleet's fence row, and is refused with a
 *       {@link StaleWriterException}, nothing of its group written, when an entry's epoch is older
 *       than the fence's: once a newer engine took its epoch, an older one records nothing more, and
 *       since the engine records before it acts, it acts on nothing more.
 *   <li><b>One start per attempt.</b> A unique index allows one {@code starting} and one
 *       {@code published} entry per idempotency key and fleet, and one {@code workersStarting} and
 *       one {@code workersPublished} for a hop in two parts: two engines of the same epoch cannot
 *       both journal the start of an attempt, or of its workers' part. The second is refused with a
 *       {@link StaleWriterException} that says so.
 *   <li><b>Append-only.</b> Triggers refuse every update, delete and truncate of the history.
 * </ul>
 *
 * <h2>Schema</h2>
 * The store creates and migrates its schema ({@code upshift} unless {@link Builder#schema} says
 * otherwise) with Flyway's versioned migrations when it is built, unless {@link Builder#migrate}
 * is off; a database already at the current version is left as it is.
 *
 * <h2>Connections</h2>
 * Built with a {@link Builder#url URL}, the store keeps one connection of its own, or up to
 * {@link Builder#connections(int) n}, each opened when first needed and opened again after any
 * failure, so that it carries on once a restarted server answers; reads are tried once more on a
 * new connection when the old one was lost. Built with a {@link Builder#dataSource DataSource}, it
 * borrows a connection per call and gives it back. While it is built, the schema's migration takes
 * two connections more for a moment (Flyway's), given back before {@link Builder#build()} returns.
 * {@link #close()} closes the store's own connections.
 *
 * <p>Thread-safe. Appends, {@link #entries()} and the fence's calls are serialised;
 * {@link #history(String)} and {@link #query} run beside them on another connection when the store
 * has one (a second of its own, or the application's pool).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PostgresHistoryStore implements FencedHistoryStore, AutoCloseable {
    /** The fleet a store writes when none is named. */
    public static final String DEFAULT_FLEET = "default";
    /** The schema the store's tables live in when none is named. */
    public static final String DEFAULT_SCHEMA = "upshift";

    /** The most connections of its own a store may hold ({@link Builder#connections(int)}). */
    public static final int MAX_CONNECTIONS = 16;

    private static final int FETCH = 5000;

    private final Connections connections;
    private final Sql sql;
    private final String fleet;
    private final String where;
    private final FencedWrites.Pause pause;
    private final Reads reads;
    /** Read-only, and no engine ever wrote the schema: every read is empty, and nothing is asked. */
    private final boolean empty;
    private final boolean readOnly;
    private final List<HistoryEntry> cache = new ArrayList<>();
    private long cachedThrough;
    private volatile boolean closed;

    private PostgresHistoryStore(Builder b, Connections connections, String where) {
        this.connections = connections;
        this.sql = new Sql(b.schema);
        this.fleet = b.fleet;
        this.where = where;
        this.pause = b.pause;
        this.reads = new Reads(sql, fleet, where);
        this.readOnly = b.readOnly;
        this.empty = b.readOnly && !b.schemaExists;
    }

    /** Starts a store's configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /** Where the database is, as messages show it: the URL with any password hidden, or {@code a DataSource}. */
    public String location() {
        return where;
    }

    /** The fleet whose history this store reads and writes. */
    public String fleet() {
        return fleet;
    }

    /**
     * Takes a new epoch for a writer of this fleet: greater than every epoch taken or written before,
     * so that from now on every older writer is refused. An engine takes one when it starts and
     * writes every entry with it ({@code Engine.builder().epoch(n)}).
     *
     * @throws UpshiftException when the database cannot be reached
     */
    public synchronized long takeEpoch() {
        writable();
        return call("take an epoch in", true, reads::takeEpoch);
    }

    /**
     * Claims an epoch that a writer brings from elsewhere, such as the term of a Kubernetes lease
     * (the operator's; {@link FencedHistoryStore#claimEpoch}): the fleet's fence rises to
     * {@code epoch}, so that from now on every writer of an older epoch is refused, before this one
     * has written anything. Claiming the fence's own epoch again does nothing. Unlike {@link #takeEpoch}, the store does not choose the epoch: the caller
     * must bring a newer one for each new writer.
     *
     * @throws StaleWriterException when the fence is already newer than {@code epoch}: a newer writer
     *     took over
     * @throws IllegalArgumentException when {@code epoch} is negative
     * @throws UpshiftException when the database cannot be reached
     */
    @Override
    public synchronized void claimEpoch(long epoch) {
        if (epoch < 0) {
            throw new IllegalArgumentException("an epoch is never negative, not " + epoch);
        }
        writable();
        call("claim epoch " + epoch + " in", true, c -> Sql.inTransaction(c, t -> {
            FencedWrites.claim(t, sql, fleet, epoch);
            return null;
        }));
    }

    /**
     * The fleet's fence: the newest epoch taken or written; an entry of an older epoch is refused.
     *
     * @throws UpshiftException when the database cannot be reached
     */
    @Override
    public synchronized long acceptedEpoch() {
        if (empty) {
            return 0;
        }
        return call("read the fence of", true, reads::fence);
    }

    /**
     * Appends one entry in a transaction of its own.
     *
     * @see #appendAll
     */
    @Override
    public void append(HistoryEntry entry) {
        appendAll(List.of(entry));
    }

    /**
     * Appends entries as one transaction: all of them are committed, or none.
     *
     * @throws StaleWriterException when an entry's epoch is older than the fleet's fence or than an
     *     earlier entry's of the group, or when the start or publication of an attempt it records is
     *     already recorded: another engine writes this fleet's history, and this one must stop
     * @throws IllegalArgumentException when an entry cannot be written (as the journal could not: an
     *     instant beyond RFC 3339's years, more than 1 MiB of JSON)
     * @throws UpshiftException when the database cannot be reached or refuses the transaction
     * @throws IllegalStateException when the store is closed
     */
    @Override
    public synchronized void appendAll(List<HistoryEntry> entries) {
        List<Rows.Row> rows = entries.stream().map(e -> Rows.Row.of(e, null)).toList();
        ensureOpen();
        writable();
        if (rows.isEmpty()) {
            return;
        }
        try {
            connections.run(c -> Sql.inTransaction(c, t -> {
                FencedWrites.append(t, sql, fleet, rows, pause);
                return null;
            }));
        } catch (SQLException e) {
            if (SqlErrors.violates(e, Sql.ONE_START_PER_ATTEMPT)) {
                throw FencedWrites.refusal(rows, recorded(rows), fleet);
            }
            throw failure("write " + rows.size() + (rows.size() == 1 ? " entry" : " entries") + " to", e,
                    "; none of them counts as recorded");
        }
    }

    /**
     * This fleet's entries of one cluster, oldest first.
     *
     * @throws UpshiftException when the database cannot be reached
     * @throws InputException when a stored row is not an entry (it was changed outside Upshift)
     */
    @Override
    public List<HistoryEntry> history(String clusterId) {
        Objects.requireNonNull(clusterId, "clusterId");
        if (empty) {
            ensureOpen();
            return List.of();
        }
        return call("read cluster " + clusterId + "'s history from", true, c -> reads.ofCluster(c, clusterId));
    }

    /**
     * This fleet's entries, oldest first. The store keeps what it read and asks the database only for
     * what was committed since, so that an engine that reads the history every reconcile reads each
     * entry once.
     *
     * @throws UpshiftException when the database cannot be reached
     * @throws InputException when a stored row is not an entry (it was changed outside Upshift)
     */
    @Override
    public synchronized List<HistoryEntry> entries() {
        if (empty) {
            ensureOpen();
            return List.of();
        }
        List<HistoryEntry> fresh = new ArrayList<>();
        long through = call("read from", true, c -> Sql.inTransaction(c, t -> {
            fresh.clear();
            return reads.tail(t, cachedThrough, FETCH, fresh);
        }));
        cache.addAll(fresh);
        cachedThrough = through;
        return List.copyOf(cache);
    }

    /**
     * The entries a query asks for, across fleets unless it names one, oldest first (by
     * {@linkplain RecordedEntry#sequence() sequence}).
     *
     * @throws UpshiftException when the database cannot be reached
     * @throws InputException when a stored row is not an entry (it was changed outside Upshift)
     */
    public List<RecordedEntry> query(HistoryQuery query) {
        Objects.requireNonNull(query, "query");
        if (empty) {
            ensureOpen();
            return List.of();
        }
        return call("query", true, c -> Sql.inTransaction(c, t -> Queries.run(t, sql, query, FETCH, where)));
    }

    /**
     * Imports a JSON-lines journal's entries (read with {@code JsonLinesJournal.read}, version 1 or 2)
     * into this fleet's history, in one transaction and in the journal's order, after what the
     * history holds. Idempotent: an entry imported before (the same entry at the same place among its
     * equals) is not imported again, so importing a journal again, or a journal that grew since, adds
     * only what is new. The fleet's fence rises to the journal's newest epoch, so that an engine that
     * takes an epoch afterwards writes after the imported ones. Entries are not checked against the
     * fence: they are the past.
     *
     * @return how many entries were added, and how many were there already
     * @throws UpshiftException when an entry records the start or publication of an attempt that the
     *     history already holds from elsewhere (an engine wrote it): nothing is imported then; or when
     *     the database cannot be reached
     * @throws IllegalArgumentException when an entry cannot be written
     */
    public synchronized ImportReport importJournal(List<HistoryEntry> journal) {
        List<Rows.Row> rows = ImportKeys.rows(journal);
        ensureOpen();
        writable();
        int added;
        try {
            added = connections.run(c -> Sql.inTransaction(c, t -> FencedWrites.importRows(t, sql, fleet, rows)));
        } catch (SQLException e) {
            if (SqlErrors.violates(e, Sql.ONE_START_PER_ATTEMPT)) {
                throw new UpshiftException("could not import the journal into " + this + ": "
                        + ImportKeys.clash(rows, recorded(rows)) + "; nothing was imported");
            }
            throw failure("import " + rows.size() + " entries into", e, "; nothing was imported");
        }
        return new ImportReport(fleet, added, rows.size() - added, acceptedEpoch());
    }

    /**
     * Closes the store's own connection (a {@link Builder#dataSource DataSource} stays the
     * application's); appends and reads are refused afterwards. Closing twice does nothing.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            connections.close();
        } catch (SQLException e) {
            throw failure("close the connection to", e, "");
        }
    }

    /** {@code the PostgreSQL history at jdbc:postgresql://db/upshift, fleet 'prod'} */
    @Override
    public String toString() {
        return "the PostgreSQL history at " + where + ", fleet '" + fleet + "'";
    }

    private List<Optional<ImportKeys.Recorded>> recorded(List<Rows.Row> rows) {
        return call("read from", true, c -> reads.recorded(c, rows));
    }

    private <T> T call(String what, boolean retry, Connections.Work<T> work) {
        ensureOpen();
        try {
            try {
                return connections.run(work);
            } catch (SQLException e) {
                if (!retry || !SqlErrors.connectionLost(e)) {
                    throw e;
                }
                return connections.run(work);
            }
        } catch (SQLException e) {
            throw failure(what, e, "");
        }
    }

    private UpshiftException failure(String what, SQLException e, String consequence) {
        return new UpshiftException("could not " + what + " " + this + ": " + SqlErrors.reason(e) + consequence, e);
    }

    /**
     * The fleets the database holds a history or a fence of, sorted: what to offer a person who
     * named another one.
     *
     * @throws UpshiftException when the database cannot be reached
     */
    public List<String> fleets() {
        if (empty) {
            ensureOpen();
            return List.of();
        }
        return call("list the fleets of", true, reads::fleets);
    }

    /** Whether the store was built {@link Builder#readOnly() read-only}. */
    public boolean readOnly() {
        return readOnly;
    }

    private void writable() {
        if (readOnly) {
            throw new IllegalStateException(this + " was opened read-only (readOnly()): it neither writes nor fences");
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    static PostgresHistoryStore open(Builder b, Connections connections, String where) {
        PostgresHistoryStore store = new PostgresHistoryStore(b, connections, where);
        if (!b.readOnly) {
            store.call("open", true, c -> {
                store.reads.ensureFence(c);
                return null;
            });
        }
        return store;
    }

    /**
     * Configures a {@link PostgresHistoryStore}: where the database is (a URL, or a {@link DataSource}),
     * which fleet and schema, and whether to migrate the schema.
     */
    public static final class Builder {
        String url;
        String user;
        String password;
        DataSource dataSource;
        String fleet = DEFAULT_FLEET;
        String schema = DEFAULT_SCHEMA;
        boolean migrate = true;
        Duration idleInTransaction = Duration.ofMinutes(1);
        int connections = 1;
        boolean readOnly;
        boolean schemaExists = true;
        FencedWrites.Pause pause = FencedWrites.Pause.NONE;

        private Builder() {}

        /**
         * The database, as a JDBC URL: {@code jdbc:postgresql://HOST[:PORT]/DATABASE[?PARAMS]}. The store
         * keeps one connection of its own. Messages show the URL with any password hidden.
         *
         * @throws IllegalArgumentException when it is not a PostgreSQL JDBC URL
         */
        public Builder url(String jdbcUrl) {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + SqlErrors.redact(jdbcUrl)
                        + " (expected jdbc:postgresql://HOST[:PORT]/DATABASE)");
            }
            this.url = jdbcUrl;
            return this;
        }

        /** The user to connect as, with a {@link #url URL}; absent: the driver's default. */
        public Builder user(String name) {
            this.user = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The password, with a {@link #url URL}; never shown in a message. */
        public Builder password(String secret) {
            this.password = Objects.requireNonNull(secret, "secret");
            return this;
        }

        /** The database, as the application's pool: the store borrows a connection per call. */
        public Builder dataSource(DataSource source) {
            this.dataSource = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * The fleet whose history the store reads and writes: 1 to 100 characters, no control characters.
         * Default {@value #DEFAULT_FLEET}.
         *
         * @throws IllegalArgumentException when the name is not such
         */
        public Builder fleet(String name) {
            this.fleet = Schema.checkFleet(name);
            return this;
        }

        /**
         * The schema of the store's tables: a lower-case SQL name ({@code [a-z_][a-z0-9_]*}, up to 63
         * characters). Default {@value #DEFAULT_SCHEMA}.
         *
         * @throws IllegalArgumentException when the name is not such
         */
        public Builder schema(String name) {
            this.schema = Schema.checkName(name);
            return this;
        }

        /**
         * Whether building the store creates or migrates its schema (the default); off, the schema must be
         * at the current version already (migrated by a person, with rights the engine does not have).
         */
        public Builder migrate(boolean on) {
            this.migrate = on;
            return this;
        }

        /**
         * How long a transaction of the store's own connection may stay idle before the server ends it
         * (default 1 minute). A transaction whose process stopped midway holds the fleet's fence row
         * until then. With a {@link #dataSource DataSource}, configure the pool's sessions instead.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder idleInTransactionTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("an idle-in-transaction timeout is positive, not " + timeout);
            }
            this.idleInTransaction = timeout;
            return this;
        }

        /**
         * How many connections of its own a store built with a {@link #url URL} may hold at once
         * (default 1): with one, every call waits for the one before it; with more, reads of a
         * cluster's history and queries (a status page, a dashboard's thread) go on beside the engine's
         * appends. Each is opened when first needed and kept until {@link PostgresHistoryStore#close()}.
         * With a {@link #dataSource DataSource}, the application's pool decides.
         *
         * @throws IllegalArgumentException unless between 1 and {@value PostgresHistoryStore#MAX_CONNECTIONS}
         */
        public Builder connections(int n) {
            if (n < 1 || n > MAX_CONNECTIONS) {
                throw new IllegalArgumentException("a store holds 1 to " + MAX_CONNECTIONS + " connections of its own,"
                        + " not " + n);
            }
            this.connections = n;
            return this;
        }

        /**
         * A store that only reads, and writes nothing, ever: building it migrates nothing and leaves
         * the fleet's fence row alone (a database whose schema no engine created yet reads as an empty
         * history; one whose schema is behind is an error); appends, epochs, claims and imports are
         * refused with an {@link IllegalStateException}. What a command that only judges the fleet
         * (the CLI's {@code plan}, {@code history}) opens.
         */
        public Builder readOnly() {
            this.readOnly = true;
            return this;
        }

        Builder pause(FencedWrites.Pause at) {
            this.pause = at;
            return this;
        }

        /**
         * Connects, migrates the schema (unless turned off) and makes sure the fleet has its fence row.
         *
         * @throws IllegalStateException unless exactly one of a URL and a DataSource was given
         * @throws UpshiftException when the database cannot be reached, is not UTF-8, or its schema
         *     cannot be migrated or is not at the current version
         */
        public PostgresHistoryStore build() {
            if ((url == null) == (dataSource == null)) {
                throw new IllegalStateException("a PostgreSQL history needs either a JDBC URL (url) or a DataSource"
                        + " (dataSource), not " + (url == null ? "neither" : "both"));
            }
            if (dataSource != null && (user != null || password != null)) {
                throw new IllegalStateException("a user and password go with a JDBC URL; a DataSource brings its own");
            }
            if (dataSource != null && connections != 1) {
                throw new IllegalStateException("connections(n) counts a store's own connections, with a JDBC URL;"
                        + " with a DataSource, size the application's pool instead");
            }
            String where = url == null ? "a DataSource" : SqlErrors.redact(url);
            DataSource source = dataSource != null ? dataSource : Schema.dataSource(url, user, password);
            if (readOnly) {
                schemaExists = Schema.readable(source, schema, where);
            } else {
                Schema.prepare(source, schema, migrate, where);
            }
            Connections pool = dataSource != null ? Connections.borrowed(source)
                    : Connections.kept(source, idleInTransaction, connections);
            return open(this, pool, where);
        }
    }
}
