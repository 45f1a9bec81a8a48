package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder walk against git itself: for generated {@code .gitignore} files over a fixed tree, the
 * files read are exactly those {@code git ls-files --others --exclude-standard} lists (hidden ones
 * aside). Skipped where no git is installed.
 */
class GitIgnoreOracleTest {
    private static final List<String> PATTERNS = List.of(
            "*.yaml", "*.yml", "a/", "b", "/a", "/c/", "a/*.yaml", "**/x.yaml", "a/**", "a/**/y.yaml", "x*",
            "?.yaml", "[xy].yaml", "[!x]*.yml", "[a-c]*.yaml", "c/d/", "d", "*/x.yaml", "**/c", "b/**/z.yml",
            "!x.yaml", "!a/", "!*.yml", "!/b/x.yaml", "!d/", "!y.yaml", "# comment", "", "\\#x.yaml", "*.yaml   ");
    private static final List<String> FOLDERS = List.of("", "a/", "b/", "c/", "c/d/", "a/c/", "d/a/", "a/b/c/");
    private static final List<String> NAMES = List.of("x.yaml", "y.yaml", "z.yml", "ab.yaml", "xq.yml", "c.yaml", "#x.yaml");

    @TempDir
    Path repo;

    @Test
    @DisplayName("the files read below a folder are the files git keeps, for generated .gitignore files")
    void readsWhatGitKeeps() throws IOException {
        Assumptions.assumeTrue(git("--version").startsWith("git version"), "git is not installed");
        git("init", "-q");
        for (String folder : FOLDERS) {
            for (String name : NAMES) {
                Path file = repo.resolve(folder + name);
                Files.createDirectories(file.getParent());
                Files.writeString(file, "kind: K\n");
            }
        }
        qt().withExamples(60).forAll(
                lists().of(integers().between(0, PATTERNS.size() - 1)).ofSizeBetween(0, 6),
                lists().of(integers().between(0, PATTERNS.size() - 1)).ofSizeBetween(0, 3))
                .checkAssert((top, nested) -> {
                    write(".gitignore", top);
                    write("a/.gitignore", nested);
                    List<String> ours = ours();
                    assertThat(ours).as("%s\n---- a/.gitignore\n%s", text(top), text(nested)).isEqualTo(theirs());
                });
    }

    private void write(String name, List<Integer> lines) {
        try {
            Files.writeString(repo.resolve(name), text(lines), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(List<Integer> lines) {
        return lines.stream().map(PATTERNS::get).map(l -> l + "\n").collect(Collectors.joining());
    }

    private List<String> ours() {
        try {
            return FolderWalk.files(repo, p -> true).stream()
                    .map(p -> repo.relativize(p).toString().replace('\\', '/')).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> theirs() {
        return Arrays.stream(git("ls-files", "--others", "--exclude-standard", "-z").split("\0"))
                .filter(p -> !p.isEmpty() && Arrays.stream(p.split("/")).noneMatch(part -> part.startsWith(".")))
                .sorted().toList();
    }

    private String git(String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        try {
            Processes.Finished run = Processes.run(pb, Duration.ofMinutes(1));
            return run.exitCode() == 0 ? run.output() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
