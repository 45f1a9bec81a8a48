package dev.upshift.testing;

import java.time.Duration;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every test of a module that registers it gives back the connections it took on the shared server: after the
 * test (and its {@code @AfterEach} methods) the server holds no more client connections than
 * before it, or the test fails naming how many it left open. A module registers it for every test
 * class in its test resources: {@code META-INF/services/org.junit.jupiter.api.extension.Extension}
 * naming it, and {@code junit.jupiter.extensions.autodetection.enabled = true} in
 * {@code junit-platform.properties}. Together with
 * the server's small connection limit ({@link TestPostgres#MAX_CONNECTIONS}), a test that opens
 * a store per example of a property and closes them only at its end fails every time, not by
 * chance.
 */
public final class ConnectionsGiveBack implements BeforeEachCallback, AfterEachCallback {
    /** A backend ends a moment after its client closed the connection. */
    private static final Duration GRACE = Duration.ofSeconds(10);
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ConnectionsGiveBack.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        TestPostgres.sharedIfStarted().ifPresent(s -> context.getStore(NS).put("before", s.clientConnections()));
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        var server = TestPostgres.sharedIfStarted();
        if (server.isEmpty()) {
            return;
        }
        Integer before = context.getStore(NS).get("before", Integer.class);
        int allowed = before == null ? 0 : before;
        long until = System.nanoTime() + GRACE.toNanos();
        int now = server.get().clientConnections();
        while (now > allowed && System.nanoTime() < until) {
            Thread.sleep(50);
            now = server.get().clientConnections();
        }
        if (now > allowed) {
            throw new AssertionError("'" + context.getDisplayName() + "' left " + (now - allowed) + " connection(s) to the"
                    + " shared PostgreSQL open (" + now + " now, " + allowed + " before it): close what a test opens,"
                    + " inside the loop or the example that opened it");
        }
    }
}
