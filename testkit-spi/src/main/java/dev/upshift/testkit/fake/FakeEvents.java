package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.EventSink;
import dev.upshift.spi.UpgradeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An {@link EventSink} that keeps every event it is handed, in order, and can be made to throw as a
 * telemetry endpoint that is down does.
 *
 * <p>Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeEvents implements EventSink {
    private final Faults faults = new Faults("emit event");
    private final List<UpgradeEvent> events = new ArrayList<>();

    /** The switches that make {@link #emit} throw or hang. */
    public Faults faults() {
        return faults;
    }

    @Override
    public void emit(UpgradeEvent event) {
        Objects.requireNonNull(event, "event");
        faults.enter();
        synchronized (this) {
            events.add(event);
        }
    }

    /** The events emitted without a fault, in order (repeats included: delivery is at least once). */
    public synchronized List<UpgradeEvent> events() {
        return List.copyOf(events);
    }

    /** The events of one cluster, in order. */
    public synchronized List<UpgradeEvent> events(String clusterId) {
        return events.stream().filter(e -> e.upgrade().cluster().id().equals(clusterId)).toList();
    }

    @Override
    public synchronized String toString() {
        return "fake event sink: " + events.size() + " events";
    }
}
