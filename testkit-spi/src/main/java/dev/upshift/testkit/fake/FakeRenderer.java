package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A {@link Renderer} that renders as the planner's default does — the release's defaults, then the
 * cluster's values, applied to the cluster's documents — unless told to reject a cluster, and
 * records every call.
 *
 * <pre>{@code
 * FakeRenderer renderer = new FakeRenderer().reject("prod-1", "the admission webhook refuses it");
 * Planner planner = Planner.builder().renderer(renderer).build();
 * }</pre>
 *
 * <p>Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeRenderer implements Renderer {
    private final Faults faults = new Faults("render");
    private final Map<String, String> rejections = new TreeMap<>();
    private final List<String> calls = new ArrayList<>();

    /** The switches that make {@link #render} throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** Every rendering of the cluster is rejected with {@code reason}. */
    public synchronized FakeRenderer reject(String clusterId, String reason) {
        Rendering.rejected(reason);
        rejections.put(Objects.requireNonNull(clusterId, "clusterId"), reason);
        return this;
    }

    @Override
    public Rendering render(ManagedCluster cluster, Release release) {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(release, "release");
        synchronized (this) {
            calls.add(cluster.id() + " at " + release.version());
        }
        faults.enter();
        synchronized (this) {
            String why = rejections.get(cluster.id());
            if (why != null) {
                return Rendering.rejected(why);
            }
        }
        return Rendering.rendered(release.defaults().then(cluster.values()).applyTo(cluster.resources(),
                "release " + release.version() + " rendered by the fake renderer"));
    }

    /** Every call as {@code <cluster> at <release>}, in order. */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    @Override
    public synchronized String toString() {
        return "fake renderer: " + calls.size() + " calls";
    }
}
