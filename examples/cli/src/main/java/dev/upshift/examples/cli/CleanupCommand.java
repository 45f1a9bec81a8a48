package dev.upshift.examples.cli;

import dev.upshift.core.journal.CleanupReport;
import dev.upshift.core.journal.JsonLinesJournal;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "cleanup", sortOptions = false,
        header = "Removes journal files a migration left behind",
        description = {"Removes what journal migrations left in a fleet's state folder (DIR/.upshift, or --state): the"
                + " journal of an older format, kept when the engine moved it to the current one, and the temporary"
                + " files of a migration a crash interrupted. Nothing else is touched.",
            "Works while an engine runs, but then leaves the temporary files it may be writing. Exit 0, also when"
                + " there is nothing to remove."})
final class CleanupCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", paramLabel = "DIR", description = "a fleet folder; its journal is in DIR/.upshift")
    Path fleet;

    @Option(names = "--state", paramLabel = "DIR", description = "the state folder, in place of the fleet's DIR/.upshift")
    Path state;

    @Override
    public Integer call() {
        Path folder = StateFolders.of(spec.commandLine(), fleet, state);
        CleanupReport report = JsonLinesJournal.cleanup(folder);
        PrintWriter out = spec.commandLine().getOut();
        report.removed().forEach(p -> out.println("removed " + p));
        if (report.removed().isEmpty()) {
            out.println("Nothing to clean up in " + folder + ".");
        }
        out.flush();
        report.notes().forEach(n -> spec.commandLine().getErr().println("upshift: note: " + n));
        spec.commandLine().getErr().flush();
        return Main.OK;
    }
}
