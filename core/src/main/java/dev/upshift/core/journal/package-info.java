/**
 * The journal's room (DESIGN.md section 7), to be built here: the embedded {@code HistoryStore}, a
 * JSON-lines journal in the fleet's state folder ({@code DIR/.upshift/} or {@code --state}), with
 * its schema version in the first line, appends grouped per reconcile under one fsync, a torn last
 * line repaired on open, an exclusive lock so that a second engine is refused, writers fenced by an
 * epoch, and older formats migrated forward into a new file.
 *
 * <p>With the embedded file adapters ({@code core.file}), the only package of core that reads or
 * writes files (core's {@code LayeringTest}); nothing else in core depends on it: the engine reaches
 * it through the SPI's {@code HistoryStore}.
 */
package dev.upshift.core.journal;
