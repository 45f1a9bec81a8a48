/** The HistoryStore on PostgreSQL. */
package dev.upshift.adapters.postgres;
