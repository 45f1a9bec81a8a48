package dev.upshift.examples.cli;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.common.problem.UpshiftException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The PostgreSQL history a command reads or writes in place of the journal (docs/adapters.md):
 * {@code --history jdbc:postgresql://HOST[:PORT]/DATABASE}, the fleet's name in it, and where the
 * credentials come from: the user from the URL or {@code PGUSER}, the password from
 * {@code --history-password-file} or {@code PGPASSWORD}. A password on the command line is refused:
 * every user of the machine can read a command line. Neither is ever printed.
 */
final class HistoryDatabase {
    /** The environment variables read, by name. */
    static final String USER = "PGUSER";
    static final String PASSWORD = "PGPASSWORD";

    @Option(names = "--history", paramLabel = "JDBC_URL", description = "the history on PostgreSQL"
            + " (jdbc:postgresql://HOST[:PORT]/DATABASE) in place of the journal; the user comes from the URL or"
            + " PGUSER, the password from --history-password-file or PGPASSWORD")
    String url;

    @Option(names = "--history-fleet", paramLabel = "NAME", defaultValue = PostgresHistoryStore.DEFAULT_FLEET,
            description = "the fleet's name in that history, which many fleets may share (default: ${DEFAULT-VALUE})")
    String fleet;

    @Option(names = "--history-password-file", paramLabel = "FILE",
            description = "a file whose first line is the database password")
    Path passwordFile;

    /**
     * The history the command line names, connected, or empty when it names none (the journal, then).
     *
     * @throws CommandLine.ParameterException as {@link #open(CommandLine)}
     */
    Optional<PostgresHistoryStore> openIfGiven(CommandLine cli) {
        return url == null && passwordFile == null ? Optional.empty() : Optional.of(open(cli));
    }

    /** Whether the command line names a database. */
    boolean given() {
        return url != null;
    }

    /**
     * Connects to the history the command line names, migrating its schema if needed.
     *
     * @throws CommandLine.ParameterException when the options are wrong: no URL with a password file, a
     *     password in the URL, a URL that is not PostgreSQL's, a bad fleet name
     * @throws UpshiftException when the database cannot be reached or the password file read
     */
    PostgresHistoryStore open(CommandLine cli) {
        return open(cli, System::getenv, false);
    }

    /**
     * Connects to the history the command line names to read it only: nothing is migrated or
     * written, not even the fleet's fence row (a command that judges the fleet writes nothing).
     *
     * @throws CommandLine.ParameterException as {@link #open(CommandLine)}
     */
    PostgresHistoryStore openToRead(CommandLine cli) {
        return open(cli, System::getenv, true);
    }

    PostgresHistoryStore open(CommandLine cli, UnaryOperator<String> environment) {
        return open(cli, environment, false);
    }

    private PostgresHistoryStore open(CommandLine cli, UnaryOperator<String> environment, boolean toRead) {
        if (url == null) {
            throw new CommandLine.ParameterException(cli, "--history-password-file goes with --history JDBC_URL");
        }
        if (url.toLowerCase(Locale.ROOT).matches(".*[?&;]password=.*")) {
            throw new CommandLine.ParameterException(cli, "--history: leave the password out of the URL (every user of"
                    + " the machine can read a command line): put it in PGPASSWORD or in a file named by"
                    + " --history-password-file");
        }
        // the driver warns through java.util.logging about what the store reports itself
        Logger.getLogger("org.postgresql").setLevel(Level.OFF);
        PostgresHistoryStore.Builder b;
        try {
            b = PostgresHistoryStore.builder().url(url).fleet(fleet);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cli, "--history: " + e.getMessage());
        }
        String user = environment.apply(USER);
        if (user != null && !user.isEmpty() && !url.toLowerCase(Locale.ROOT).matches(".*[?&;]user=.*")) {
            b.user(user);
        }
        String password = passwordFile != null ? password(passwordFile) : environment.apply(PASSWORD);
        if (password != null) {
            b.password(password);
        }
        if (toRead) {
            b.readOnly();
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cli, "--history: " + e.getMessage());
        }
    }

    private static String password(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("");
        } catch (NoSuchFileException e) {
            throw new UpshiftException("the password file " + file + " does not exist");
        } catch (IOException e) {
            throw new UpshiftException("could not read the password file " + file + ": "
                    + (e.getMessage() == null ? "an input/output error" : e.getMessage()));
        }
    }
}
