/**
 * Kubernetes documents as Upshift sees them: identity, sets read from loaded files, and release
 * defaults rendered over a cluster.
 */
package dev.upshift.diff.document;
