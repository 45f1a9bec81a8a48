package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.fleet.FleetContents;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Decides when a fleet is prepared again: the one place that turns a reading of a fleet into its
 * {@link PlanInput} and a {@link PreparedFleet}, and keeps that prepared fleet for as long as the
 * fleet's fingerprint stays the same (preparing is the costly part of planning; a reconcile reads
 * the fleet at every pass). Every source that hands the engine a fleet read again and again goes
 * through it: a fleet folder ({@code FleetFolder.fingerprint()}: its files' names and checksums),
 * a git checkout (the commit), the operator's resources (their resource versions) and the
 * testkit's fleets.
 *
 * <pre>{@code
 * FleetPreparation preparation = FleetPreparation.by(Planner.standard());
 * FleetFolder folder = FleetFolder.of(Path.of("fleet"));
 * FleetSource source = () -> FleetReading.of(preparation.prepare(folder.fingerprint(), folder::read));
 * }</pre>
 *
 * <h2>Contract</h2>
 * A fingerprint is any value whose {@link Object#equals} says that two readings found the same
 * fleet: equal fingerprints promise equal contents, so the contents are not read at all while the
 * fingerprint stays the same. The input is {@link PlanInput#from(FleetContents, List)} of the
 * contents, without history (the engine and the planner take the history when they plan). When
 * reading or preparing throws, the exception goes to the caller and the fleet prepared before is
 * kept, with its fingerprint: the next call reads again.
 *
 * <p>Thread-safe: calls are serialised, so a fleet is prepared once for a fingerprint even when
 * several threads ask.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FleetPreparation {
    private final Planner planner;
    private Object fingerprint;
    private PreparedFleet prepared;

    private FleetPreparation(Planner planner) {
        this.planner = planner;
    }

    /** A preparation that prepares fleets with {@code planner}; it has prepared none yet. */
    public static FleetPreparation by(Planner planner) {
        return new FleetPreparation(Objects.requireNonNull(planner, "planner"));
    }

    /**
     * The fleet of this fingerprint, prepared: the one prepared last when the fingerprint equals
     * that one's, else the contents read now and prepared.
     *
     * @param fingerprint what identifies the fleet's contents (see the class description)
     * @param contents reads the fleet; called only when the fingerprint is new
     * @return the prepared fleet
     * @throws RuntimeException what reading or preparing throws; the last prepared fleet is kept
     */
    public synchronized PreparedFleet prepare(Object fingerprint, Supplier<FleetContents> contents) {
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(contents, "contents");
        if (prepared == null || !fingerprint.equals(this.fingerprint)) {
            FleetContents read = Objects.requireNonNull(contents.get(), "the fleet's contents");
            prepared = planner.prepare(PlanInput.from(read, List.of()));
            this.fingerprint = fingerprint;
        }
        return prepared;
    }

    /** The fleet prepared last; empty before the first {@link #prepare}. */
    public synchronized Optional<PreparedFleet> last() {
        return Optional.ofNullable(prepared);
    }

    /** The planner fleets are prepared with. */
    public Planner planner() {
        return planner;
    }

    @Override
    public synchronized String toString() {
        return prepared == null ? "nothing prepared yet" : "prepared: " + prepared.input();
    }
}
