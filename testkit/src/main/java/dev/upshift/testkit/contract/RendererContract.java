package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Release;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import dev.upshift.testkit.fleet.TestFleet;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Renderer} (its Javadoc, docs/spi.md): a dry-run that changes nothing,
 * answers alike when asked alike, and rejects with a reason.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>R1</td><td>two calls with the same arguments give equal documents</td></tr>
 *   <tr><td>R2</td><td>rendering changes nothing in the cluster it is given</td></tr>
 *   <tr><td>R3</td><td>({@code REJECTION}) a cluster that cannot be rendered is rejected with a reason, not thrown</td></tr>
 * </table>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class RendererContract extends AdapterContract<RendererContract.Capability> {
    private final TestFleet fleet = ContractFleets.fleet();

    /** Subclasses only. */
    protected RendererContract() {}

    /** The optional capabilities of a renderer. */
    public enum Capability {
        /** Rejecting a cluster ({@link #arrangeRejection}). */
        REJECTION
    }

    /** The renderer, made after the rule arranged what it looks at. */
    protected abstract Renderer newRenderer();

    /** The cluster the rules render: by default, one with a control plane, on 1.0.0. */
    protected ManagedCluster cluster() {
        return ContractFleets.cluster(fleet);
    }

    /** The release the rules render at: by default, 1.1.0, which moves the control plane's version. */
    protected Release release() {
        return fleet.contents().releases().items().stream().filter(r -> r.version().toString().equals("1.1.0"))
                .findFirst().orElseThrow();
    }

    /** Makes the renderer unable to render the cluster. Needed by {@code REJECTION}. */
    protected void arrangeRejection(ManagedCluster cluster) {
        throw new UnsupportedOperationException("declare REJECTION unsupported, or override arrangeRejection");
    }

    @Test
    @DisplayName("R1 two calls with the same arguments give equal documents")
    public void stable() {
        Renderer r = newRenderer();
        Rendering first = r.render(cluster(), release());
        Rendering second = r.render(cluster(), release());
        assertThat(first).isInstanceOf(Rendering.Rendered.class);
        assertThat(ContractFleets.text(((Rendering.Rendered) second).documents()))
                .isEqualTo(ContractFleets.text(((Rendering.Rendered) first).documents()));
    }

    @Test
    @DisplayName("R2 rendering changes nothing in the cluster it is given")
    public void changesNothing() {
        ManagedCluster c = cluster();
        String before = ContractFleets.text(c.resources());
        newRenderer().render(c, release());
        assertThat(ContractFleets.text(c.resources())).isEqualTo(before);
    }

    @Test
    @DisplayName("R3 a cluster that cannot be rendered is rejected with a reason, not thrown")
    public void rejects() {
        requires("R3", Capability.REJECTION);
        ManagedCluster c = cluster();
        arrangeRejection(c);
        Rendering r = newRenderer().render(c, release());
        assertThat(r).isInstanceOf(Rendering.Rejected.class);
        assertThat(((Rendering.Rejected) r).reason()).isNotBlank();
    }
}
