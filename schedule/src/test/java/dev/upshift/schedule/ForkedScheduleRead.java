package dev.upshift.schedule;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one schedule file and prints its problems, one a line, or {@code read}, for
 * {@link HostileScheduleTest} to run in a JVM of its own with a small heap. Exit 0 read, 1 rejected,
 * 3 out of memory, 4 any other failure.
 */
public final class ForkedScheduleRead {
    private ForkedScheduleRead() {}

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int code;
        try {
            Problems problems = new Problems();
            var docs = DocumentLoader.create().load(file.getFileName().toString(), Files.readString(file));
            MaintenanceSchedule.KIND.readAll(docs, problems);
            problems.all().stream().map(Problem::toString).forEach(System.out::println);
            System.out.println(problems.hasErrors() ? "rejected" : "read");
            code = problems.hasErrors() ? 1 : 0;
        } catch (InputException e) {
            System.out.println(e.getMessage());
            code = 1;
        } catch (OutOfMemoryError e) {
            System.out.println("out of memory");
            code = 3;
        } catch (Throwable e) {
            System.out.println("failed: " + e);
            code = 4;
        }
        System.out.flush();
        Runtime.getRuntime().halt(code);
    }
}
