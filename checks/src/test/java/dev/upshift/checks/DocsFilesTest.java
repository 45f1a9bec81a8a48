package dev.upshift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A page that shows a file of the repository shows it as it is: a YAML or text block whose first
 * line is {@code # examples/...} (the file's path) holds that file's content, so that the commands the
 * page runs on the file (or the test that expects the text) and what the reader sees cannot drift
 * apart.
 */
class DocsFilesTest {
    private static final String NAMED = "# examples/";

    @Test
    @DisplayName("every YAML or text block of README.md and docs/*.md that names an examples/ file is that file")
    void namedBlocksAreTheFiles() throws IOException {
        Path root = Repository.root();
        List<MarkdownBlocks.Block> named = MarkdownBlocks.all(root).stream()
                .filter(b -> (b.lang().equals("yaml") || b.lang().equals("text")) && b.text().startsWith(NAMED)).toList();
        assertThat(named).as("blocks naming a file").hasSizeGreaterThanOrEqualTo(6);
        SoftAssertions softly = new SoftAssertions();
        for (MarkdownBlocks.Block b : named) {
            String first = b.text().lines().findFirst().orElseThrow();
            Path file = root.resolve(first.substring(2).trim());
            softly.assertThat(file).as("%s:%d names a file", b.page(), b.line()).isRegularFile();
            if (Files.isRegularFile(file)) {
                softly.assertThat(b.text().substring(first.length() + 1))
                        .as("%s:%d shows %s", b.page(), b.line(), first.substring(2))
                        .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        softly.assertAll();
    }
}
