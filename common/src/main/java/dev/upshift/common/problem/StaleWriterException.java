package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A history store (the SPI's {@code HistoryStore}) refused an append because its writer's epoch is older than one the store
 * has already accepted: another engine has taken over (DESIGN.md section 7, fencing). The engine that
 * receives it must stop acting: nothing it tried to record was recorded.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class StaleWriterException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final long epoch;
    private final long acceptedEpoch;

    /**
     * A refusal.
     *
     * @param epoch the refused writer's epoch
     * @param acceptedEpoch the newest epoch the store has accepted
     */
    public StaleWriterException(long epoch, long acceptedEpoch) {
        super("the history refused a write from engine epoch " + epoch + ": epoch " + acceptedEpoch
                + " has written since, so another engine has taken over; this one stops");
        this.epoch = epoch;
        this.acceptedEpoch = acceptedEpoch;
    }

    /**
     * A refusal that says why in its own words: the store found another writer by a means other than
     * an older epoch (a database's unique key on an attempt's start, which a writer of the same epoch
     * had already recorded).
     *
     * @param message what a person should know, naming both writers' epochs
     * @param epoch the refused writer's epoch
     * @param acceptedEpoch the newest epoch the store has accepted
     */
    public StaleWriterException(String message, long epoch, long acceptedEpoch) {
        super(message);
        this.epoch = epoch;
        this.acceptedEpoch = acceptedEpoch;
    }

    /** The refused writer's epoch. */
    public long epoch() {
        return epoch;
    }

    /** The newest epoch the store has accepted. */
    public long acceptedEpoch() {
        return acceptedEpoch;
    }
}
