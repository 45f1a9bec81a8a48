package dev.upshift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * examples/policy-tests is built as a user's project (no Upshift parent), so it states the versions
 * a parent would give it: they must be the ones this build uses, or it would test against another
 * JUnit or build with other plugins than the rest.
 */
class PolicyTestsProjectTest {
    @Test
    @DisplayName("examples/policy-tests names Upshift's version, JUnit's and the plugins' as this build does, and no"
            + " Upshift artifact but the BOM and the testkit")
    void versionsAgree() throws IOException {
        Path root = Repository.root();
        String project = Files.readString(root.resolve("examples/policy-tests/pom.xml"), StandardCharsets.UTF_8);
        String parent = Files.readString(root.resolve("pom.xml"), StandardCharsets.UTF_8);

        assertThat(property(project, "upshift.version")).isEqualTo(Repository.version());
        assertThat(property(project, "junit.version")).isEqualTo(property(parent, "junit.version"));
        Map<String, String> plugins = Map.of("maven-compiler-plugin", "compiler-plugin.version",
                "maven-surefire-plugin", "surefire.version", "maven-resources-plugin", "resources-plugin.version",
                "maven-jar-plugin", "jar-plugin.version");
        plugins.forEach((plugin, property) -> assertThat(pluginVersion(project, plugin)).as(plugin)
                .isEqualTo(property(parent, property)));
        assertThat(Pattern.compile("<artifactId>(upshift-[a-z-]+)</artifactId>").matcher(project).results()
                .map(m -> m.group(1)).distinct().toList()).containsExactly("upshift-bom", "upshift-testkit");
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(m.find()).as("the pom sets " + name).isTrue();
        return m.group(1);
    }

    private static String pluginVersion(String pom, String artifactId) {
        Matcher m = Pattern.compile("<artifactId>" + Pattern.quote(artifactId) + "</artifactId>\\s*<version>([^<]+)</")
                .matcher(pom);
        assertThat(m.find()).as("the pom pins " + artifactId).isTrue();
        return m.group(1);
    }
}
