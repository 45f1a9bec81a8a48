package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReadinessCheck;
import dev.upshift.spi.ReadinessFinding;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link ReadinessCheck} (its Javadoc, docs/spi.md): it only looks, answers
 * alike when asked alike, reports what it saw with the removing release, and throws, never answers
 * "nothing found", when it cannot look.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>K1</td><td>two calls with nothing changed between give equal findings</td></tr>
 *   <tr><td>K2</td><td>checking changes nothing in the cluster it is given</td></tr>
 *   <tr><td>K3</td><td>({@code USAGE}) a deprecated API in use is found, with its version, resource, removing release and source</td></tr>
 *   <tr><td>K4</td><td>({@code UNREACHABLE}) a cluster that cannot be looked at throws, rather than answering no findings</td></tr>
 * </table>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ReadinessCheckContract extends AdapterContract<ReadinessCheckContract.Capability> {

    /** Subclasses only. */
    protected ReadinessCheckContract() {}

    /** The optional capabilities of a readiness check. */
    public enum Capability {
        /** Seeing a deprecated API in use ({@link #arrangeUsage}). */
        USAGE,
        /** Failing to look at a cluster ({@link #arrangeUnreachable}). */
        UNREACHABLE
    }

    /** The check, made after the rule arranged what it looks at. */
    protected abstract ReadinessCheck newCheck();

    /** The cluster the rules check: by default {@code default/contract-1} on 1.0.0, with no documents. */
    protected ManagedCluster cluster() {
        return cluster("default/contract-1", "1.0.0");
    }

    /** The release the cluster runs: by default 1.0.0, Kubernetes 1.24.3. */
    protected Release from() {
        return Release.builder("1.0.0").component("kubernetes", "1.24.3").build();
    }

    /** The release of the hop checked: by default 1.1.0, Kubernetes 1.25.2. */
    protected Release to() {
        return Release.builder("1.1.0").component("kubernetes", "1.25.2").build();
    }

    /**
     * Makes the cluster use {@code batch/v1beta1} {@code cronjobs}, which Kubernetes 1.25 removes.
     * Needed by {@code USAGE}.
     */
    protected void arrangeUsage(ManagedCluster cluster) {
        throw new UnsupportedOperationException("declare USAGE unsupported, or override arrangeUsage");
    }

    /** Makes the cluster impossible to look at. Needed by {@code UNREACHABLE}. */
    protected void arrangeUnreachable(ManagedCluster cluster) {
        throw new UnsupportedOperationException("declare UNREACHABLE unsupported, or override arrangeUnreachable");
    }

    /** The cluster, using a deprecated API where the check can be made to see one: K1 and K2 then compare findings. */
    private ManagedCluster inUse() {
        ManagedCluster c = cluster();
        if (!capabilities().unsupported().containsKey(Capability.USAGE)) {
            arrangeUsage(c);
        }
        return c;
    }

    @Test
    @DisplayName("K1 two calls with nothing changed between give equal findings")
    public void stable() {
        ManagedCluster c = inUse();
        ReadinessCheck check = newCheck();
        List<ReadinessFinding> first = check.check(c, from(), to(), NOW);
        assertThat(check.check(c, from(), to(), NOW)).isEqualTo(first);
    }

    @Test
    @DisplayName("K2 checking changes nothing in the cluster it is given")
    public void changesNothing() {
        ManagedCluster c = inUse();
        ManagedCluster copy = c.toBuilder().build();
        newCheck().check(c, from(), to(), NOW);
        assertThat(c).isEqualTo(copy);
    }

    @Test
    @DisplayName("K3 a deprecated API in use is found, with its version, resource, removing release and source")
    public void findsUsage() {
        requires("K3", Capability.USAGE);
        ManagedCluster c = cluster();
        arrangeUsage(c);
        List<ReadinessFinding> found = newCheck().check(c, from(), to(), NOW);
        assertThat(found).anySatisfy(f -> {
            assertThat(f.apiVersion()).isEqualTo("batch/v1beta1");
            assertThat(f.resource()).isEqualTo("cronjobs");
            assertThat(f.removedIn()).hasValueSatisfying(v -> assertThat(v.compareMajorMinor(Version.parse("1.25")))
                    .isZero());
            assertThat(f.source()).isNotBlank();
        });
    }

    @Test
    @DisplayName("K4 a cluster that cannot be looked at throws, rather than answering no findings")
    public void unreachableThrows() {
        requires("K4", Capability.UNREACHABLE);
        ManagedCluster c = cluster();
        arrangeUnreachable(c);
        ReadinessCheck check = newCheck();
        assertThatThrownBy(() -> check.check(c, from(), to(), NOW)).isInstanceOf(RuntimeException.class);
    }
}
