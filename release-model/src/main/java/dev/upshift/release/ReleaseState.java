package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/** Where a release stands in its life. */
@API(status = MAINTAINED, since = "0.1")
public enum ReleaseState {
    /** Offered: a valid target and a valid step on a path. */
    ACTIVE("active"),
    /** Still usable, on a path or as a target, but on its way out; plans say so. */
    DEPRECATED("deprecated"),
    /** Pulled back: never a target and never a step on a path. A cluster running it may still leave it. */
    WITHDRAWN("withdrawn");

    private final String word;

    ReleaseState(String word) {
        this.word = word;
    }

    /** The word documents use ({@code active}, {@code deprecated}, {@code withdrawn}). */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
