package dev.upshift.core.simulate;

import dev.upshift.release.Version;
import io.vavr.collection.Map;
import io.vavr.collection.TreeMap;
import io.vavr.collection.Vector;

/**
 * The simulation's state after a step, as persistent collections.
 *
 * @param releases the clusters that moved to another release, and where they are now
 * @param running the upgrades in flight, by cluster id
 * @param ran the finished upgrades, by cluster id
 * @param held what held each cluster back, by cluster id, then reason code
 */
record State(Map<String, Version> releases, Map<String, Flight> running, Map<String, Vector<SimulatedUpgrade>> ran,
        Map<String, Map<String, HeldBack>> held) {

    /**
     * An upgrade in flight.
     *
     * @param upgrade the upgrade, its outcome {@code IN_PROGRESS}
     * @param id its history id
     */
    record Flight(SimulatedUpgrade upgrade, String id) {}

    static State initial() {
        return new State(TreeMap.empty(), TreeMap.empty(), TreeMap.empty(), TreeMap.empty());
    }

    State withRelease(String cluster, Version to) {
        return new State(releases.put(cluster, to), running, ran, held);
    }

    State launch(Flight flight) {
        return new State(releases, running.put(flight.upgrade().cluster(), flight), ran, held);
    }

    State land(String cluster, SimulatedUpgrade done) {
        return new State(releases, running.remove(cluster),
                ran.put(cluster, ran.get(cluster).getOrElse(Vector.empty()).append(done)), held);
    }

    State withHeld(Map<String, Map<String, HeldBack>> all) {
        return new State(releases, running, ran, all);
    }
}
