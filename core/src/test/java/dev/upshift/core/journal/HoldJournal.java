package dev.upshift.core.journal;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A child process for {@link LockTest}: opens the journal of the folder given, says {@code holding PID}
 * on standard output, and holds it until its standard input closes (or it is killed).
 */
public final class HoldJournal {
    private HoldJournal() {}

    public static void main(String[] args) throws IOException {
        try (JsonLinesJournal journal = JsonLinesJournal.open(Path.of(args[0]),
                new LockHolder(ProcessHandle.current().pid(), "child-host", "the lock test's child"))) {
            System.out.println("holding " + ProcessHandle.current().pid());
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold until the parent closes our input
            }
            journal.entries();
        }
    }
}
