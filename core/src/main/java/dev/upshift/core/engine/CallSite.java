package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Where the engine called out when a {@link Fault} happened. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum CallSite {
    /** Reading the fleet ({@link FleetSource}). */
    READ_FLEET("read fleet"),
    /** Reading the history. */
    READ_HISTORY("read history"),
    /** Appending to the history. */
    APPEND_HISTORY("append history"),
    /** Computing the change a hop publishes. */
    CHANGE("compute change"),
    /** A before-hook. */
    BEFORE_HOOK("before-hook"),
    /** An upgrade strategy. */
    STRATEGY("strategy"),
    /** The change publisher. */
    PUBLISH("publish"),
    /** The status probe. */
    PROBE("probe"),
    /** An after-hook. */
    AFTER_HOOK("after-hook"),
    /** The event sink. */
    EMIT_EVENT("emit event");

    private final String word;

    CallSite(String word) {
        this.word = word;
    }

    /** How messages name it. */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
