package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Looks at a live cluster for what an upgrade would break: the deprecated APIs its clients still
 * request (docs/planning.md, "Readiness"; docs/adapters.md has the Kubernetes one, which reads the
 * workload cluster's {@code apiserver_requested_deprecated_apis}).
 *
 * <p><b>Contract.</b> Whoever plans a hop (the engine before it publishes, a tool before it plans)
 * calls {@link #check} with the cluster and the hop, on its own thread, once per cluster and hop per
 * round; calls for different clusters may come from different threads. The call only looks: it
 * must change nothing, and asking twice with nothing changed in between gives the same findings.
 * It may block briefly (a request to the cluster). It returns every deprecated API it saw in use,
 * whether or not the hop removes it: which findings block the hop is the caller's to judge, from
 * each finding's {@link ReadinessFinding#removedIn()} and the Kubernetes version of the hop's
 * target. An empty list means nothing deprecated was seen. An exception
 * means the check could not look (the cluster is unreachable): the caller treats the hop as not
 * known to be ready and asks again later; it never treats a failure as "nothing found".
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ReadinessCheck {

    /**
     * The deprecated APIs seen in use on the cluster.
     *
     * @param cluster the cluster, as the inventory lists it
     * @param from the release it runs
     * @param to the release the hop lands on
     * @param now the instant of the round, for findings whose source gives no time
     * @return the findings, in a stable order; empty when nothing deprecated was seen
     */
    List<ReadinessFinding> check(ManagedCluster cluster, Release from, Release to, Instant now);

    /** A check that never finds anything: for clusters no live check can reach. */
    static ReadinessCheck none() {
        return (cluster, from, to, now) -> List.of();
    }
}
