package dev.upshift.examples.cli;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.journal.JsonLinesJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Where the commands that read or clean the journal find the state folder: {@code --state DIR}, or the fleet's {@code DIR/.upshift}. */
final class StateFolders {
    private StateFolders() {}

    /**
     * The state folder of an engine's commands ({@code run}, {@code apply}) and of those that read
     * what they recorded: {@code --state}, else with {@code --git} the working folder's
     * {@code .upshift}, else the fleet's {@code DIR/.upshift}.
     */
    static Path forEngine(Path state, Path fleet, boolean git) {
        return state != null ? state : git ? Path.of(JsonLinesJournal.STATE_FOLDER) : JsonLinesJournal.stateFolder(fleet);
    }

    /**
     * The state folder a command line names.
     *
     * @throws CommandLine.ParameterException when it names neither a fleet nor a state folder
     * @throws UpshiftException when the fleet folder named does not exist or is not a folder
     */
    static Path of(CommandLine commandLine, Path fleet, Path state) {
        if (state != null) {
            return state;
        }
        if (fleet == null) {
            throw new CommandLine.ParameterException(commandLine, "give the fleet folder (--fleet DIR, whose state"
                    + " folder is DIR/" + JsonLinesJournal.STATE_FOLDER + ") or the state folder itself (--state DIR)");
        }
        if (!Files.isDirectory(fleet)) {
            throw new UpshiftException("the fleet folder " + fleet + (Files.exists(fleet) ? " is not a folder"
                    : " does not exist"));
        }
        return JsonLinesJournal.stateFolder(fleet);
    }
}
