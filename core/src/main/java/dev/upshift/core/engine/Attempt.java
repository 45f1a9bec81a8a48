package dev.upshift.core.engine;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What the journal says of one attempt (one upgrade id): the entries of its steps, latest of each. */
final class Attempt {
    final String upgradeId;
    HistoryEntry first;
    HistoryEntry starting;
    HistoryEntry published;
    HistoryEntry workersStarting;
    HistoryEntry workersPublished;
    HistoryEntry outcome;
    HistoryEntry finished;
    HistoryEntry last;

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

    /**
     * Started (journaled ahead, or published by a writer that journals no start: an import, an
     * older journal) and no outcome yet.
     */
    boolean inFlight() {
        return (starting != null || published != null) && outcome == null && !skipped();
    }

    /** An outcome is recorded and the attempt is not finished. */
    boolean owesFinish() {
        return outcome != null && finished == null && !skipped();
    }

    /** Journaled to be published in two parts, control plane then workers ({@link Parts}). */
    boolean inParts() {
        return starting != null && starting.reasons().stream().anyMatch(r -> r.code().equals(EngineReasons.IN_PARTS));
    }

    /** The one part a hop moves, journaled with its start when part hooks were registered ({@link Parts#onePart}). */
    Optional<dev.upshift.spi.UpgradePart> onePart() {
        if (starting == null) {
            return Optional.empty();
        }
        for (dev.upshift.spi.Reason r : starting.reasons()) {
            if (r.code().equals(EngineReasons.CONTROL_PLANE_ONLY)) {
                return Optional.of(dev.upshift.spi.UpgradePart.CONTROL_PLANE);
            }
            if (r.code().equals(EngineReasons.WORKERS_ONLY)) {
                return Optional.of(dev.upshift.spi.UpgradePart.WORKERS);
            }
        }
        return Optional.empty();
    }

    boolean skipped() {
        return last != null && last.step() == dev.upshift.spi.HistoryEntry.Step.SKIPPED;
    }

    boolean done() {
        return finished != null;
    }

    /** The hooks still owed: those of the latest outcome, else those of the start. */
    List<String> owedHooks() {
        if (outcome != null) {
            return outcome.owedHooks();
        }
        return starting == null ? List.of() : starting.owedHooks();
    }

    Instant startedAt() {
        return starting != null ? starting.at() : first.at();
    }

    Optional<Instant> heldUntil() {
        if (last == null || last.step() != Step.HELD) {
            return Optional.empty();
        }
        return last.reasons().stream().flatMap(r -> r.until().stream()).min(Instant::compareTo);
    }
}
