/**
 * Upshift's document layer above loading: comparing and patching documents. Holds the standard
 * patch formats, {@link dev.upshift.diff.JsonPatch} (RFC 6902) with {@link dev.upshift.diff.JsonPointers}
 * (RFC 6901) and {@link dev.upshift.diff.MergePatch} (RFC 7396).
 */
package dev.upshift.diff;
