/**
 * The journal's room (DESIGN.md section 7, docs/journal.md): the embedded
 * {@link dev.upshift.spi.HistoryStore}, {@link dev.upshift.core.journal.JsonLinesJournal}, a JSON-lines
 * journal in the fleet's state folder ({@code DIR/.upshift/} or {@code --state}) with its format and
 * version in the first line, appends grouped under one fsync, a torn last line repaired on opening,
 * an exclusive lock so that a second engine is refused ({@link dev.upshift.core.journal.JournalLockedException}),
 * writers fenced by an epoch ({@link dev.upshift.common.problem.StaleWriterException}), and older formats
 * migrated forward into a new file and cleaned up later; and its read-only side,
 * {@link dev.upshift.core.journal.JsonLinesJournal#read}, for {@code upshift history}.
 *
 * <p>With the embedded file adapters ({@code core.file}), the only package of core that reads or
 * writes files (core's {@code LayeringTest}); nothing else in core depends on it: the engine reaches
 * it through the SPI's {@code HistoryStore}.
 */
package dev.upshift.core.journal;
