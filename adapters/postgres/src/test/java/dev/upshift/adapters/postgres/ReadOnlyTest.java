package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A store that only reads ({@code readOnly()}): what a command that judges a fleet opens. It writes nothing, ever. */
class ReadOnlyTest {
    private final TestPostgres server = TestPostgres.shared();

    @Test
    @DisplayName("on a database no engine wrote: an empty history, and no schema, table or row created")
    void emptyDatabase() throws SQLException {
        String url = server.freshDatabase();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).readOnly().build()) {
            assertThat(store.entries()).isEmpty();
            assertThat(store.history("a")).isEmpty();
            assertThat(store.acceptedEpoch()).isZero();
            assertThat(store.fleets()).isEmpty();
            assertThat(store.readOnly()).isTrue();
        }
        assertThat(count(url, "SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'upshift'"))
                .as("no schema made").isZero();
    }

    @Test
    @DisplayName("reads what an engine wrote; a fleet it does not hold leaves no fence row, and the store names the fleets there are")
    void readsAndWritesNothing() throws SQLException {
        String url = server.freshDatabase();
        HistoryEntry e = Entries.of("a", Step.STARTING, 1, 0, 1);
        try (PostgresHistoryStore writer = PostgresHistoryStore.builder().url(url).fleet("prod").build()) {
            writer.append(e);
        }
        try (PostgresHistoryStore prod = PostgresHistoryStore.builder().url(url).fleet("prod").readOnly().build();
                PostgresHistoryStore other = PostgresHistoryStore.builder().url(url).fleet("other").readOnly().build()) {
            assertThat(prod.entries()).containsExactly(e);
            assertThat(prod.acceptedEpoch()).isEqualTo(1);
            assertThat(other.entries()).isEmpty();
            assertThat(other.fleets()).containsExactly("prod");
        }
        assertThat(count(url, "SELECT count(*) FROM upshift.fence WHERE fleet = 'other'")).as("no fence row").isZero();
    }

    @Test
    @DisplayName("appends, epochs, claims and imports are refused, and nothing is written")
    void refusesWrites() throws SQLException {
        String url = server.freshDatabase();
        PostgresHistoryStore.builder().url(url).build().close();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).readOnly().build()) {
            HistoryEntry e = Entries.of("a", Step.STARTING, 1, 0, 0);
            for (Runnable write : List.<Runnable>of(() -> store.append(e), () -> store.appendAll(List.of(e)),
                    store::takeEpoch, () -> store.claimEpoch(3), () -> store.importJournal(List.of(e)))) {
                assertThatThrownBy(write::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("read-only");
            }
        }
        assertThat(count(url, "SELECT count(*) FROM upshift.history")).isZero();
        assertThat(count(url, "SELECT max(epoch) FROM upshift.fence")).isZero();
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }
}
