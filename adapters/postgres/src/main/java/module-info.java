/** The HistoryStore on PostgreSQL: one history for several engines, fenced by epoch (docs/adapters.md). */
module dev.upshift.adapters.postgres {
    requires transitive dev.upshift.core;
    requires transitive java.sql;
    requires java.naming;
    requires org.postgresql.jdbc;
    requires flyway.core;

    exports dev.upshift.adapters.postgres;
}
