package dev.upshift.operator;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;

/**
 * The publisher as one term's engine sees it: a publication passes only while the term is current.
 * The engine journals a start before it publishes, so this gate matters only for a term that ended
 * between the two: the call then fails (a fault: nothing reaches the clusters) and the next leader
 * publishes the journaled start under the same idempotency key.
 */
final class GatedPublisher implements ChangePublisher {
    private final ChangePublisher publisher;
    private final Leadership leadership;
    private final Term term;

    GatedPublisher(ChangePublisher publisher, Leadership leadership, Term term) {
        this.publisher = publisher;
        this.leadership = leadership;
        this.term = term;
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        if (!leadership.holds(term)) {
            throw new IllegalStateException("the term of " + term + " is over: this replica no longer holds the lease"
                    + " and publishes nothing");
        }
        return publisher.publish(upgrade, change);
    }
}
