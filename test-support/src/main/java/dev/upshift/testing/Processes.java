package dev.upshift.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Child processes with a time limit, for the tests that start one (a JVM with a small heap, a
 * {@code mkfifo}, a shell writing into a pipe, a Maven build): a child that hangs is ended, with
 * its descendants, and the test fails saying so, instead of hanging the build.
 */
public final class Processes {
    private Processes() {}

    /** What a finished child said: its exit code and its output (standard output and error together). */
    public record Finished(int exitCode, String output) {}

    /**
     * Starts the command with standard error joined to standard output, collects the output in a
     * file (so that a child that writes much never blocks on a full pipe) and waits for it at most
     * {@code limit}.
     *
     * @throws AssertionError when the child has not finished within the limit (it is then ended)
     */
    public static Finished run(ProcessBuilder command, Duration limit) throws IOException, InterruptedException {
        Path log = Files.createTempFile("upshift-child-", ".log");
        try {
            Process p = command.redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit;
            try {
                exit = await(p, limit, String.join(" ", command.command()));
            } finally {
                if (p.isAlive()) {
                    end(p);
                }
            }
            return new Finished(exit, Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * Waits for a child at most {@code limit} and returns its exit code.
     *
     * @param what how the failure names the child
     * @throws AssertionError when the child has not finished within the limit (it is then ended,
     *     with its descendants)
     * @throws InterruptedException when the waiting thread is interrupted (JUnit's timeout does so):
     *     the child is ended first, so that it never outlives its test
     */
    public static int await(Process p, Duration limit, String what) throws InterruptedException {
        boolean finished;
        try {
            finished = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            endNow(p);
            throw e;
        }
        if (!finished) {
            end(p);
            throw new AssertionError(what + " did not finish within " + limit + "; it was ended");
        }
        return p.exitValue();
    }

    /** Ends a child and its descendants at once, and waits until it is gone. */
    public static void end(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor();
    }

    /**
     * Ends a child and its descendants, as {@link #end} does, from a thread that may have been
     * interrupted: waits for it without giving up, and keeps the interrupt for the caller.
     */
    public static void endNow(Process p) {
        boolean interrupted = Thread.interrupted();
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        while (true) {
            try {
                p.waitFor();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
