/**
 * Safe loading of YAML and JSON text into trees that remember file, line and column:
 * {@link dev.upshift.common.source.DocumentLoader}, its {@link dev.upshift.common.source.LoadLimits},
 * and the {@link dev.upshift.common.source.SourceDocument}s it returns.
 */
package dev.upshift.common.source;
