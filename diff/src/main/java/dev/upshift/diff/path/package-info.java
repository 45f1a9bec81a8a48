/**
 * Where a value sits in a document: field paths whose list steps go by key, and the patterns field
 * rules match them with.
 */
package dev.upshift.diff.path;
