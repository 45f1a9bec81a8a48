package dev.upshift.diff.render;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Whether a rendering for people shows sensitive values ({@link dev.upshift.diff.merge.SensitiveValues}).
 * Renderings meant to be applied always carry the real values, whatever this says.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SecretValues {
    /** Each sensitive value shows only as its mask, {@code <secret sha256:1a2b3c4d>}: the default. */
    MASKED,
    /** Sensitive values are shown in clear, for a person looking at their own terminal. */
    SHOWN
}
