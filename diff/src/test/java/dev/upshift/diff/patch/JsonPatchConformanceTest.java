package dev.upshift.diff.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.testing.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The public JSON Patch test suite (github.com/json-patch/json-patch-tests), read from the shared
 * conformance folder, never copied into the project. Each enabled case must behave as the suite
 * says: reach the expected document, or be rejected. Cases the suite disables are reported as
 * skipped, with their reason.
 */
class JsonPatchConformanceTest {
    private static final String SUITE = "conformance/json-patch-tests";

    @TestFactory
    Stream<DynamicNode> tests_json() throws IOException {
        return cases("tests.json");
    }

    @TestFactory
    Stream<DynamicNode> spec_tests_json() throws IOException {
        return cases("spec_tests.json");
    }

    private static Stream<DynamicNode> cases(String file) throws IOException {
        Path folder = suiteFolder();
        if (!Files.isRegularFile(folder.resolve(file))) {
            String missing = "JSON Patch conformance suite not found at " + folder.toAbsolutePath().normalize()
                    + " (set -Dupshift.shared to the folder holding " + SUITE + "): " + file + " was not checked";
            if (suiteRequired()) {
                return Stream.of(dynamicTest(file + " is missing", () -> Assertions.fail(missing
                        + "; CI requires the suite (upshift.requireConformance or CI=true)")));
            }
            return Stream.of(dynamicTest(file + " is missing", () -> Assumptions.assumeTrue(false, missing)));
        }
        JsonNode records = Json.MAPPER.readTree(folder.resolve(file).toFile());
        List<DynamicNode> nodes = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            nodes.add(dynamicContainer(name(i, records.get(i)), checks(records.get(i))));
        }
        return nodes.stream();
    }

    private static String name(int index, JsonNode record) {
        String comment = record.path("comment").asText("");
        return "#" + index + (comment.isEmpty() ? "" : " " + comment);
    }

    private static Stream<DynamicNode> checks(JsonNode record) {
        if (record.path("disabled").asBoolean(false)) {
            String reason = record.path("comment").asText("no reason given");
            return Stream.of(dynamicTest("disabled upstream",
                    () -> Assumptions.abort("disabled in the suite: " + reason)));
        }
        JsonNode doc = record.get("doc");
        JsonNode patch = record.get("patch");
        if (record.has("error")) {
            return Stream.of(dynamicTest("is rejected: " + record.get("error").asText(), () -> {
                JsonNode before = doc.deepCopy();
                assertThatThrownBy(() -> JsonPatch.apply(doc, patch)).isInstanceOf(JsonPatchException.class);
                assertThat(doc).isEqualTo(before);
            }));
        }
        if (!record.has("expected")) {
            return Stream.of(dynamicTest("applies", () -> JsonPatch.apply(doc, patch)));
        }
        JsonNode expected = record.get("expected");
        return Stream.of(dynamicTest("apply reaches the expected document", () -> {
            JsonNode before = doc.deepCopy();
            assertThat(JsonPatch.apply(doc, patch)).isEqualTo(expected);
            assertThat(doc).isEqualTo(before);
        }));
    }

    /**
     * Whether a missing suite fails instead of skipping: in CI ({@code CI=true}, as .ci/run runs) or
     * with {@code -Dupshift.requireConformance=true}, so that CI can never pass without running it,
     * while a user's clone without {@code ../shared} still builds.
     */
    static boolean suiteRequired() {
        return Boolean.parseBoolean(System.getProperty("upshift.requireConformance", "false"))
                || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** {@code upshift.shared} as the build sets it, else {@code ../shared} beside the repository root. */
    static Path suiteFolder() {
        String shared = System.getProperty("upshift.shared");
        if (shared != null && !shared.isBlank()) {
            return Path.of(shared).resolve(SUITE);
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        Path root = dir == null ? Path.of("").toAbsolutePath() : dir;
        return root.resolve("../shared").resolve(SUITE);
    }
}
