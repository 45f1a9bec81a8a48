/**
 * Not API: helpers shared by the diff packages and the sibling modules the package is exported to
 * (the tree toolkit, the path syntax, the document reader); they may change at any time.
 */
package dev.upshift.diff.internal;
