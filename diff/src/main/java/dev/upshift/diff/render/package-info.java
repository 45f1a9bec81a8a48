/**
 * Renderings of a {@link dev.upshift.diff.merge.MergeResult}: a review report, unified YAML diffs, RFC 6902
 * JSON Patches, RFC 7396 merge patches, the merged documents as YAML and the result as JSON.
 */
package dev.upshift.diff.render;
