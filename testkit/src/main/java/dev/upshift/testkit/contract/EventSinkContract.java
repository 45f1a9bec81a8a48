package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.EventSink;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of an {@link EventSink} (its Javadoc, docs/spi.md): it takes every finished upgrade's
 * event, and the same event again (delivery is at least once).
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>E1</td><td>it takes a succeeded and a failed upgrade's event</td></tr>
 *   <tr><td>E2</td><td>it takes the same event twice, harmlessly</td></tr>
 *   <tr><td>E3</td><td>({@code OBSERVE}) what it took arrives, each event at least once, in order</td></tr>
 * </table>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class EventSinkContract extends AdapterContract<EventSinkContract.Capability> {

    /** Subclasses only. */
    protected EventSinkContract() {}

    /** The optional capabilities of a sink. */
    public enum Capability {
        /** Telling what arrived ({@link #received()}). */
        OBSERVE
    }

    /** A new sink, for one rule. */
    protected abstract EventSink newSink();

    /** What arrived where the sink delivers, in order. Needed by {@code OBSERVE}. */
    protected List<UpgradeEvent> received() {
        throw new UnsupportedOperationException("declare OBSERVE unsupported, or override received");
    }

    private static List<UpgradeEvent> events() {
        Upgrade u = ContractFleets.upgrade(ContractFleets.cluster(ContractFleets.fleet()), 1);
        Upgrade again = ContractFleets.upgrade(u.cluster(), 2);
        return List.of(UpgradeEvent.failed(u, "node cp-2 did not drain in 15m", NOW, NOW.plus(Duration.ofMinutes(20))),
                UpgradeEvent.succeeded(again, NOW.plus(Duration.ofHours(1)), NOW.plus(Duration.ofHours(2))));
    }

    @Test
    @DisplayName("E1 it takes a succeeded and a failed upgrade's event")
    public void takesEvents() {
        EventSink s = newSink();
        events().forEach(s::emit);
    }

    @Test
    @DisplayName("E2 it takes the same event twice, harmlessly")
    public void takesRepeats() {
        EventSink s = newSink();
        UpgradeEvent e = events().get(1);
        s.emit(e);
        s.emit(e);
    }

    @Test
    @DisplayName("E3 what it took arrives, each event at least once, in order")
    public void delivers() {
        requires("E3", Capability.OBSERVE);
        EventSink s = newSink();
        List<UpgradeEvent> sent = events();
        sent.forEach(s::emit);
        assertThat(received().stream().map(EventSinkContract::key).distinct().toList())
                .containsExactlyElementsOf(sent.stream().map(EventSinkContract::key).toList());
    }

    /** What identifies an event's content: its upgrade's id, outcome, start and duration. */
    private static String key(UpgradeEvent e) {
        return e.upgrade().id() + " " + e.outcome() + " " + e.failureReason().orElse("") + " " + e.startedAt() + " "
                + e.duration();
    }
}
