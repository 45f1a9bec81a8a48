package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How a store is configured, and what it says when the configuration or the data is wrong: never a password. */
class ConfigurationTest {
    @Test
    @DisplayName("a URL that is not PostgreSQL's is refused, its password hidden")
    void notPostgres() {
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url("jdbc:mysql://db/x?user=u&password=hunter2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a PostgreSQL JDBC URL: jdbc:mysql://db/x?user=u&password=*** (expected"
                        + " jdbc:postgresql://HOST[:PORT]/DATABASE)");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url("jdbc:postgresql://db:notaport/x?password=hunter2")
                .build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("hunter2").hasMessageContaining("not a valid PostgreSQL JDBC URL");
    }

    @Test
    @DisplayName("a server that does not answer is named with the driver's reason, never the password")
    void unreachable() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/upshift?password=hunter2&connectTimeout=5";
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url(url).user("u").password("hunter3").build())
                .isInstanceOf(UpshiftException.class)
                .hasMessageStartingWith("could not open the PostgreSQL history at jdbc:postgresql://127.0.0.1:" + port
                        + "/upshift?password=***&connectTimeout=5: ")
                .hasMessageContaining("refused")
                .hasMessageNotContaining("hunter");
    }

    @Test
    @DisplayName("exactly one of a URL and a DataSource; a user and password only with a URL")
    void whereTheDatabaseIs() {
        assertThatThrownBy(() -> PostgresHistoryStore.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessage("a PostgreSQL history needs either a JDBC URL (url) or a DataSource (dataSource), not neither");
        javax.sql.DataSource any = new org.postgresql.ds.PGSimpleDataSource();
        assertThatThrownBy(() -> PostgresHistoryStore.builder().url("jdbc:postgresql://db/x").dataSource(any).build())
                .isInstanceOf(IllegalStateException.class).hasMessageEndingWith("not both");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().dataSource(any).password("p").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a user and password go with a JDBC URL; a DataSource brings its own");
    }

    @Test
    @DisplayName("fleet and schema names are checked where they are given")
    void names() {
        assertThatThrownBy(() -> PostgresHistoryStore.builder().fleet(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fleet's name has 1 to 100 characters and no control characters, not ' '");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().fleet("a\nb")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fleet's name has 1 to 100 characters and no control characters, not 'a?b'");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().fleet("x".repeat(101)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostgresHistoryStore.builder().schema("Upshift; DROP TABLE x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a schema's name is a lower-case SQL name of up to 63 characters ([a-z_][a-z0-9_]*), not"
                        + " 'Upshift; DROP TABLE x'");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().idleInTransactionTimeout(java.time.Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("with the application's DataSource the store borrows a connection per call and leaves the pool open")
    void dataSources() {
        TestPostgres server = TestPostgres.shared();
        String url = server.freshDatabase();
        String name = url.replaceFirst(".*/(t[0-9_]+)\\?.*", "$1");
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().dataSource(server.database(name)).build()) {
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            assertThat(store.entries()).hasSize(1);
            assertThat(store).hasToString("the PostgreSQL history at a DataSource, fleet 'default'");
        }
    }

    @Test
    @DisplayName("an entry the journal could not write is refused before anything is sent; a closed store refuses everything")
    void refusals() {
        String url = TestPostgres.shared().freshDatabase();
        PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).build();
        HistoryEntry e = Entries.of("a", Step.STARTING, 1, 0, 0);
        HistoryEntry far = new HistoryEntry(Instant.parse("+10000-01-01T00:00:00Z"), "a", e.upgradeId(), e.from(), e.to(),
                e.intent(), e.state(), e.message(), e.reasons(), e.step(), e.hop(), e.attempt(), e.owedHooks(), 0);
        assertThatThrownBy(() -> store.appendAll(List.of(e, far))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RFC 3339");
        assertThat(store.entries()).isEmpty();
        store.close();
        store.close();
        assertThatThrownBy(() -> store.append(e)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the PostgreSQL history at " + SqlErrors.redact(url) + ", fleet 'default' is closed");
        assertThatThrownBy(store::entries).isInstanceOf(IllegalStateException.class);
    }

    @Test
    @DisplayName("a row that is not an entry (written past the store) is an error naming the row and the field")
    void foreignRows() {
        String url = TestPostgres.shared().freshDatabase();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).build()) {
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            SchemaTest.execute(url, "INSERT INTO upshift.history (fleet, at, cluster, upgrade_id, from_release, to_release,"
                    + " state, step, hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry)"
                    + " SELECT fleet, at, cluster, 'other', from_release, to_release, state, step, hop_number, hop_count,"
                    + " hop_target, attempt, epoch, reason_codes, replace(entry::text, '\"attempt\":1', '\"attempt\":0')::json"
                    + " FROM upshift.history");
            assertThatThrownBy(store::entries).isInstanceOf(InputException.class)
                    .hasMessageContaining(SqlErrors.redact(url) + " fleet default row 2")
                    .hasMessageContaining("attempt: expected a whole number from 1");
        }
    }
}
