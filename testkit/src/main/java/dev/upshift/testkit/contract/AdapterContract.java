package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import java.time.Instant;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

/**
 * What every contract test shares: the capabilities the adapter declares, and a rule that reports
 * them. Extend one of the contracts, not this class.
 *
 * @param <C> the contract's capability enum
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class AdapterContract<C extends Enum<C>> {
    /** The instant the rules pass as {@code now}. */
    protected static final Instant NOW = Instant.parse("2026-03-10T10:00:00Z");

    /** Subclasses only. */
    protected AdapterContract() {}

    /**
     * What the adapter can do: {@code Capabilities.all(Capability.class)}, with each capability it
     * lacks declared {@code unsupported} and why.
     */
    protected abstract Capabilities<C> capabilities();

    /** Reports every capability declared unsupported, and why (JUnit's report entries). */
    @Test
    @DisplayName("C0 declares the optional capabilities it lacks, each with a reason")
    public void declaresItsCapabilities(TestReporter reporter) {
        Capabilities<C> declared = capabilities();
        if (declared == null) {
            throw new AssertionError("capabilities() must say what the adapter can do: Capabilities.all(...)");
        }
        declared.unsupported().forEach((c, why) -> reporter.publishEntry("unsupported " + c, why));
    }

    /** Aborts the rule, saying why, unless the adapter has the capability. */
    protected final void requires(String rule, C capability) {
        capabilities().require(rule, capability);
    }

    /** A cluster of the given id on the given release, with no documents. */
    protected static ManagedCluster cluster(String id, String release) {
        return ManagedCluster.builder(id).infrastructure("aws").release(release).label("stage", "test").build();
    }

    /** An upgrade of a cluster to a release, with an id as the engine makes them ({@code cluster:from..to#attempt}). */
    protected static Upgrade upgrade(ManagedCluster cluster, String to, int attempt) {
        return new Upgrade(cluster.id() + ":" + cluster.release() + ".." + to + "#" + attempt, cluster,
                cluster.release(), Version.parse(to), Optional.of("contract"));
    }
}
