package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the journal says of one attempt (one upgrade id): the latest entry of each of its steps.
 * Read through a {@link JournalIndex}. Not for use outside Upshift: the engine reads it.
 */
@API(status = INTERNAL, since = "0.1")
public final class Attempt {
    private final String upgradeId;
    private HistoryEntry first;
    private HistoryEntry starting;
    private HistoryEntry published;
    private HistoryEntry workersStarting;
    private HistoryEntry workersPublished;
    private HistoryEntry outcome;
    private HistoryEntry finished;
    private HistoryEntry last;

    Attempt(String upgradeId) {
        this.upgradeId = upgradeId;
    }

    void add(HistoryEntry e) {
        if (first == null) {
            first = e;
        }
        last = e;
        switch (e.step()) {
            case STARTING -> starting = e;
            case PUBLISHED -> published = e;
            case WORKERS_STARTING -> workersStarting = e;
            case WORKERS_PUBLISHED -> workersPublished = e;
            case SUCCEEDED, FAILED -> outcome = e;
            case FINISHED -> finished = e;
            default -> { }
        }
    }

    /** The attempt's idempotency key. */
    public String upgradeId() {
        return upgradeId;
    }

    /** Its first entry. */
    public HistoryEntry first() {
        return first;
    }

    /** Its latest entry. */
    public HistoryEntry last() {
        return last;
    }

    /** Its {@code starting} entry, the start journaled ahead. */
    public Optional<HistoryEntry> starting() {
        return Optional.ofNullable(starting);
    }

    /** The entry that says what the attempt is: its start, or its first entry when it never started. */
    public HistoryEntry defining() {
        return starting != null ? starting : first;
    }

    /** Its {@code published} entry (of the control plane's part, for a hop in two parts). */
    public Optional<HistoryEntry> published() {
        return Optional.ofNullable(published);
    }

    /** Its {@code workersStarting} entry: the workers' part of a hop in two parts journaled ahead. */
    public Optional<HistoryEntry> workersStarting() {
        return Optional.ofNullable(workersStarting);
    }

    /** Its {@code workersPublished} entry. */
    public Optional<HistoryEntry> workersPublished() {
        return Optional.ofNullable(workersPublished);
    }

    /** Its latest outcome ({@code succeeded} or {@code failed}). */
    public Optional<HistoryEntry> outcome() {
        return Optional.ofNullable(outcome);
    }

    /** Its {@code finished} entry. */
    public Optional<HistoryEntry> finished() {
        return Optional.ofNullable(finished);
    }

    /**
     * Started (journaled ahead, or published by a writer that journals no start: an import, an
     * older journal) and no outcome yet.
     */
    public boolean inFlight() {
        return (starting != null || published != null) && outcome == null && !skipped();
    }

    /** An outcome is recorded and the attempt is not finished. */
    public boolean owesFinish() {
        return outcome != null && finished == null && !skipped();
    }

    /** Its latest entry says it is no longer followed (its cluster left the fleet). */
    public boolean skipped() {
        return last != null && last.step() == Step.SKIPPED;
    }

    /** Whether it is finished. */
    public boolean done() {
        return finished != null;
    }

    /** The hooks still owed: those of the latest outcome, else those of the start. */
    public List<String> owedHooks() {
        if (outcome != null) {
            return outcome.owedHooks();
        }
        return starting == null ? List.of() : starting.owedHooks();
    }

    /** When it started: its start's instant, else its first entry's. */
    public Instant startedAt() {
        return starting != null ? starting.at() : first.at();
    }

    /** Until when a before-hook holds it, when its latest entry is such a hold. */
    public Optional<Instant> heldUntil() {
        if (last == null || last.step() != Step.HELD) {
            return Optional.empty();
        }
        return last.reasons().stream().flatMap(r -> r.until().stream()).min(Instant::compareTo);
    }
}
