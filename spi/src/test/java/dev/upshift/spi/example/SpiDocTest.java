package dev.upshift.spi.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * STYLE.md item 19 for docs/spi.md: every Java block on the page is a tagged region of this
 * package's sources (so it compiles and its test runs), and every tagged region is on the page.
 */
class SpiDocTest {
    private static final Path PAGE = Path.of("..", "docs", "spi.md");
    private static final Path SOURCES = Path.of("src", "test", "java", "dev", "upshift", "spi", "example");
    private static final Pattern BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern REGION = Pattern.compile("// tag::([a-z-]+)\\[]\\n(.*?)[ ]*// end::\\1\\[]",
            Pattern.DOTALL);

    @Test
    @DisplayName("docs/spi.md shows exactly the compiled, tested snippets, each once")
    void pageShowsTheCompiledSnippets() throws IOException {
        Map<String, String> regions = regions();
        List<String> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(Files.readString(PAGE, StandardCharsets.UTF_8));
        while (m.find()) {
            blocks.add(m.group(1));
        }

        assertThat(regions).as("tagged regions in %s", SOURCES).isNotEmpty();
        assertThat(blocks).as("the Java blocks of %s, against the tagged regions %s", PAGE, regions.keySet())
                .containsExactlyInAnyOrderElementsOf(regions.values());
    }

    private static Map<String, String> regions() throws IOException {
        Map<String, String> regions = new TreeMap<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Matcher m = REGION.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    regions.put(m.group(1), dedent(m.group(2)));
                }
            }
        }
        return regions;
    }

    /** The region without the indentation its lines share, as the page shows it. */
    private static String dedent(String text) {
        List<String> lines = text.lines().toList();
        int indent = lines.stream().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            out.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
        }
        return out.toString();
    }
}
