package dev.upshift.examples.cli;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Suggestions;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.spi.HistoryEntry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

/** What the fleet commands share: reading a fleet folder, the instant, problems and name hints. */
final class Fleets {
    /** How many close names an unknown name's hint lists at most. */
    private static final int CLOSE_NAMES = 3;

    private Fleets() {}

    /**
     * The fleet folder read once through the four file-based sources, without history (the CLI
     * keeps none yet), with its documents' fields located so that a plan's problems name their line.
     *
     * @throws InputException when the path given cannot be read at all (it does not exist, or cannot
     *     be listed), as {@link FleetFolder} throws it: there is no fleet to plan, and an empty plan
     *     would only hide that
     */
    static PlanInput read(Path fleet) {
        return read(fleet, List::of);
    }

    /**
     * {@link #read(Path)}, with the fleet's history (oldest first), which the plan reads; read once
     * the fleet was, so that a fleet that cannot be read says so first.
     */
    static PlanInput read(Path fleet, Supplier<List<HistoryEntry>> history) {
        FleetContents c = FleetFolder.of(fleet).read();
        return PlanInput.from(c, history.get());
    }

    /**
     * Checks that a fleet folder exists before an engine takes its state folder.
     *
     * @throws UpshiftException when it does not exist or is not a folder
     */
    static void requireFolder(Path fleet) {
        if (!java.nio.file.Files.isDirectory(fleet)) {
            throw new dev.upshift.common.problem.UpshiftException("the fleet folder " + fleet
                    + (java.nio.file.Files.exists(fleet) ? " is not a folder" : " does not exist"));
        }
    }

    /** The instant given, or the clock's, to the second: the only place the fleet commands read the clock. */
    static Instant instant(Instant given) {
        return given != null ? given : Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /** Prints problems on stderr, one {@code file:line:col: field: message} a line, sorted; whether any is an error. */
    static boolean print(List<Problem> problems, PrintWriter err) {
        problems.stream().sorted().forEach(err::println);
        err.flush();
        return problems.stream().anyMatch(Problem::isError);
    }

    /**
     * {@code "; did you mean 'a'?"} or {@code "; did you mean 'a', 'b' or 'c'?"} naming up to three
     * close names, closest first; else the names themselves when there are few, or nothing.
     */
    static String hint(String name, Collection<String> names) {
        List<String> close = Suggestions.closest(name, names, CLOSE_NAMES);
        if (!close.isEmpty()) {
            return Suggestions.didYouMean(close);
        }
        if (names.isEmpty() || names.size() > 12) {
            return "";
        }
        return "; it has: " + String.join(", ", names);
    }
}
