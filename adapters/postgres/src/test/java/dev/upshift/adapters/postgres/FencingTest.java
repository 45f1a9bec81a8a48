package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Fencing under concurrency: writers on their own connections, racing. The check of an append's
 * epoch and its insert hold one lock, so that an epoch taken meanwhile waits for the append, and
 * every append after it is refused.
 */
class FencingTest {
    private static final AtomicInteger FLEETS = new AtomicInteger();
    private static String url;

    private final String fleet = "fleet-" + FLEETS.incrementAndGet();
    private final List<PostgresHistoryStore> open = Collections.synchronizedList(new ArrayList<>());
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeAll
    static void database() {
        url = TestPostgres.shared().freshDatabase();
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(1, TimeUnit.MINUTES);
        open.forEach(PostgresHistoryStore::close);
    }

    private PostgresHistoryStore store(PostgresHistoryStore.Builder b) {
        PostgresHistoryStore s = b.url(url).fleet(fleet).build();
        open.add(s);
        return s;
    }

    @Test
    @DisplayName("a writer stopped inside its transaction holds the fence: a newer epoch waits for its commit, then refuses it")
    void aNewerEpochWaitsForTheAppendInFlight() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PostgresHistoryStore old = store(PostgresHistoryStore.builder().pause(point -> {
            if (point.equals("inserted") && inside.getCount() > 0) {
                inside.countDown();
                await(release);
            }
        }));
        PostgresHistoryStore newer = store(PostgresHistoryStore.builder());
        long epoch = old.takeEpoch();
        List<HistoryEntry> group = List.of(Entries.of("a", Step.STARTING, 1, 0, epoch),
                Entries.of("b", Step.STARTING, 1, 1, epoch));
        Future<?> append = threads.submit(() -> old.appendAll(group));
        await(inside);
        Future<Long> take = threads.submit(newer::takeEpoch);
        awaitLockWaiter();
        assertThat(take).isNotDone();
        release.countDown();
        append.get(1, TimeUnit.MINUTES);
        long taken = take.get(1, TimeUnit.MINUTES);
        assertThat(taken).isGreaterThan(epoch);
        assertThat(newer.entries()).isEqualTo(group);
        assertThatThrownBy(() -> old.append(Entries.of("a", Step.PUBLISHED, 1, 2, epoch)))
                .isInstanceOf(StaleWriterException.class);
        assertThat(newer.entries()).isEqualTo(group);
    }

    @Test
    @DisplayName("writers taking over one another at random: epochs never go down in the history, every group acknowledged is there whole, no refused one")
    void onlyTheNewestEpochMakesProgress() throws Exception {
        int writers = 4;
        List<List<HistoryEntry>> acknowledged = Collections.synchronizedList(new ArrayList<>());
        List<List<HistoryEntry>> refused = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> running = new ArrayList<>();
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(writers);
        for (int w = 0; w < writers; w++) {
            int writer = w;
            running.add(threads.submit(() -> {
                PostgresHistoryStore store = store(PostgresHistoryStore.builder());
                java.util.Random r = new java.util.Random(writer);
                start.await(1, TimeUnit.MINUTES);
                for (int generation = 0; generation < 5; generation++) {
                    long epoch = store.takeEpoch();
                    for (int n = 0; n < 15; n++) {
                        List<HistoryEntry> group = new ArrayList<>();
                        for (int k = 1 + r.nextInt(3); k > 0; k--) {
                            group.add(Entries.of("w" + writer + "-" + generation + "-" + n + "-" + k, Step.STARTING, 1,
                                    n, epoch));
                        }
                        try {
                            store.appendAll(group);
                            acknowledged.add(group);
                        } catch (StaleWriterException e) {
                            assertThat(e.acceptedEpoch()).isGreaterThan(epoch);
                            refused.add(group);
                            break;
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(5, TimeUnit.MINUTES);
        }
        List<HistoryEntry> history = store(PostgresHistoryStore.builder()).entries();
        for (int i = 1; i < history.size(); i++) {
            assertThat(history.get(i).epoch()).as("entry %d", i).isGreaterThanOrEqualTo(history.get(i - 1).epoch());
        }
        assertThat(history).hasSize(acknowledged.stream().mapToInt(List::size).sum());
        for (List<HistoryEntry> group : acknowledged) {
            int at = history.indexOf(group.get(0));
            assertThat(history.subList(at, at + group.size())).isEqualTo(group);
        }
        for (List<HistoryEntry> group : refused) {
            assertThat(history).doesNotContainAnyElementsOf(group);
        }
        assertThat(refused).as("writers that raced").isNotEmpty();
    }

    @Test
    @DisplayName("a writer that stops inside its transaction is ended by the server after its idle timeout; the newer writer goes on")
    void aStalledWriterIsEndedByTheServer() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PostgresHistoryStore stalled = store(PostgresHistoryStore.builder()
                .idleInTransactionTimeout(Duration.ofMillis(300)).pause(point -> {
                    if (point.equals("inserted") && inside.getCount() > 0) {
                        inside.countDown();
                        await(release);
                    }
                }));
        PostgresHistoryStore newer = store(PostgresHistoryStore.builder());
        long epoch = stalled.takeEpoch();
        Future<?> append = threads.submit(() -> stalled.append(Entries.of("a", Step.STARTING, 1, 0, epoch)));
        await(inside);
        long taken = CompletableFuture.supplyAsync(newer::takeEpoch, threads).get(1, TimeUnit.MINUTES);
        newer.append(Entries.of("b", Step.STARTING, 1, 1, taken));
        release.countDown();
        assertThatThrownBy(() -> append.get(1, TimeUnit.MINUTES)).hasCauseInstanceOf(UpshiftException.class)
                .cause().hasMessageContaining("none of them counts as recorded");
        assertThat(newer.entries()).extracting(HistoryEntry::clusterId).containsExactly("b");
        assertThatThrownBy(() -> stalled.append(Entries.of("a", Step.STARTING, 1, 0, epoch)))
                .isInstanceOf(StaleWriterException.class);
    }

    /** Waits until some session of the test's database waits for a lock. */
    @Test
    @DisplayName("an epoch claimed from a lease fences older writers before the new one writes, and an older claim is refused")
    void aClaimedEpochFencesAtOnce() {
        PostgresHistoryStore old = store(PostgresHistoryStore.builder());
        PostgresHistoryStore newer = store(PostgresHistoryStore.builder());
        old.claimEpoch(3);
        old.append(Entries.of("a", Step.STARTING, 1, 0, 3));
        newer.claimEpoch(4);
        newer.claimEpoch(4);
        assertThat(newer.acceptedEpoch()).isEqualTo(4);
        assertThatThrownBy(() -> old.append(Entries.of("a", Step.PUBLISHED, 1, 1, 3)))
                .isInstanceOf(StaleWriterException.class);
        assertThatThrownBy(() -> old.claimEpoch(3))
                .isInstanceOf(StaleWriterException.class)
                .hasMessageContaining("fenced at epoch 4");
        assertThat(newer.entries()).hasSize(1);
    }

    private static void awaitLockWaiter() throws SQLException, InterruptedException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement s = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND wait_event_type = 'Lock'")) {
            for (int tries = 0; tries < 6000; tries++) {
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    if (r.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("no session came to wait for the fence row's lock");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(1, TimeUnit.MINUTES)) {
                throw new AssertionError("a latch was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
