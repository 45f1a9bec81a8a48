package dev.upshift.adapters.postgres;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * What a failed statement means, and how to say it to a person: the server's own first line, never
 * the statement (a failed batch's message quotes its SQL and values) and never a password.
 */
final class SqlErrors {
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("//[^/@?]*@");

    private SqlErrors() {}

    /** The innermost exception of a chain (a batch reports the statement's own error as the next one). */
    static SQLException root(SQLException e) {
        SQLException inner = e;
        while (inner.getNextException() != null && inner.getNextException() != inner) {
            inner = inner.getNextException();
        }
        return inner;
    }

    /** Whether the statement broke a unique index or constraint of this name. */
    static boolean violates(SQLException e, String constraint) {
        SQLException inner = root(e);
        if (!"23505".equals(inner.getSQLState()) || !(inner instanceof PSQLException p)) {
            return false;
        }
        ServerErrorMessage m = p.getServerErrorMessage();
        return m != null && constraint.equals(m.getConstraint());
    }

    /** Whether the connection itself failed (the server went away, the network broke): a read may be tried again. */
    static boolean connectionLost(SQLException e) {
        String state = root(e).getSQLState();
        return state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
                || state.equals("57P03"));
    }

    /** The server's or the driver's own words, first line only, without the severity prefix. */
    static String reason(SQLException e) {
        SQLException inner = root(e);
        String message = inner.getMessage() == null ? "" : inner.getMessage();
        if (inner instanceof PSQLException p && p.getServerErrorMessage() != null
                && p.getServerErrorMessage().getMessage() != null) {
            message = p.getServerErrorMessage().getMessage();
        }
        String first = message.lines().findFirst().orElse("").strip();
        return first.isEmpty() ? "the database gave no reason (SQL state " + inner.getSQLState() + ")" : first;
    }

    /** A JDBC URL as messages show it: a password in it is hidden. */
    static String redact(String url) {
        String out = PASSWORD.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(out).replaceAll(Matcher.quoteReplacement("//***@"));
    }
}
