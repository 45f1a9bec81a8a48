package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A call the engine made that threw: the step it belonged to was not taken this reconcile and is
 * tried again on the next (docs/engine.md says what each call site's fault leaves behind).
 *
 * @param site the call
 * @param cluster the cluster whose step it was; empty for calls made for the whole fleet
 * @param message what the exception said, for a person
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Fault(CallSite site, Optional<String> cluster, String message) {

    /** Validates the parts. */
    public Fault {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(message, "message");
    }

    static Fault of(CallSite site, String cluster, RuntimeException e) {
        return new Fault(site, Optional.ofNullable(cluster), describe(e));
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? "an unexplained error" : m;
    }

    /** {@code publish prod-eu-1: connection refused}. */
    @Override
    public String toString() {
        return site + cluster.map(c -> " " + c).orElse("") + ": " + message;
    }
}
