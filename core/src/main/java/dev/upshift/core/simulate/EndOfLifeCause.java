package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.ReasonCodes;
import org.apiguardian.api.API;

/**
 * Why a cluster would still run a release when the release's end of life has passed, in the words a
 * platform team acts on (docs/simulation.md, "End of life"). Read off the simulation up to that
 * instant by {@link EndOfLife}; see {@link EndOfLifeMiss#cause()} for the order in which they are
 * judged.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum EndOfLifeCause {
    /** No upgrade takes it off the release: none selects it, or its target is that release (or older). */
    NO_UPGRADE("noUpgrade", "no upgrade takes it off the release"),
    /** No upgrade path leads from the release to its target ({@code NO_PATH}). */
    NO_PATH("noPath", "no path to its target"),
    /** Blocked until a person acts: a field conflict, two upgrades claiming it, an unknown schedule, ... */
    BLOCKED("blocked", "a person must act"),
    /** Its own upgrade failed. */
    FAILED("failed", "its upgrade failed"),
    /** Its stage was halted by other clusters' failures ({@code STAGE_HALTED}): its own upgrade never started. */
    HALTED("halted", "its stage was halted by others' failures"),
    /** It is frozen across the day, or a freeze held it back longest. */
    FROZEN("frozen", "frozen"),
    /** Its stage waited for an earlier stage to finish or soak ({@code WAITING_STAGE}, {@code SOAKING}). */
    STAGE("stage", "its stage waits"),
    /** Its stage had {@code maxConcurrent} clusters in flight ({@code MAX_CONCURRENT}). */
    CONCURRENCY("concurrency", "its stage's concurrency"),
    /** Its windows are too rare: it waited for a window, or an exclusion ({@code OUTSIDE_WINDOW}, {@code EXCLUDED}). */
    WINDOWS("windows", "its windows are too rare"),
    /** Its upgrade's {@code startTime} came too late ({@code WAITING_START_TIME}). */
    START_TIME("startTime", "its upgrade starts too late"),
    /** Nothing held it back, but its upgrade still runs on the day. */
    UPGRADING("upgrading", "its upgrade is still running");

    private final String word;
    private final String phrase;

    EndOfLifeCause(String word, String phrase) {
        this.word = word;
        this.phrase = phrase;
    }

    /** The cause as the JSON writes it: {@code noUpgrade}, {@code stage}, {@code windows}, ... */
    public String word() {
        return word;
    }

    /** The cause in a few words: {@code its stage waits}. */
    public String phrase() {
        return phrase;
    }

    /** Whether a change of timing (a start time, a window, a concurrency) may lift it; a person's decision may not. */
    public boolean timing() {
        return this == STAGE || this == CONCURRENCY || this == WINDOWS || this == START_TIME || this == UPGRADING;
    }

    /** The cause a reason code stands for, when it held a cluster back longest. */
    static EndOfLifeCause of(String code) {
        return switch (code) {
            case ReasonCodes.WAITING_STAGE, ReasonCodes.SOAKING -> STAGE;
            case ReasonCodes.MAX_CONCURRENT -> CONCURRENCY;
            case ReasonCodes.OUTSIDE_WINDOW, ReasonCodes.EXCLUDED, ReasonCodes.NO_WINDOW -> WINDOWS;
            case ReasonCodes.WAITING_START_TIME -> START_TIME;
            case ReasonCodes.FROZEN -> FROZEN;
            case ReasonCodes.NO_PATH -> NO_PATH;
            case ReasonCodes.UPGRADE_FAILED -> FAILED;
            case ReasonCodes.STAGE_HALTED -> HALTED;
            default -> BLOCKED;
        };
    }
}
