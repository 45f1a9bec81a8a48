package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;
import org.apiguardian.api.API;

/**
 * The {@code ClusterUpgrade} custom resource ({@value #GROUP}/{@value #VERSION}): an upgrade
 * intent, which clusters go to which release, not before when, in which stages. Its spec is the
 * document's (docs/formats.md); its status is what the operator writes back.
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Group(ClusterUpgradeResource.GROUP)
@Version(ClusterUpgradeResource.VERSION)
@Kind("ClusterUpgrade")
@Plural("clusterupgrades")
@ShortNames("cu")
public final class ClusterUpgradeResource extends CustomResource<ClusterUpgradeSpec, ClusterUpgradeStatus>
        implements Namespaced {
    private static final long serialVersionUID = 1L;
    /** The API group of Upshift's resources. */
    public static final String GROUP = "upshift.dev";
    /** Their version, the same as the documents' {@code apiVersion}. */
    public static final String VERSION = "v1alpha1";
}
