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
 * The {@code Release} custom resource ({@value #GROUP}/{@value #VERSION}): a release of the catalog: its components, compatibility,
 * defaults and field rules. Its spec is the
 * document's (docs/formats.md).
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Group(ReleaseResource.GROUP)
@Version(ReleaseResource.VERSION)
@Kind("Release")
@Plural("releases")
@ShortNames("rel")
public final class ReleaseResource extends CustomResource<ReleaseSpec, Void>
        implements Namespaced {
    private static final long serialVersionUID = 1L;
    /** The API group of Upshift's resources. */
    public static final String GROUP = "upshift.dev";
    /** Their version, the same as the documents' {@code apiVersion}. */
    public static final String VERSION = "v1alpha1";
}
