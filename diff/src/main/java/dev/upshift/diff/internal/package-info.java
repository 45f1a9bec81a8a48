/**
 * Helpers shared by the diff packages. Not API: not exported by the module, and may change at any
 * time without notice.
 */
package dev.upshift.diff.internal;
