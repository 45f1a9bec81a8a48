package dev.upshift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** STYLE.md item 19: the {@code ./upshift} commands the pages show run, and print what the pages say. */
class DocsCommandsTest {
    @TempDir
    Path work;

    @Test
    @DisplayName("every ./upshift command in README.md and docs/*.md runs, and prints the output shown")
    void everyCommandShownPrintsWhatThePageShows() throws IOException, InterruptedException {
        List<ShellExamples.Example> examples = ShellExamples.all(MarkdownBlocks.all(Repository.root()));
        assertThat(examples).as("commands found").hasSizeGreaterThanOrEqualTo(15);
        assertThat(examples).as("commands shown with their output").filteredOn(e -> e.stdout().isPresent())
                .hasSizeGreaterThanOrEqualTo(8);

        List<CommandDriver.Result> results = run(examples.stream().map(ShellExamples.Example::args).toList());

        SoftAssertions softly = new SoftAssertions();
        for (int i = 0; i < examples.size(); i++) {
            ShellExamples.Example e = examples.get(i);
            CommandDriver.Result r = results.get(i);
            e.stdout().ifPresent(expected -> softly.assertThat(ShellExamples.matches(expected, r.stdout().lines().toList()))
                    .as("%s: stdout shown:%n%s%nprinted:%n%s", e, String.join("\n", expected), r.stdout()).isTrue());
            e.stderr().ifPresent(expected -> softly.assertThat(ShellExamples.matches(expected, r.stderr().lines().toList()))
                    .as("%s: stderr shown:%n%s%nprinted:%n%s", e, String.join("\n", expected), r.stderr()).isTrue());
            if (e.exitCode().isPresent()) {
                softly.assertThat(r.exitCode()).as("%s: exit code%n%s", e, r.stderr()).isEqualTo(e.exitCode().get());
            } else {
                softly.assertThat(r.exitCode()).as("%s: exit code (0 or 1 unless the page shows another)%n%s", e, r.stderr())
                        .isIn(0, 1);
            }
            softly.assertThat(r.stderr()).as("%s: stderr", e).doesNotContain("internal error");
        }
        softly.assertAll();
    }

    @Test
    void readsTranscriptsWithStderrExitCodesAndElidedLines() {
        String page = """
                ```console
                $ ./upshift path --catalog 'a folder' \\
                                 --from 1.0 # a comment
                one
                ...
                three
                (stderr)
                oops
                $ echo $?
                1
                $ ./mvnw -B verify
                anything
                ```

                ```sh
                ./upshift demo   # the main job
                ./mvnw -B verify
                ```
                """;
        List<ShellExamples.Example> examples = ShellExamples.all(MarkdownBlocks.parse("docs/x.md", page));
        assertThat(examples).hasSize(2);
        ShellExamples.Example path = examples.get(0);
        assertThat(path.line()).isEqualTo(2);
        assertThat(path.args()).containsExactly("path", "--catalog", "a folder", "--from", "1.0");
        assertThat(path.stdout()).contains(List.of("one", "...", "three"));
        assertThat(path.stderr()).contains(List.of("oops"));
        assertThat(path.exitCode()).contains(1);
        assertThat(examples.get(1).args()).containsExactly("demo");
        assertThat(examples.get(1).stdout()).isEmpty();

        assertThat(ShellExamples.matches(List.of("one", "...", "three"), List.of("one", "two", "2b", "three"))).isTrue();
        assertThat(ShellExamples.matches(List.of("one", "...", "three"), List.of("one", "three"))).isTrue();
        assertThat(ShellExamples.matches(List.of("one", "...", "three"), List.of("one", "two"))).isFalse();
        assertThat(ShellExamples.matches(List.of("one"), List.of("one", "two"))).isFalse();
        assertThat(ShellExamples.matches(List.of("in /tmp/upshift-demo-…/fleet, …"), List.of("in /tmp/upshift-demo-81/fleet, 2")))
                .isTrue();
        assertThat(ShellExamples.matches(List.of("in /tmp/upshift-demo-…/fleet"), List.of("in /tmp/upshift-demo- 81/fleet")))
                .as("… stands for no white space").isFalse();
        assertThat(ShellExamples.matches(List.of("a.b…"), List.of("axb1"))).as("the rest of the line is literal").isFalse();
    }

    /** Runs the commands in one JVM started in the repository root, as a reader would from there. */
    private List<CommandDriver.Result> run(List<List<String>> commands) throws IOException, InterruptedException {
        Path requests = work.resolve("requests");
        Path results = work.resolve("results");
        CommandDriver.writeRequests(requests, commands);
        Process driver = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CommandDriver.class.getName(),
                requests.toString(), results.toString())
                .directory(Repository.root().toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("driver.log").toFile())
                .start();
        int exit = Processes.await(driver, Duration.ofMinutes(10), "the docs' commands");
        assertThat(exit).as(Files.readString(work.resolve("driver.log"))).isZero();
        return CommandDriver.readResults(results);
    }
}
