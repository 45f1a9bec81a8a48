package dev.upshift.adapters.postgres;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.PreparedFleet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An engine in a process of its own, writing the PostgreSQL history and the target table, for the
 * tests that run two engines or kill one: {@code URL FLEET CLUSTERS NAME MODE}. It takes an epoch,
 * says {@code EPOCH n}, and reconciles until every cluster finished both hops ({@code DONE}, exit 0)
 * or the history refuses it ({@code FENCED message}, exit 3). Modes: {@code run}; {@code pause}
 * (after the first reconcile that recorded something, says {@code PAUSED} and waits for a line);
 * {@code hold} (waits for a line before its first reconcile); {@code kill-inside:N} (inside the
 * transaction of its Nth append, after the insert, says {@code INSIDE} and waits to be killed).
 */
final class EngineProcess {
    private EngineProcess() {}

    public static void main(String[] args) throws IOException {
        String url = args[0];
        int clusters = Integer.parseInt(args[2]);
        String name = args[3];
        String mode = args[4];
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        AtomicInteger appends = new AtomicInteger();
        int killAt = mode.startsWith("kill-inside:") ? Integer.parseInt(mode.substring("kill-inside:".length())) : -1;
        PostgresHistoryStore.Builder b = PostgresHistoryStore.builder().url(url).fleet(args[1]).pause(point -> {
            if (point.equals("inserted") && appends.incrementAndGet() == killAt) {
                say("INSIDE");
                waitFor(in);
            }
        });
        try (PostgresHistoryStore store = b.build()) {
            long epoch = store.takeEpoch();
            say("EPOCH " + epoch);
            if (mode.equals("hold")) {
                waitFor(in);
            }
            PreparedFleet fleet = EngineWorld.fleet(clusters);
            Engine engine = EngineWorld.engine(store, epoch, new EngineWorld.TableTarget(url), fleet, name);
            boolean paused = !mode.equals("pause");
            Instant now = EngineWorld.T0;
            for (int i = 0; i < 200; i++) {
                Instant latest = EngineWorld.next(store.entries());
                now = latest.isAfter(now) ? latest : now.plus(EngineWorld.STEP);
                Reconciliation r = engine.reconcile(now);
                if (!paused && !r.recorded().isEmpty()) {
                    paused = true;
                    say("PAUSED");
                    waitFor(in);
                }
                if (EngineWorld.done(store.entries(), clusters)) {
                    say("DONE");
                    System.exit(0);
                }
            }
            say("GAVE UP");
            System.exit(4);
        } catch (StaleWriterException e) {
            say("FENCED " + e.getMessage());
            System.exit(3);
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static void waitFor(BufferedReader in) {
        try {
            in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
