package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A {@link ReadinessCheck} that answers what it was told each cluster uses, and records every call;
 * its {@link #faults()} make it throw, as an unreachable cluster does.
 *
 * <pre>{@code
 * FakeReadinessCheck live = new FakeReadinessCheck().sees("prod-1", new ReadinessFinding("batch/v1beta1",
 *         "cronjobs", Optional.of(Version.parse("1.25")), Optional.empty(), "the fake"));
 * }</pre>
 *
 * <p>Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeReadinessCheck implements ReadinessCheck {
    private final Faults faults = new Faults("check readiness");
    private final Map<String, List<ReadinessFinding>> seen = new TreeMap<>();
    private final List<String> calls = new ArrayList<>();

    /** The switches that make {@link #check} throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** From now on the cluster is seen using the finding's API. */
    public synchronized FakeReadinessCheck sees(String clusterId, ReadinessFinding finding) {
        seen.computeIfAbsent(Objects.requireNonNull(clusterId, "clusterId"), k -> new ArrayList<>())
                .add(Objects.requireNonNull(finding, "finding"));
        return this;
    }

    @Override
    public List<ReadinessFinding> check(ManagedCluster cluster, Release from, Release to, Instant now) {
        Objects.requireNonNull(cluster, "cluster");
        synchronized (this) {
            calls.add(cluster.id() + " " + from.version() + " → " + to.version());
        }
        faults.enter();
        synchronized (this) {
            return List.copyOf(seen.getOrDefault(cluster.id(), List.of()));
        }
    }

    /** Every call as {@code <cluster> <from> → <to>}, in order. */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    @Override
    public synchronized String toString() {
        return "fake readiness check: " + calls.size() + " calls";
    }
}
