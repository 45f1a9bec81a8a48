package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** The {@code apiVersion}s of Upshift's own documents. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ApiVersions {
    /** The first version, {@code upshift.dev/v1alpha1}. */
    public static final String V1ALPHA1 = "upshift.dev/v1alpha1";

    /** The version every Upshift document kind is read at; older ones are migrated to it on load. */
    public static final String CURRENT = V1ALPHA1;

    private ApiVersions() {}
}
