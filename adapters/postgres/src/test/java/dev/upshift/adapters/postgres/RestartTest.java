package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.CallSite;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.Fault;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.testing.TestPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database stops under a running engine, in the middle of an append, and starts again: the
 * engine's reconciles fail as faults meanwhile (it records nothing and acts on nothing), the store
 * connects again by itself, and the rollout ends as an uninterrupted one: no record lost or doubled,
 * every hop published once.
 */
class RestartTest {
    private static final int CLUSTERS = 4;

    @TempDir
    Path data;

    private TestPostgres server;

    @AfterEach
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @DisplayName("the database restarted in the middle of an append: the engine waits and resumes, nothing lost or doubled")
    void engineWaitsAndResumes() throws Exception {
        int port = freePort();
        server = TestPostgres.start(data, port);
        String url = server.url("postgres");
        AtomicInteger appends = new AtomicInteger();
        PostgresHistoryStore.Builder b = PostgresHistoryStore.builder().url(url).pause(point -> {
            if (point.equals("inserted") && appends.incrementAndGet() == 3) {
                stopServer();
            }
        });
        EngineWorld.MemoryTarget target = new EngineWorld.MemoryTarget();
        PreparedFleet fleet = EngineWorld.fleet(CLUSTERS);
        List<Fault> faults = new ArrayList<>();
        try (PostgresHistoryStore store = b.build()) {
            Engine engine = EngineWorld.engine(store, store.takeEpoch(), target, fleet, "engine");
            Instant now = EngineWorld.T0;
            int down = 0;
            for (int i = 0; i < 60 && !EngineWorld.done(historyOrEmpty(store), CLUSTERS); i++) {
                Reconciliation r = engine.reconcile(now);
                faults.addAll(r.faults());
                if (server == null && ++down == 3) {
                    server = TestPostgres.start(data, port);
                }
                now = now.plus(EngineWorld.STEP);
            }
            assertThat(faults).extracting(Fault::site).contains(CallSite.APPEND_HISTORY, CallSite.READ_HISTORY);
            List<dev.upshift.spi.HistoryEntry> history = store.entries();
            assertThat(EngineWorld.violations(history, CLUSTERS)).isEmpty();
            assertThat(EngineWorld.done(history, CLUSTERS)).isTrue();
        }
        assertThat(target.hops).hasSize(2 * CLUSTERS);
        assertThat(target.calls).hasSize(2 * CLUSTERS).allSatisfy((hop, n) -> assertThat(n).as(hop).isEqualTo(1));
    }

    private void stopServer() {
        try {
            server.close();
            server = null;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<dev.upshift.spi.HistoryEntry> historyOrEmpty(PostgresHistoryStore store) {
        try {
            return store.entries();
        } catch (RuntimeException down) {
            return List.of();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
