package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, item 6: a file named with control characters (an escape sequence, a line end) is named
 * with them escaped wherever the CLI prints it, and a name with the characters a glob reads as
 * patterns ({@code [}, {@code ]}) publishes like any other.
 */
class SpecialFileNamesTest {
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    @Test
    @DisplayName("apply publishes into a file named with an escape sequence and brackets, and names it escaped")
    void publishesAndNamesEscaped() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Path odd = fleet.resolve("clusters/dev-1" + ESC + "[31m[red].yaml");
        Files.move(fleet.resolve("clusters/dev-1.yaml"), odd);

        Cli r = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "dev-1", "--state",
                dir.resolve("state").toString(), "--now", TestFleet.NOW);

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote clusters/dev-1\\x1b[31m[red].yaml (11 lines)");
        assertThat(r.out() + r.err()).doesNotContain(ESC);
        assertThat(Files.readString(odd)).contains("release: 1.1.0");
    }

    @Test
    @DisplayName("a document that does not read, in a file named with a line end, is named on one line, escaped")
    void errorsNameTheFileEscaped() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Files.writeString(fleet.resolve("clusters/bad\nname" + ESC + "[2J.yaml"), "kind: ManagedCluster\nspec: [\n");

        Cli r = Cli.run("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW);

        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.err()).doesNotContain(ESC);
        assertThat(r.err().lines().filter(l -> l.contains("bad")))
                .singleElement().asString().contains("clusters/bad\\nname\\x1b[2J.yaml:");
    }

    @Test
    @DisplayName("the process's own streams escape control characters but keep line ends and tabs")
    void terminalStreamsEscape() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter w = Main.terminal(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        w.println("a" + ESC + "[31mb\tc\u202ed\u0085e");
        w.print('\u0007');
        w.flush();
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("a\\x1b[31mb\tc\\u202ed\\x85e" + System.lineSeparator() + "\\x07");
    }
}
