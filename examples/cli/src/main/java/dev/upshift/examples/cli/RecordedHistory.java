package dev.upshift.examples.cli;

import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.core.journal.JournalSnapshot;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.spi.HistoryEntry;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a command that judges clusters ({@code plan}, {@code explain}, {@code diff --fleet},
 * {@code simulate}) reads the fleet's history, so that a cluster with a hop under way or failed is
 * what the history says, and not what its file says (a publisher writes the desired release into
 * the file when a hop starts): the journal in the state folder ({@code --state}, by default the
 * fleet's {@code DIR/.upshift}, with {@code --git URL} that remote's own folder in the working
 * folder's {@code .upshift/git}, as {@code run} keeps it: {@link StateFolders#forEngine}), read
 * without its lock, or the history on PostgreSQL ({@code --history}).
 * No journal yet is an empty history.
 */
final class RecordedHistory {
    @Option(names = "--state", paramLabel = "DIR", description = "the state folder whose journal holds the fleet's"
            + " history (default DIR/.upshift; with --git, the remote's folder under .upshift/git in the working"
            + " folder); none there: no history")
    Path state;

    @Mixin
    HistoryDatabase database;

    /**
     * The history the command line names, oldest first.
     *
     * @param fleet the fleet folder given ({@code --fleet}), or null with {@code --git}
     * @param gitUrl the repository the fleet comes from ({@code --git}), or null
     */
    List<HistoryEntry> read(CommandLine cli, Path fleet, String gitUrl) {
        if (database.given() || database.passwordFile != null) {
            if (state != null) {
                throw new CommandLine.ParameterException(cli, "--state names a journal and --history a database:"
                        + " give one of them");
            }
            try (PostgresHistoryStore store = database.openToRead(cli)) {
                return store.entries();
            }
        }
        Path folder = StateFolders.forEngine(state, fleet, gitUrl);
        if (gitUrl != null && state == null) {
            cli.getErr().println("upshift: history: " + (java.nio.file.Files.exists(JsonLinesJournal.file(folder))
                    ? "the journal in " + folder : "none yet in " + folder) + " (this remote's state folder; --state"
                    + " DIR reads another)");
        }
        JournalSnapshot journal = JsonLinesJournal.read(folder);
        journal.notices().forEach(n -> cli.getErr().println("upshift: note: " + n));
        cli.getErr().flush();
        return journal.entries();
    }
}
