/**
 * Safe loading of YAML and JSON text into trees that remember file, line and column:
 * {@link dev.upshift.diff.source.DocumentLoader}, its {@link dev.upshift.diff.source.LoadLimits},
 * and the {@link dev.upshift.diff.source.SourceDocument}s it returns.
 */
package dev.upshift.diff.source;
