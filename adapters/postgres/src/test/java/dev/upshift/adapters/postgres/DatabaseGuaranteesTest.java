package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the database enforces by itself, whoever writes: one start and one publication per attempt,
 * rows never changed or removed, fleets apart.
 */
class DatabaseGuaranteesTest {
    private static final AtomicInteger FLEETS = new AtomicInteger();
    private static String url;

    private final String fleet = "fleet-" + FLEETS.incrementAndGet();
    private final java.util.List<PostgresHistoryStore> open = new java.util.ArrayList<>();

    @BeforeAll
    static void database() {
        url = TestPostgres.shared().freshDatabase();
    }

    private PostgresHistoryStore store(String name) {
        PostgresHistoryStore s = PostgresHistoryStore.builder().url(url).fleet(name).build();
        open.add(s);
        return s;
    }

    @AfterEach
    void close() {
        open.forEach(PostgresHistoryStore::close);
    }

    @Test
    @DisplayName("two engines of the same epoch cannot both journal the start of an attempt: the second stops, its group unwritten")
    void oneStartPerAttempt() {
        PostgresHistoryStore first = store(fleet);
        PostgresHistoryStore second = store(fleet);
        first.append(Entries.of("a", Step.STARTING, 1, 0, 4));
        List<HistoryEntry> group = List.of(Entries.of("b", Step.STARTING, 1, 1, 4), Entries.of("a", Step.STARTING, 1, 2, 4));
        assertThatThrownBy(() -> second.appendAll(group)).isInstanceOf(StaleWriterException.class)
                .hasMessage("the history refused a write from engine epoch 4: the starting entry of upgrade"
                        + " a:20.0.0..20.1.0#1 is already recorded, by epoch 4; two engines are writing fleet '" + fleet
                        + "' with the same epoch, and only one may start an attempt; this one stops");
        assertThat(first.entries()).extracting(HistoryEntry::clusterId).containsExactly("a");
        first.append(Entries.of("a", Step.PUBLISHED, 1, 3, 4));
        assertThatThrownBy(() -> second.append(Entries.of("a", Step.PUBLISHED, 1, 4, 4)))
                .isInstanceOf(StaleWriterException.class).hasMessageContaining("the published entry of upgrade");
        second.append(Entries.of("a", Step.STARTING, 2, 5, 4));
        assertThat(second.entries()).extracting(HistoryEntry::step, HistoryEntry::attempt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Step.STARTING, 1),
                        org.assertj.core.groups.Tuple.tuple(Step.PUBLISHED, 1),
                        org.assertj.core.groups.Tuple.tuple(Step.STARTING, 2));
    }

    @Test
    @DisplayName("other steps of an attempt may repeat (an outcome, a hold), and the same key in another fleet is another attempt")
    void onlyStartAndPublicationAreOnce() {
        PostgresHistoryStore store = store(fleet);
        store.appendAll(List.of(Entries.of("a", Step.HELD, 1, 0, 0), Entries.of("a", Step.HELD, 1, 1, 0),
                Entries.of("a", Step.STARTING, 1, 2, 0)));
        store(fleet + "-other").append(Entries.of("a", Step.STARTING, 1, 0, 0));
        assertThat(store.entries()).hasSize(3);
    }

    @Test
    @DisplayName("the database refuses a double start written with plain SQL, past the store")
    void theIndexHoldsAgainstPlainSql() throws SQLException {
        store(fleet).append(Entries.of("a", Step.STARTING, 1, 0, 0));
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO upshift.history (fleet, at, cluster, upgrade_id,"
                    + " from_release, to_release, state, step, hop_number, hop_count, hop_target, attempt, epoch,"
                    + " reason_codes, entry) SELECT fleet, at, cluster, upgrade_id, from_release, to_release, state, step,"
                    + " hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry FROM upshift.history"
                    + " WHERE fleet = '" + fleet + "'"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("history_one_start_per_attempt");
        }
    }

    @Test
    @DisplayName("rows are never changed or removed: update, delete and truncate are refused")
    void appendOnly() throws SQLException {
        store(fleet).append(Entries.of("a", Step.STARTING, 1, 0, 0));
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (String change : List.of("UPDATE upshift.history SET state = 'failed'", "DELETE FROM upshift.history",
                    "TRUNCATE upshift.history CASCADE")) {
                assertThatThrownBy(() -> s.executeUpdate(change)).as(change).isInstanceOf(SQLException.class)
                        .hasMessageContaining("the Upshift history is append-only");
            }
        }
        assertThat(store(fleet).entries()).hasSize(1);
    }

    @Test
    @DisplayName("an epoch taken in one fleet fences that fleet only")
    void fleetsFenceApart() {
        PostgresHistoryStore here = store(fleet);
        PostgresHistoryStore there = store(fleet + "-there");
        long mine = here.takeEpoch();
        long theirs = there.takeEpoch();
        there.takeEpoch();
        here.append(Entries.of("a", Step.STARTING, 1, 0, mine));
        assertThatThrownBy(() -> there.append(Entries.of("a", Step.STARTING, 1, 0, theirs)))
                .isInstanceOf(StaleWriterException.class);
        assertThat(here.acceptedEpoch()).isEqualTo(mine);
    }

    @Test
    @DisplayName("taking an epoch fences every older writer at once, before the new one writes anything")
    void takingAnEpochFences() {
        PostgresHistoryStore old = store(fleet);
        long epoch = old.takeEpoch();
        old.append(Entries.of("a", Step.STARTING, 1, 0, epoch));
        long newer = store(fleet).takeEpoch();
        assertThat(newer).isGreaterThan(epoch);
        assertThatThrownBy(() -> old.append(Entries.of("a", Step.PUBLISHED, 1, 1, epoch)))
                .isInstanceOf(StaleWriterException.class)
                .hasMessage("the history refused a write from engine epoch " + epoch + ": epoch " + newer
                        + " has written since, so another engine has taken over; this one stops");
    }
}
