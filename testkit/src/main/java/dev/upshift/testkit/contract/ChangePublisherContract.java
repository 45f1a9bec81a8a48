package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link ChangePublisher} (its Javadoc, docs/spi.md): idempotent by upgrade id, a
 * rejection is an answer, an exception is not.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>P1</td><td>publishing answers {@code published} with a reference, and the target changes</td></tr>
 *   <tr><td>P2</td><td>publishing the same upgrade again answers published and changes nothing more</td></tr>
 *   <tr><td>P3</td><td>({@code RESTART}) a restarted publisher that publishes the same upgrade again answers published and changes nothing more</td></tr>
 *   <tr><td>P4</td><td>({@code REJECTION}) a change the target refuses is answered {@code rejected} with a reason, not thrown, and changes nothing</td></tr>
 *   <tr><td>P5</td><td>({@code UNREACHABLE}) a publisher that cannot reach its target throws, and changes nothing</td></tr>
 * </table>
 *
 * <p>The adapter says what one upgrade and its change are ({@link #change()}), and how its target
 * looks ({@link #target()}): a value that is equal exactly when the target is (the files, the
 * commits, the objects).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ChangePublisherContract extends AdapterContract<ChangePublisherContract.Capability> {

    /** Subclasses only. */
    protected ChangePublisherContract() {}

    /** The optional capabilities of a publisher. */
    public enum Capability {
        /** Being restarted over the same target ({@link #restart}). */
        RESTART,
        /** Being refused by its target ({@link #arrangeRejection}). */
        REJECTION,
        /** Being unable to reach its target ({@link #arrangeUnreachable}). */
        UNREACHABLE
    }

    /**
     * An upgrade and its change, that the target does not hold yet.
     *
     * @param upgrade the upgrade, with its id
     * @param change its three-way merge
     */
    public record Change(Upgrade upgrade, MergeResult change) {}

    /** A new publisher over a new target, for one rule. */
    protected abstract ChangePublisher newPublisher();

    /** An upgrade for {@link #newPublisher()}'s target, and its change. */
    protected abstract Change change();

    /** What the target holds now: equal values exactly when the target is the same. */
    protected abstract Object target();

    /** A new publisher over the same target, as a restarted process makes it. Needed by {@code RESTART}. */
    protected ChangePublisher restart(ChangePublisher publisher) {
        throw new UnsupportedOperationException("declare RESTART unsupported, or override restart");
    }

    /** Makes the target refuse the next publication for good. Needed by {@code REJECTION}. */
    protected void arrangeRejection(ChangePublisher publisher) {
        throw new UnsupportedOperationException("declare REJECTION unsupported, or override arrangeRejection");
    }

    /** Makes the target unreachable. Needed by {@code UNREACHABLE}. */
    protected void arrangeUnreachable(ChangePublisher publisher) {
        throw new UnsupportedOperationException("declare UNREACHABLE unsupported, or override arrangeUnreachable");
    }

    @Test
    @DisplayName("P1 publishing answers published with a reference, and the target changes")
    public void publishes() {
        ChangePublisher p = newPublisher();
        Change c = change();
        Object before = target();
        Publication answer = p.publish(c.upgrade(), c.change());
        assertThat(answer).isInstanceOf(Publication.Published.class);
        assertThat(target()).as("the target after the publication").isNotEqualTo(before);
    }

    @Test
    @DisplayName("P2 publishing the same upgrade again answers published and changes nothing more")
    public void idempotent() {
        ChangePublisher p = newPublisher();
        Change c = change();
        Publication first = p.publish(c.upgrade(), c.change());
        Object after = target();
        Publication again = p.publish(c.upgrade(), c.change());
        assertThat(first).isInstanceOf(Publication.Published.class);
        assertThat(again).as("a reference: the first one where the target keeps it, or one saying it was there")
                .isInstanceOf(Publication.Published.class);
        assertThat(target()).as("the target after publishing again").isEqualTo(after);
    }

    @Test
    @DisplayName("P3 a restarted publisher that publishes the same upgrade again answers published and changes"
            + " nothing more")
    public void idempotentAcrossRestarts() {
        requires("P3", Capability.RESTART);
        ChangePublisher p = newPublisher();
        Change c = change();
        Publication first = p.publish(c.upgrade(), c.change());
        Object after = target();
        Publication again = restart(p).publish(c.upgrade(), c.change());
        assertThat(first).isInstanceOf(Publication.Published.class);
        assertThat(again).as("a reference: the first one where the target keeps it, or one saying it was there")
                .isInstanceOf(Publication.Published.class);
        assertThat(target()).as("the target after publishing again").isEqualTo(after);
    }

    @Test
    @DisplayName("P4 a change the target refuses is answered rejected with a reason, not thrown, and changes nothing")
    public void aRejectionIsAnAnswer() {
        requires("P4", Capability.REJECTION);
        ChangePublisher p = newPublisher();
        Change c = change();
        arrangeRejection(p);
        Object before = target();
        Publication answer = p.publish(c.upgrade(), c.change());
        assertThat(answer).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) answer).reason()).isNotBlank();
        assertThat(target()).isEqualTo(before);
    }

    @Test
    @DisplayName("P5 a publisher that cannot reach its target throws, and changes nothing")
    public void anExceptionIsNotAnAnswer() {
        requires("P5", Capability.UNREACHABLE);
        ChangePublisher p = newPublisher();
        Change c = change();
        arrangeUnreachable(p);
        Object before = target();
        assertThatThrownBy(() -> p.publish(c.upgrade(), c.change())).isInstanceOf(RuntimeException.class);
        assertThat(target()).isEqualTo(before);
    }
}
