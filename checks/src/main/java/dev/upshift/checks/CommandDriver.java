package dev.upshift.checks;

import dev.upshift.examples.cli.Main;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs CLI command lines in a JVM started in the repository root, so that the paths the pages show
 * resolve as they do for a reader: one JVM for all of them. Requests and results are length-prefixed
 * UTF-8 strings.
 */
final class CommandDriver {
    /** What one command did. */
    record Result(int exitCode, String stdout, String stderr) {}

    private CommandDriver() {}

    /** {@code args[0]}: the requests; {@code args[1]}: where the results go. */
    public static void main(String[] args) throws IOException {
        List<Result> results = new ArrayList<>();
        for (List<String> command : readRequests(Path.of(args[0]))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(command.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
            results.add(new Result(code, out.toString(), err.toString()));
        }
        try (DataOutputStream data = new DataOutputStream(Files.newOutputStream(Path.of(args[1])))) {
            data.writeInt(results.size());
            for (Result r : results) {
                data.writeInt(r.exitCode());
                write(data, r.stdout());
                write(data, r.stderr());
            }
        }
    }

    static void writeRequests(Path file, List<List<String>> commands) throws IOException {
        try (DataOutputStream data = new DataOutputStream(Files.newOutputStream(file))) {
            data.writeInt(commands.size());
            for (List<String> command : commands) {
                data.writeInt(command.size());
                for (String arg : command) {
                    write(data, arg);
                }
            }
        }
    }

    static List<List<String>> readRequests(Path file) throws IOException {
        List<List<String>> out = new ArrayList<>();
        try (DataInputStream data = new DataInputStream(Files.newInputStream(file))) {
            int n = data.readInt();
            for (int i = 0; i < n; i++) {
                int m = data.readInt();
                List<String> command = new ArrayList<>();
                for (int j = 0; j < m; j++) {
                    command.add(read(data));
                }
                out.add(command);
            }
        }
        return out;
    }

    static List<Result> readResults(Path file) throws IOException {
        List<Result> out = new ArrayList<>();
        try (DataInputStream data = new DataInputStream(Files.newInputStream(file))) {
            int n = data.readInt();
            for (int i = 0; i < n; i++) {
                out.add(new Result(data.readInt(), read(data), read(data)));
            }
        }
        return out;
    }

    private static void write(DataOutputStream data, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        data.writeInt(bytes.length);
        data.write(bytes);
    }

    private static String read(DataInputStream data) throws IOException {
        return new String(data.readNBytes(data.readInt()), StandardCharsets.UTF_8);
    }
}
