package dev.upshift.adapters.postgres;

import dev.upshift.common.problem.UpshiftException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The store's schema: versioned migrations run by Flyway from {@value #LOCATION}, checked on every
 * start (an applied migration that was edited since is an error, not a silent difference).
 */
final class Schema {
    static final String LOCATION = "classpath:dev/upshift/adapters/postgres/migration";
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private Schema() {}

    static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a schema's name is a lower-case SQL name of up to 63 characters"
                    + " ([a-z_][a-z0-9_]*), not '" + name + "'");
        }
        return name;
    }

    static String checkFleet(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.length() > 100 || name.chars().anyMatch(ch -> Character.isISOControl(ch)
                || Character.isSurrogate((char) ch))) {
            throw new IllegalArgumentException("a fleet's name has 1 to 100 characters and no control characters, not '"
                    + name.replaceAll("[\\p{Cc}\\p{Cs}]", "?") + "'");
        }
        return name;
    }

    /** A data source for a URL, whose own error would quote the URL and its password. */
    static DataSource dataSource(String url, String user, String password) {
        PGSimpleDataSource source = new PGSimpleDataSource();
        try {
            source.setURL(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid PostgreSQL JDBC URL: " + SqlErrors.redact(url)
                    + " (expected jdbc:postgresql://HOST[:PORT]/DATABASE)");
        }
        if (user != null) {
            source.setUser(user);
        }
        if (password != null) {
            source.setPassword(password);
        }
        return source;
    }

    /**
     * Checks that the database can be reached and holds UTF-8, then migrates the schema, or, when
     * migrating is off, checks that it is at the current version.
     */
    static void prepare(DataSource source, String schema, boolean migrate, String where) {
        reach(source, where);
        Flyway flyway = flyway(source, schema, true);
        try {
            if (migrate) {
                flyway.migrate();
                return;
            }
            MigrationInfoService info = flyway.info();
            MigrationInfo[] pending = info.pending();
            if (pending.length > 0) {
                throw new UpshiftException("the PostgreSQL history at " + where + " has its schema '" + schema + "' at "
                        + (info.current() == null ? "no version" : "version " + info.current().getVersion())
                        + " and needs " + Arrays.stream(pending).map(m -> "V" + m.getVersion())
                                .collect(Collectors.joining(", "))
                        + ": let the store migrate it (migrate on) or run the migrations of docs/adapters.md");
            }
        } catch (FlywayException e) {
            throw new UpshiftException("could not " + (migrate ? "migrate" : "check") + " the schema '" + schema
                    + "' of the PostgreSQL history at " + where + ": " + reason(e), e);
        }
    }

    /**
     * For a store that only reads: checks that the database can be reached and holds UTF-8, and
     * whether the schema exists (false: no engine ever wrote there, and the history is empty); one
     * that exists must be at the current version. Writes nothing.
     */
    static boolean readable(DataSource source, String schema, String where) {
        reach(source, where);
        Flyway flyway = flyway(source, schema, false);
        try {
            MigrationInfoService info = flyway.info();
            if (info.current() == null) {
                return false;
            }
            MigrationInfo[] pending = info.pending();
            if (pending.length > 0) {
                throw new UpshiftException("the PostgreSQL history at " + where + " has its schema '" + schema + "' at"
                        + " version " + info.current().getVersion() + " and needs " + Arrays.stream(pending)
                                .map(m -> "V" + m.getVersion()).collect(Collectors.joining(", "))
                        + ": a reader does not migrate it; let an engine's store (or the migrations of"
                        + " docs/adapters.md) bring it up to date first");
            }
            return true;
        } catch (FlywayException e) {
            throw new UpshiftException("could not check the schema '" + schema + "' of the PostgreSQL history at "
                    + where + ": " + reason(e), e);
        }
    }

    /** Checks that the database can be reached and holds UTF-8. */
    private static void reach(DataSource source, String where) {
        try (Connection c = source.getConnection()) {
            checkEncoding(c, where);
        } catch (SQLException e) {
            throw new UpshiftException("could not open the PostgreSQL history at " + where + ": "
                    + SqlErrors.reason(e), e);
        }
    }

    private static Flyway flyway(DataSource source, String schema, boolean createSchema) {
        return Flyway.configure(Schema.class.getClassLoader()).dataSource(source).schemas(schema).locations(LOCATION)
                .cleanDisabled(true).createSchemas(createSchema).load();
    }

    /** PostgreSQL text in another encoding could not hold every entry: refuse it plainly. */
    static void checkEncoding(Connection c, String where) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW server_encoding")) {
            r.next();
            String encoding = r.getString(1);
            if (!"UTF8".equals(encoding)) {
                throw new UpshiftException("could not open the PostgreSQL history at " + where + ": the database's"
                        + " encoding is " + encoding + ": the Upshift history needs a"
                        + " UTF8 database (CREATE DATABASE ... ENCODING 'UTF8')");
            }
        }
    }

    private static String reason(FlywayException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return SqlErrors.reason(sql);
            }
        }
        // Flyway's own lines, up to its advice (which names its commands and web pages, not ours)
        String message = e.getMessage() == null ? "" : e.getMessage().strip();
        String said = message.lines().map(String::strip).takeWhile(l -> !l.startsWith("Either ") && !l.startsWith("Need ")
                && !l.contains("http")).filter(l -> !l.isEmpty()).map(l -> l.startsWith("->") ? l.substring(2).strip() : l)
                .collect(Collectors.joining("; "));
        return said.isEmpty() ? "Flyway gave no reason" : said;
    }
}
