/**
 * Minimal edits of YAML and JSON text: a change given as values ({@link dev.upshift.diff.edit.TextEdits#set},
 * a whole document, or a {@link dev.upshift.diff.merge.MergeResult}) applied to a file's original
 * text so that only the lines of the changed fields differ, comments and layout kept byte for byte
 * ({@link dev.upshift.diff.edit.TextEdits}, {@link dev.upshift.diff.edit.EditedText}).
 */
package dev.upshift.diff.edit;
