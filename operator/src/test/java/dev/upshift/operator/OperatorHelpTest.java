package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code --help}: what the image's entrypoint prints when asked (the image check, .ci/image-check,
 * runs it in a chroot of the built image), without any setting and before connecting to anything.
 */
class OperatorHelpTest {
    private static final Path OPERATOR_MD = Path.of("..", "docs", "operator.md");

    @Test
    @DisplayName("--help and -h print the usage on standard output and exit 0, with no setting in the environment")
    void help() {
        for (String flag : List.of("--help", "-h")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();

            int status = OperatorMain.run(List.of(flag), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));

            assertThat(status).as(flag).isZero();
            assertThat(out.toString(StandardCharsets.UTF_8)).as(flag).isEqualTo(OperatorMain.USAGE)
                    .startsWith("Usage: upshift-operator\n");
            assertThat(err.toString(StandardCharsets.UTF_8)).as(flag).isEmpty();
        }
    }

    @Test
    @DisplayName("--help with anything after it is refused as any argument is, exit 2")
    void helpWithMore() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = OperatorMain.run(List.of("--help", "me"), Map.of(), System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("upshift-operator: takes no arguments, not --help me;");
    }

    @Test
    @DisplayName("the usage names the variables of docs/operator.md's \"Configure\" table, but the test-only mock setting")
    void usageNamesTheDocumentedVariables() throws IOException {
        Set<String> documented = documentedVariables();
        documented.remove(OperatorSettings.MOCK_API_SERVER);
        Set<String> inUsage = new LinkedHashSet<>();
        Matcher m = Pattern.compile("(?m)^  ([A-Z][A-Z_]+) ").matcher(OperatorMain.USAGE);
        while (m.find()) {
            inUsage.add(m.group(1));
        }

        assertThat(documented).hasSizeGreaterThan(10);
        assertThat(inUsage).containsExactlyInAnyOrderElementsOf(documented);
        assertThat(OperatorMain.USAGE.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
    }

    /** The variables in the first column of the table under "## Configure" (and its text: the mock setting). */
    private static Set<String> documentedVariables() throws IOException {
        List<String> lines = Files.readAllLines(OPERATOR_MD, StandardCharsets.UTF_8);
        int start = lines.indexOf("## Configure");
        assertThat(start).as("docs/operator.md has a section \"## Configure\"").isNotNegative();
        Set<String> names = new LinkedHashSet<>();
        Pattern name = Pattern.compile("`((?:UPSHIFT_[A-Z_]+)|KUBECONFIG)`");
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            if (line.startsWith("| `")) {
                Matcher m = name.matcher(line.substring(0, line.indexOf(" |", 2)));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }
}
