package dev.upshift.front;

import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.plan.PreparedFleet;

/**
 * The engine's fleet source, remembering its last reading: the simulated probe plans with the fleet
 * the engine read last (read now, before the engine's first read).
 */
final class LastReading implements FleetSource {
    private final FleetSource source;
    private volatile FleetReading last;

    LastReading(FleetSource source) {
        this.source = source;
    }

    @Override
    public FleetReading read() {
        FleetReading reading = source.read();
        last = reading;
        return reading;
    }

    /** The fleet of the last reading, or of one made now when there was none. */
    PreparedFleet fleet() {
        FleetReading reading = last;
        return (reading != null ? reading : read()).fleet();
    }

    @Override
    public String toString() {
        return source.toString();
    }
}
