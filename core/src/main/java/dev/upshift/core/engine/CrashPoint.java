package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The named moments of a reconcile at which a test may ask the engine to die ({@link CrashPoints}),
 * to prove that a run killed there resumes without publishing twice or losing a record
 * (docs/engine.md lists what each leaves behind).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum CrashPoint {
    /** The intent to publish ({@code starting}) is durable; nothing is published yet. */
    INTENT_JOURNALED("intent-journaled"),
    /** The publisher returned; its answer is not journaled yet. */
    PUBLISH_RETURNED("publish-returned"),
    /** The publication is journaled. */
    PUBLICATION_JOURNALED("publication-journaled"),
    /**
     * A hop in two parts: the probe said its control plane is done and every part hook proceeded;
     * the workers' part is not journaled yet.
     */
    PART_HOOKS_DONE("part-hooks-done"),
    /** A hop in two parts: the intent to publish its workers ({@code workersStarting}) is durable; they are not published yet. */
    WORKERS_INTENT_JOURNALED("workers-intent-journaled"),
    /** A hop in two parts: the publisher returned from the workers' part; its answer is not journaled yet. */
    WORKERS_PUBLISH_RETURNED("workers-publish-returned"),
    /** A hop in two parts: the workers' publication is journaled. */
    WORKERS_PUBLICATION_JOURNALED("workers-publication-journaled"),
    /** The probe answered with an outcome; it is not journaled yet. */
    PROBE_ANSWERED("probe-answered"),
    /** The outcome is journaled; after-hooks and the event are still owed. */
    OUTCOME_JOURNALED("outcome-journaled"),
    /** Every owed after-hook proceeded; the event is not emitted yet. */
    AFTER_HOOKS_DONE("after-hooks-done"),
    /** The event was handed to the sink; the attempt is not journaled as finished yet. */
    EVENT_EMITTED("event-emitted"),
    /** The attempt is journaled as finished. */
    FINISH_JOURNALED("finish-journaled");

    private final String word;

    CrashPoint(String word) {
        this.word = word;
    }

    /** The name tests and {@code UPSHIFT_CRASH_AT} use ({@code intent-journaled}, ...). */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
