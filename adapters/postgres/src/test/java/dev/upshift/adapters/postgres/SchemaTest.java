package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The schema, created and migrated by Flyway's versioned migrations as the store starts. */
class SchemaTest {
    private final TestPostgres server = TestPostgres.shared();

    @Test
    @DisplayName("a new database gets the schema at version 2; opening it again migrates nothing and keeps the rows")
    void migratesOnceAndKeeps() throws SQLException {
        String url = server.freshDatabase();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).build()) {
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
        }
        try (PostgresHistoryStore again = PostgresHistoryStore.builder().url(url).build()) {
            assertThat(again.entries()).hasSize(1);
        }
        assertThat(rows(url, "SELECT version || ' ' || success FROM upshift.flyway_schema_history"
                + " WHERE version IS NOT NULL ORDER BY installed_rank")).containsExactly("1 true", "2 true");
    }

    @Test
    @DisplayName("a database at version 1 is migrated to 2 as the store opens it, and then holds the workers' part"
            + " of an attempt to one start and one publication")
    void versionOneMigratesForward() throws SQLException {
        String url = server.freshDatabase();
        org.flywaydb.core.Flyway.configure(Schema.class.getClassLoader()).dataSource(url, null, null)
                .schemas("upshift").locations(Schema.LOCATION).target("1").load().migrate();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).build()) {
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            store.append(Entries.of("a", Step.WORKERS_STARTING, 1, 1, 0));
            assertThatThrownBy(() -> store.append(Entries.of("a", Step.WORKERS_STARTING, 1, 2, 0)))
                    .isInstanceOf(dev.upshift.common.problem.StaleWriterException.class);
            store.append(Entries.of("a", Step.WORKERS_PUBLISHED, 1, 3, 0));
            assertThatThrownBy(() -> store.append(Entries.of("a", Step.WORKERS_PUBLISHED, 1, 4, 0)))
                    .isInstanceOf(dev.upshift.common.problem.StaleWriterException.class);
            assertThat(store.entries()).hasSize(3);
        }
        assertThat(rows(url, "SELECT version FROM upshift.flyway_schema_history WHERE version IS NOT NULL"
                + " ORDER BY installed_rank")).containsExactly("1", "2");
    }

    @Test
    @DisplayName("with migration off, a database without the schema is refused, naming what it needs; a migrated one is used")
    void migrationOff() {
        String url = server.freshDatabase();
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url(url).migrate(false).build())
                .isInstanceOf(UpshiftException.class)
                .hasMessage("the PostgreSQL history at " + SqlErrors.redact(url) + " has its schema 'upshift' at no"
                        + " version and needs V1, V2: let the store migrate it (migrate on) or run the migrations of"
                        + " docs/adapters.md");
        PostgresHistoryStore.builder().url(url).build().close();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).migrate(false).build()) {
            assertThat(store.entries()).isEmpty();
        }
    }

    @Test
    @DisplayName("a migration edited after it was applied is an error, not a silent difference")
    void editedMigrationsAreFound() throws SQLException {
        String url = server.freshDatabase();
        PostgresHistoryStore.builder().url(url).build().close();
        execute(url, "UPDATE upshift.flyway_schema_history SET checksum = checksum + 1 WHERE version = '1'");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url(url).build()).isInstanceOf(UpshiftException.class)
                .hasMessageStartingWith("could not migrate the schema 'upshift' of the PostgreSQL history at "
                        + SqlErrors.redact(url) + ": ")
                .hasMessageContaining("checksum");
    }

    @Test
    @DisplayName("stores of a team's own schema keep their tables there, apart from the default schema's")
    void schemasAreApart() throws SQLException {
        String url = server.freshDatabase();
        try (PostgresHistoryStore team = PostgresHistoryStore.builder().url(url).schema("team_a").build();
                PostgresHistoryStore plain = PostgresHistoryStore.builder().url(url).build()) {
            team.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            assertThat(plain.entries()).isEmpty();
        }
        assertThat(rows(url, "SELECT count(*) FROM team_a.history")).containsExactly("1");
    }

    @Test
    @DisplayName("engines starting together on a new database migrate it once, and all start")
    void concurrentStartsMigrateOnce() throws Exception {
        String url = server.freshDatabase();
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            List<Future<Long>> started = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Callable<Long> start = () -> {
                    try (PostgresHistoryStore s = PostgresHistoryStore.builder().url(url).build()) {
                        return s.takeEpoch();
                    }
                };
                started.add(threads.submit(start));
            }
            List<Long> epochs = new ArrayList<>();
            for (Future<Long> f : started) {
                epochs.add(f.get(2, TimeUnit.MINUTES));
            }
            assertThat(epochs).containsExactlyInAnyOrder(1L, 2L, 3L);
        } finally {
            threads.shutdownNow();
        }
        assertThat(rows(url, "SELECT count(*) FROM upshift.flyway_schema_history WHERE version IS NOT NULL"))
                .containsExactly("2");
    }

    @Test
    @DisplayName("a database that is not UTF-8 is refused: its text could not hold every entry")
    void onlyUtf8() {
        String url = server.freshDatabase();
        String latin = url.replaceFirst("/(t[0-9_]+)\\?", "/$1_latin?");
        execute(url, "CREATE DATABASE " + latin.replaceFirst(".*/(t[0-9_]+_latin)\\?.*", "$1")
                + " ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url(latin).build()).isInstanceOf(UpshiftException.class)
                .hasMessage("could not open the PostgreSQL history at " + SqlErrors.redact(latin) + ": the database's"
                        + " encoding is SQL_ASCII: the Upshift history needs a UTF8 database (CREATE DATABASE ... ENCODING"
                        + " 'UTF8')");
    }

    static List<String> rows(String url, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery(query)) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    static void execute(String url, String sql) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new AssertionError(sql + ": " + e.getMessage(), e);
        }
    }
}
