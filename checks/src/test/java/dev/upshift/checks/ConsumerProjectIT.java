package dev.upshift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upshift as a user gets it: what {@code ./mvnw -B install -DskipTests} puts in a local repository
 * (every library jar with its POM, the parent POMs, the BOM, and the sources and Javadoc jars) is
 * staged from this build into an empty repository, and a separate Maven project
 * ({@code src/it/consumer}) that imports {@code upshift-bom} builds offline against it, compiling and
 * running README.md's Java snippets. What the artifacts need from elsewhere comes read-only from
 * the local repository this build used, so nothing resolves that the build did not.
 *
 * <p>Runs in {@code verify} (after every jar is packaged), also in CI ({@code .ci/run}).
 */
class ConsumerProjectIT {
    /** Folder of the module, artifact id, and whether it is a jar (else a POM only). */
    private record Artifact(String folder, String artifactId, boolean jar) {}

    private static final List<Artifact> INSTALLED = List.of(
            new Artifact("bom", "upshift-bom", false),
            new Artifact(".", "upshift-parent", false),
            new Artifact("common", "upshift-common", true),
            new Artifact("diff", "upshift-diff", true),
            new Artifact("schedule", "upshift-schedule", true),
            new Artifact("release-model", "upshift-release-model", true),
            new Artifact("spi", "upshift-spi", true),
            new Artifact("core", "upshift-core", true),
            new Artifact("front", "upshift-front", true),
            new Artifact("testkit-spi", "upshift-testkit-spi", true),
            new Artifact("testkit", "upshift-testkit", true));

    @TempDir
    Path work;

    @Test
    @DisplayName("a project importing upshift-bom builds offline from the installed artifacts and runs README.md's snippets")
    void aConsumerProjectBuildsOfflineAndRunsTheReadmeSnippets() throws IOException, InterruptedException {
        Path root = Repository.root();
        String version = Repository.version();
        Path repository = work.resolve("repository");
        for (Artifact a : INSTALLED) {
            install(root, a, version, repository);
        }
        Path project = consumerProject(root);

        List<String> command = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-B", "-o",
                "-f", project.resolve("pom.xml").toString(),
                "-Dmaven.repo.local=" + repository,
                "-Dmaven.repo.local.tail=" + Repository.property("upshift.localRepository"),
                "-Dupshift.version=" + version,
                "-Dexpected.slf4j=" + bomProperty(root, "slf4j.version")));
        for (String p : List.of("junit.version", "resources-plugin.version", "compiler-plugin.version", "surefire.version")) {
            command.add("-D" + p + "=" + Repository.property("upshift." + p));
        }
        command.add("test");
        Process maven = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("maven.log").toFile()).start();
        int exit = Processes.await(maven, Duration.ofMinutes(15), "the consumer project's build");
        String log = Files.readString(work.resolve("maven.log"), StandardCharsets.UTF_8);

        assertThat(exit).as(log).isZero();
        assertThat(log).as("the consumer's build").contains("BUILD SUCCESS")
                .containsPattern("Tests run: \\d+, Failures: 0, Errors: 0, Skipped: 0")
                .doesNotContain("SLF4J(").doesNotContain("[WARNING]");
        assertThat(log).as("README.md's snippets ran").contains("ReadmeSnippetsTest");
    }

    /** What the install plugin puts in a local repository for one module, from this build's output. */
    private static void install(Path root, Artifact a, String version, Path repository) throws IOException {
        Path module = root.resolve(a.folder()).normalize();
        Path into = repository.resolve("dev/upshift").resolve(a.artifactId()).resolve(version);
        Files.createDirectories(into);
        String base = a.artifactId() + "-" + version;
        Files.copy(module.resolve("pom.xml"), into.resolve(base + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (a.jar()) {
            for (String classifier : List.of("", "-sources", "-javadoc")) {
                Path jar = module.resolve("target").resolve(base + classifier + ".jar");
                assertThat(jar).as("packaged by this build (run through mvn verify)").isRegularFile();
                Files.copy(jar, into.resolve(base + classifier + ".jar"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** The consumer project, with README.md's snippets as its tests. */
    private Path consumerProject(Path root) throws IOException {
        Path project = work.resolve("consumer");
        Path skeleton = root.resolve("checks/src/it/consumer");
        try (var files = Files.walk(skeleton)) {
            for (Path from : files.filter(Files::isRegularFile).toList()) {
                Path to = project.resolve(skeleton.relativize(from).toString());
                Files.createDirectories(to.getParent());
                Files.copy(from, to);
            }
        }
        List<JavaSnippets.Unit> snippets = JavaSnippets.units(
                MarkdownBlocks.parse("README.md", Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8)),
                List.of());
        assertThat(snippets).as("README.md's Java snippets").hasSizeGreaterThanOrEqualTo(6);
        StringBuilder test = new StringBuilder("package snippets.readme;\n\nclass ReadmeSnippetsTest {\n");
        for (JavaSnippets.Unit u : snippets) {
            Path source = project.resolve("src/test/java").resolve(u.qualifiedName().replace('.', '/') + ".java");
            Files.createDirectories(source.getParent());
            Files.writeString(source, u.source(), StandardCharsets.UTF_8);
            test.append("    @org.junit.jupiter.api.Test\n    void ").append(u.className().toLowerCase(java.util.Locale.ROOT))
                    .append("() throws Exception {\n        new ").append(u.className()).append("().snippet();\n    }\n");
        }
        Files.writeString(project.resolve("src/test/java/snippets/readme/ReadmeSnippetsTest.java"), test.append("}\n"),
                StandardCharsets.UTF_8);
        return project;
    }

    private static String bomProperty(Path root, String name) throws IOException {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(
                Files.readString(root.resolve("bom/pom.xml"), StandardCharsets.UTF_8));
        assertThat(m.find()).as("bom/pom.xml sets " + name).isTrue();
        return m.group(1);
    }
}
