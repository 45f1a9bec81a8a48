package dev.upshift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** STYLE.md item 19: every Java snippet of README.md and docs/ compiles against the modules. */
class DocsSnippetsTest {
    @TempDir
    Path classes;

    @Test
    @DisplayName("every Java block of README.md and docs/*.md compiles")
    void everyJavaSnippetCompiles() {
        Path root = Repository.root();
        List<JavaSnippets.Unit> units = JavaSnippets.units(MarkdownBlocks.all(root), JavaSnippets.apiPackages(root));
        assertThat(units.size()).as("Java blocks found").isGreaterThanOrEqualTo(15);
        assertThat(units.stream().filter(u -> u.page().equals("README.md")).count())
                .as("README.md's snippets, one per library artifact").isGreaterThanOrEqualTo(6);

        List<JavaSnippets.Error> errors = JavaSnippets.compile(units, classes);

        assertThat(errors).as("compile errors in the docs, at the page's line").isEmpty();
    }

    @Test
    @DisplayName("a snippet that does not compile is reported at its page and line")
    void aBrokenSnippetFailsTheCheck() {
        String page = """
                # A page

                <!-- snippet context: Problems problems; -->
                ```java
                problems.throwIfErrors();
                ```

                ```java
                Release newest = ReleaseCatalog.of(List.of()).newest(Optional.empty(), Optional.empty()).orElseThrow();
                int size = newest.channels();
                ```
                """;
        assertThat(compile("docs/broken.md", page)).extracting(JavaSnippets.Error::toString)
                .containsExactly("docs/broken.md:10: incompatible types: java.util.Set<java.lang.String> cannot be converted to int");
    }

    @Test
    @DisplayName("a pattern switch, a preview feature on Java 17, fails the check")
    void aPatternSwitchFailsTheCheck() {
        String page = """
                <!-- snippet context: PathResult result; -->
                ```java
                switch (result) {
                    case UpgradePath p -> System.out.println(p.hops());
                    case NoPath n -> System.out.println(n.reason());
                }
                ```
                """;
        assertThat(compile("docs/broken.md", page)).extracting(JavaSnippets.Error::toString)
                .anyMatch(e -> e.startsWith("docs/broken.md:4: patterns in switch statements are a preview feature"));
    }

    private List<JavaSnippets.Error> compile(String pageName, String page) {
        List<JavaSnippets.Unit> units = JavaSnippets.units(MarkdownBlocks.parse(pageName, page),
                JavaSnippets.apiPackages(Repository.root()));
        return JavaSnippets.compile(units, classes);
    }

    @Test
    @DisplayName("README.md's snippets are complete: a missing import fails them")
    void readmeSnippetsNameTheirImports() {
        String page = """
                ```java
                Version v = Version.parse("1.0");
                ```
                """;
        assertThat(compile("README.md", page)).extracting(JavaSnippets.Error::toString)
                .contains("README.md:2: cannot find symbol");
    }
}
