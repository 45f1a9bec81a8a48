package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.release.Version;
import dev.upshift.spi.Act;
import dev.upshift.spi.ApprovalGate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The people's acts a journal holds, folded ({@link JournalIndex#acts()}): which upgrades are
 * paused, which runs cancelled, which stage gates approved, which failed hops retried and which
 * clusters skipped. Each act counts from its place in the journal on. Not for use outside Upshift.
 */
@API(status = INTERNAL, since = "0.1")
public final class Acts {
    private final List<Act> all = new ArrayList<>();
    /** Per upgrade, its latest pause or resume. */
    private final Map<String, Act> pausing = new HashMap<>();
    /** The first cancel of each run, by {@code upgrade@release}. */
    private final Map<String, Act> cancels = new HashMap<>();
    /** The first approval of each gate of each run. */
    private final Map<Gate, Act> approvals = new HashMap<>();
    /** The journal position of the latest retry of each hop, by {@code cluster:from..to}. */
    private final Map<String, Integer> retries = new HashMap<>();
    /** The first skip of each cluster from each run, by cluster and run. */
    private final Map<String, Act> skips = new HashMap<>();

    private record Gate(String run, String stage, ApprovalGate gate) {}

    void add(Act a, int position) {
        all.add(a);
        switch (a.kind()) {
            case PAUSE, RESUME -> pausing.put(a.upgrade().orElseThrow(), a);
            case CANCEL -> cancels.putIfAbsent(run(a.upgrade().orElseThrow(), a.release()), a);
            case APPROVE -> approvals.putIfAbsent(new Gate(run(a.upgrade().orElseThrow(), a.release()),
                    a.stage().orElseThrow(), a.gate().orElseThrow()), a);
            case RETRY -> retries.put(hop(a.cluster().orElseThrow(), a.from().orElseThrow(), a.release()), position);
            case SKIP -> skips.putIfAbsent(a.cluster().orElseThrow() + '\u0000' + run(a.upgrade().orElseThrow(),
                    a.release()), a);
        }
    }

    /** Every act, in journal order. */
    public List<Act> all() {
        return Collections.unmodifiableList(all);
    }

    /** The pause in force on an upgrade: its latest pause, unless a resume came after it. */
    public Optional<Act> paused(String upgrade) {
        return Optional.ofNullable(pausing.get(upgrade)).filter(a -> a.kind() == Act.Kind.PAUSE);
    }

    /** The act that cancelled the run of {@code upgrade} to {@code release}, if one did. */
    public Optional<Act> cancelled(String upgrade, Version release) {
        return Optional.ofNullable(cancels.get(run(upgrade, release)));
    }

    /** The approval of a stage's gate for one run, if one was given. */
    public Optional<Act> approved(String upgrade, Version release, String stage, ApprovalGate gate) {
        return Optional.ofNullable(approvals.get(new Gate(run(upgrade, release), stage, gate)));
    }

    /** The journal position of the latest retry of a cluster's hop; -1 when there is none. */
    public int lastRetry(String cluster, Version from, Version to) {
        return retries.getOrDefault(hop(cluster, from, to), -1);
    }

    /** The act that took a cluster out of the run of {@code upgrade} to {@code release}, if one did. */
    public Optional<Act> skipped(String cluster, String upgrade, Version release) {
        return Optional.ofNullable(skips.get(cluster + '\u0000' + run(upgrade, release)));
    }

    private static String run(String upgrade, Version release) {
        return upgrade + "@" + release;
    }

    private static String hop(String cluster, Version from, Version to) {
        return cluster + ':' + from + ".." + to;
    }
}
