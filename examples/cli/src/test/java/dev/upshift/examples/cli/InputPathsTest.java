package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths that are not plain files, given on the command line (issue 10, item 3): pipes and process
 * substitutions, standard input ({@code -} and {@code /dev/stdin}), symbolic links to folders and
 * files are read; what cannot be read is an error naming it (exit 1), never an empty input.
 */
class InputPathsTest {
    private static final Path EXAMPLES = Path.of("..").toAbsolutePath().normalize();
    private static final String NONSENSE = "apiVersion: upshift.dev/v1alpha1\nkind: Nonsense\n";

    @TempDir
    Path dir;

    /** A named pipe, as {@code <(cat f)} gives; the test is skipped where there is no mkfifo. */
    private Path fifo(String name) throws IOException, InterruptedException {
        Path path = dir.resolve(name);
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException noMkfifo) {
            Assumptions.abort("mkfifo is not available: " + noMkfifo.getMessage());
            throw noMkfifo;
        }
        Assumptions.assumeTrue(Processes.await(p, Duration.ofMinutes(1), "mkfifo") == 0, "mkfifo failed");
        return path;
    }

    /**
     * Runs the CLI while a shell of its own writes {@code text} into the pipe, as a process
     * substitution does; the shell is ended afterwards, whether or not the CLI read the pipe.
     */
    private static Cli withPipe(Path pipe, String text, String... args) throws IOException, InterruptedException {
        Path source = Files.writeString(pipe.resolveSibling(pipe.getFileName() + ".source"), text);
        Process writer = new ProcessBuilder("sh", "-c", "cat \"$1\" > \"$2\"", "sh", source.toString(), pipe.toString())
                .start();
        try {
            return Cli.run(args);
        } finally {
            Processes.end(writer);
        }
    }

    @Test
    @DisplayName("validate <(echo 'kind: Nonsense') reads the pipe and reports the unknown kind")
    void validateReadsAPipe() throws Exception {
        Path pipe = fifo("63");
        Cli r = withPipe(pipe, NONSENSE, "validate", pipe.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith(pipe + ":2:7: kind: unknown kind 'Nonsense'");
    }

    @Test
    @DisplayName("diff --base <(cat old.yaml) shows what diff --base old.yaml shows")
    void diffReadsItsBaseFromAPipe() throws Exception {
        Path k8s = EXAMPLES.resolve("diff/kubernetes");
        String[] common = {"--current", k8s.resolve("cluster.yaml").toString(), "--target", k8s.resolve("new.yaml").toString()};
        Cli fromFile = Cli.run(Stream.concat(Stream.of("diff", "--base", k8s.resolve("old.yaml").toString()), Stream.of(common))
                .toArray(String[]::new));
        Path pipe = fifo("base");
        Cli fromPipe = withPipe(pipe, Files.readString(k8s.resolve("old.yaml")),
                Stream.concat(Stream.of("diff", "--base", pipe.toString()), Stream.of(common)).toArray(String[]::new));
        assertThat(fromPipe).isEqualTo(fromFile);
        assertThat(fromFile.out()).contains("release changes");
    }

    @Test
    @DisplayName("- reads standard input, for a file or a folder option, naming it <stdin> in problems")
    void dashReadsStandardInput() throws IOException {
        assertThat(Cli.withInput(NONSENSE, "validate", "-")).satisfies(r -> {
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.err()).startsWith("<stdin>:2:7: kind: unknown kind 'Nonsense'");
        });
        String releases;
        try (Stream<Path> files = Files.list(EXAMPLES.resolve("fleet/releases"))) {
            releases = files.sorted().map(p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).collect(Collectors.joining("\n---\n"));
        }
        Cli fromFolder = Cli.run("path", "--catalog", EXAMPLES.resolve("fleet/releases").toString(), "--from", "19.1.0",
                "--to", "20.1.1");
        assertThat(Cli.withInput(releases, "path", "--catalog", "-", "--from", "19.1.0", "--to", "20.1.1"))
                .isEqualTo(fromFolder);
        assertThat(fromFolder.exitCode()).isZero();
        // a schedule without calendars: one read from standard input finds its calendars relative to the working folder
        String schedule = Files.readString(EXAMPLES.resolve("fleet/schedules/working-hours-except-month-start.yaml"));
        assertThat(Cli.withInput(schedule, "windows", "--schedule", "-", "--from", "2026-03-02", "--count", "2"))
                .isEqualTo(Cli.run("windows", "--schedule",
                        EXAMPLES.resolve("fleet/schedules/working-hours-except-month-start.yaml").toString(),
                        "--from", "2026-03-02", "--count", "2"));
    }

    @Test
    @DisplayName("two options naming standard input are wrong usage")
    void standardInputIsReadOnce() {
        Cli r = Cli.withInput("", "diff", "--base", "-", "--current", "-", "--target", "t.yaml");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("upshift: standard input ('-') can be read only once, but --base and --current"
                + " name it; give the others a file");
    }

    @Test
    @DisplayName("validate /dev/stdin reads the process's standard input")
    void devStdinIsRead() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/stdin")), "no /dev/stdin here");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "validate", "/dev/stdin").redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(NONSENSE.getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Processes.await(p, Duration.ofMinutes(2), "upshift validate /dev/stdin")).as(output).isEqualTo(1);
        assertThat(output).startsWith("/dev/stdin:2:7: kind: unknown kind 'Nonsense'");
    }

    @Test
    @DisplayName("a symbolic link to a catalog folder, to a fleet folder or to a file reads its target")
    void symbolicLinksGivenOnTheCommandLineAreFollowed() throws IOException {
        Path catalog = Files.createSymbolicLink(dir.resolve("catalog"), EXAMPLES.resolve("fleet/releases"));
        Cli path = Cli.run("path", "--catalog", catalog.toString(), "--from", "19.1.0", "--to", "20.1.1");
        assertThat(path.exitCode()).as(path.err()).isZero();
        assertThat(path.out()).startsWith("19.1.0 → 20.1.1: 3 hops");

        Path fleet = Files.createSymbolicLink(dir.resolve("fleet"), EXAMPLES.resolve("fleet"));
        Cli viaLink = Cli.run("validate", fleet.toString());
        Cli direct = Cli.run("validate", EXAMPLES.resolve("fleet").toString());
        assertThat(viaLink.exitCode()).isEqualTo(direct.exitCode());
        assertThat(viaLink.out()).isEqualTo(direct.out().replace(EXAMPLES.resolve("fleet").toString(), fleet.toString()))
                .startsWith("39 documents valid");
        assertThat(viaLink.err()).as("problems name the path as given")
                .isEqualTo(direct.err().replace(EXAMPLES.resolve("fleet").toString(), fleet.toString()));

        Path file = Files.createSymbolicLink(dir.resolve("hours.yaml"),
                EXAMPLES.resolve("fleet/schedules/working-hours-except-month-start.yaml"));
        assertThat(Cli.run("validate", file.toString()).out()).isEqualTo("1 document valid\n");
    }

    @Test
    @DisplayName("a missing path, a link to nothing or a socket is an error naming it (exit 1), never an empty input")
    void whatCannotBeReadIsAnError() throws IOException {
        Path missing = dir.resolve("missing.yaml");
        assertThat(Cli.run("validate", missing.toString())).isEqualTo(new Cli(1, "", missing + ": no such file or folder\n"));
        Path dangling = Files.createSymbolicLink(dir.resolve("gone"), missing);
        assertThat(Cli.run("path", "--catalog", dangling.toString(), "--from", "1.0.0", "--to", "2.0.0"))
                .isEqualTo(new Cli(1, "", dangling + ": a symbolic link to " + missing + ", which does not exist\n"));
        Path socket = dir.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Cli r = Cli.run("validate", socket.toString());
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.err()).startsWith(socket + ": cannot read: ");
        } catch (UnsupportedOperationException noUnixSockets) {
            Assumptions.abort("no Unix domain sockets here");
        }
    }
}
