package dev.upshift.common.source;

import dev.upshift.common.problem.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads one file with the default limits and reports on stdout, for {@link HostileMemoryTest} to
 * run in a JVM of its own with a small heap: {@code loaded N documents}, or {@code rejected} with
 * the number of problems, the length of the whole message and its first line. Exit 0 loaded,
 * 1 rejected, 3 out of memory, 4 any other failure (stack overflow included).
 */
public final class ForkedLoad {
    private ForkedLoad() {}

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int code;
        try (InputStream in = Files.newInputStream(file)) {
            List<SourceDocument> docs = DocumentLoader.create().load(file.getFileName().toString(), in);
            System.out.println("loaded " + docs.size() + " documents");
            code = 0;
        } catch (InputException e) {
            String message = e.getMessage();
            System.out.println("rejected " + e.problems().size() + " problems, " + message.length() + " characters");
            System.out.println(message.lines().findFirst().orElse(""));
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
