/**
 * The {@link dev.upshift.spi.HistoryStore} on PostgreSQL (docs/adapters.md):
 * {@link dev.upshift.adapters.postgres.PostgresHistoryStore}, one history for the engines of many
 * fleets, in which every append locks its fleet's fence row and is refused when a newer epoch was
 * taken ({@link dev.upshift.common.problem.StaleWriterException}), a unique index allows one start and
 * one publication per attempt, and triggers keep the rows unchanged; its schema migrated by Flyway;
 * {@link dev.upshift.adapters.postgres.HistoryQuery} for queries across fleets; and the import of a
 * JSON-lines journal.
 */
package dev.upshift.adapters.postgres;
