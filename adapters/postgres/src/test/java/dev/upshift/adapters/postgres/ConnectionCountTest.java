package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * How many connections a store holds, as docs/adapters.md says: counted by the server for a store
 * built with a URL, and through a counting {@link DataSource} for one built with the application's.
 */
class ConnectionCountTest {
    private final TestPostgres server = TestPostgres.shared();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }

    @Test
    @DisplayName("built with a URL, a store holds one connection from build to close, whatever it does, and none after")
    void oneOfItsOwn() {
        // counted on its own database, and given time to settle: the server ends a closed connection's
        // backend a moment after the client let go (the migration's, here), and a leak stays
        String name = server.freshDatabaseName();
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(server.url(name)).build()) {
            assertThat(eventually(() -> server.clientConnections(name), 1)).isEqualTo(1);
            store.append(Entries.of("a", Step.STARTING, 1, 0, store.takeEpoch()));
            store.entries();
            store.history("a");
            store.query(HistoryQuery.builder().build());
            assertThat(eventually(() -> server.clientConnections(name), 1)).isEqualTo(1);
        }
        assertThat(eventually(() -> server.clientConnections(name), 0)).isZero();
    }

    @Test
    @DisplayName("with a DataSource, building takes at most two connections (the migration's), and each call one, given back")
    void borrowedPerCall() {
        Counting counting = new Counting(server.database(server.freshDatabaseName()));
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().dataSource(counting.source()).build()) {
            assertThat(counting.peak).as("at once while building").hasValueLessThanOrEqualTo(2);
            assertThat(counting.open).as("held once built").hasValue(0);
            counting.peak.set(0);
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            store.entries();
            store.history("a");
            assertThat(counting.peak).as("at once during calls").hasValue(1);
            assertThat(counting.open).as("held between calls").hasValue(0);
        }
    }

    @Test
    @DisplayName("with connections(2), a cluster's history is read while an append holds the other connection; with one, the read waits for it")
    void readsBesideAnAppend() throws Exception {
        String url = server.freshDatabase();
        for (int connections : new int[] {2, 1}) {
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            String fleet = "fleet-" + connections;
            try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet(fleet)
                    .connections(connections).pause(point -> {
                        if (point.equals("inserted")) {
                            inside.countDown();
                            await(release);
                        }
                    }).build()) {
                store.history("a");
                HistoryEntry e = Entries.of("a", Step.STARTING, 1, 0, 0);
                Future<?> append = threads.submit(() -> store.append(e));
                await(inside);
                Thread[] reader = new Thread[1];
                Future<List<HistoryEntry>> read = threads.submit(() -> {
                    reader[0] = Thread.currentThread();
                    return store.history("a");
                });
                if (connections == 2) {
                    assertThat(read.get(1, TimeUnit.MINUTES)).as("the append is not committed yet").isEmpty();
                } else {
                    awaitWaiting(read, reader);
                    assertThat(read).isNotDone();
                }
                release.countDown();
                append.get(1, TimeUnit.MINUTES);
                if (connections == 1) {
                    assertThat(read.get(1, TimeUnit.MINUTES)).as("read once the append committed").containsExactly(e);
                }
            }
        }
    }

    @Test
    @DisplayName("connections(n) takes 1 to 16, and only with a URL")
    void connectionsChecked() {
        assertThatThrownBy(() -> PostgresHistoryStore.builder().connections(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a store holds 1 to 16 connections of its own, not 0");
        assertThatThrownBy(() -> PostgresHistoryStore.builder().connections(17))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostgresHistoryStore.builder().dataSource(server.database("postgres")).connections(2)
                .build()).isInstanceOf(IllegalStateException.class).hasMessageContaining("size the application's pool");
    }

    private static int eventually(java.util.function.IntSupplier count, int target) {
        int now = count.getAsInt();
        for (int tries = 0; tries < 500 && now != target; tries++) {
            sleep(20);
            now = count.getAsInt();
        }
        return now;
    }

    /** Until the reader waits for a connection (or finished, which the caller's assertion then reports). */
    private static void awaitWaiting(Future<?> read, Thread[] reader) {
        for (int tries = 0; tries < 6000; tries++) {
            Thread t = reader[0];
            if (read.isDone() || t != null && t.getState() == Thread.State.WAITING) {
                return;
            }
            sleep(10);
        }
        throw new AssertionError("the reader never came to wait for the store's connection");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(1, TimeUnit.MINUTES)) {
                throw new AssertionError("waited a minute for a latch");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A DataSource that counts the connections open at once through it. */
    private static final class Counting {
        final DataSource target;
        final AtomicInteger open = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();

        Counting(DataSource target) {
            this.target = target;
        }

        DataSource source() {
            ClassLoader loader = Counting.class.getClassLoader();
            return (DataSource) Proxy.newProxyInstance(loader, new Class<?>[] {DataSource.class}, (p, m, args) -> {
                Object r = invoke(target, m, args);
                if (!m.getName().equals("getConnection")) {
                    return r;
                }
                peak.accumulateAndGet(open.incrementAndGet(), Math::max);
                Connection c = (Connection) r;
                return Proxy.newProxyInstance(loader, new Class<?>[] {Connection.class}, (p2, m2, a2) -> {
                    if (m2.getName().equals("close") && !c.isClosed()) {
                        open.decrementAndGet();
                    }
                    return invoke(c, m2, a2);
                });
            });
        }

        private static Object invoke(Object on, Method m, Object[] args) throws Throwable {
            try {
                return m.invoke(on, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
