package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** How a finished upgrade ended. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Outcome {
    /** The cluster runs the target release (or the new values). */
    SUCCEEDED("succeeded"),
    /** The upgrade stopped without getting there. */
    FAILED("failed");

    private final String word;

    Outcome(String word) {
        this.word = word;
    }

    /** {@code succeeded} or {@code failed}, as events and JSON write it. */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
