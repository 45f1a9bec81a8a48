package dev.upshift.core.simulate;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import io.vavr.collection.Map;
import io.vavr.collection.Set;
import io.vavr.collection.TreeMap;
import io.vavr.collection.TreeSet;
import io.vavr.collection.Vector;
import java.time.Instant;

/**
 * The simulation's state after a step, as persistent collections: each step's state shares all but
 * what changed with the one before, so keeping every step costs little, and the planner reads the
 * history through an unmodifiable view instead of a copy per step.
 *
 * @param releases the clusters that moved to another release, and where they are now
 * @param history the input's journal, then what the simulation appended, oldest first
 * @param running the upgrades in flight, by cluster id
 * @param ran the finished upgrades, by cluster id
 * @param attempted the upgrades started once (never started again: a failed upgrade is not retried)
 * @param held what held each cluster back, by cluster id, then reason code
 */
record State(Map<String, Version> releases, Vector<HistoryEntry> history, Map<String, Flight> running,
        Map<String, Vector<SimulatedUpgrade>> ran, Set<String> attempted, Map<String, Map<String, HeldBack>> held) {

    /**
     * An upgrade in flight and its outcome, decided when it started.
     *
     * @param upgrade the upgrade, its outcome {@code IN_PROGRESS}
     * @param id its history id
     * @param fails whether it will fail
     */
    record Flight(SimulatedUpgrade upgrade, String id, boolean fails) {}

    static State initial(java.util.List<HistoryEntry> history) {
        return new State(TreeMap.empty(), Vector.ofAll(history), TreeMap.empty(), TreeMap.empty(), TreeSet.empty(),
                TreeMap.empty());
    }

    State withRelease(String cluster, Version to) {
        return new State(releases.put(cluster, to), history, running, ran, attempted, held);
    }

    State append(HistoryEntry entry) {
        return new State(releases, history.append(entry), running, ran, attempted, held);
    }

    State launch(Flight flight, String key) {
        return new State(releases, history, running.put(flight.upgrade().cluster(), flight), ran, attempted.add(key), held);
    }

    State land(String cluster, SimulatedUpgrade done) {
        return new State(releases, history, running.remove(cluster),
                ran.put(cluster, ran.get(cluster).getOrElse(Vector.empty()).append(done)), attempted, held);
    }

    State hold(String cluster, String code, Instant from, Instant to, String message) {
        Map<String, HeldBack> codes = held.get(cluster).getOrElse(TreeMap.empty());
        HeldBack next = codes.get(code).map(h -> h.plus(from, to, message))
                .getOrElse(() -> new HeldBack(code, java.time.Duration.between(from, to), from, to, message));
        return new State(releases, history, running, ran, attempted, held.put(cluster, codes.put(code, next)));
    }
}
