package dev.upshift.common.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DocumentRootTest {
    private static Optional<Metadata> read(String metadata, List<String> problems) {
        Problems found = new Problems();
        Optional<Metadata> m = DocumentRoot.read(DocumentLoader.create().load("m.yaml",
                "apiVersion: upshift.dev/v1alpha1\nkind: Widget\nmetadata:\n" + metadata + "spec: {}\n").get(0), found).metadata();
        found.all().stream().map(Problem::toString).forEach(problems::add);
        return m;
    }

    @Test
    @DisplayName("names and labels are held to Kubernetes' lengths: 253 for a name, 317 for a label key, 63 for its value")
    void namesAndLabelsHaveLengthLimits() {
        String name = "n".repeat(Metadata.MAX_NAME_LENGTH);
        String key = "example.com/" + "k".repeat(Metadata.MAX_LABEL_KEY_LENGTH - 12);
        String value = "v".repeat(Metadata.MAX_LABEL_VALUE_LENGTH);
        List<String> problems = new java.util.ArrayList<>();
        Optional<Metadata> atLimits = read("  name: " + name + "\n  labels: {" + key + ": " + value + "}\n", problems);
        assertThat(problems).isEmpty();
        assertThat(atLimits.orElseThrow().labels()).containsEntry(key, value);

        assertThat(read("  name: " + name + "n\n", problems)).isEmpty();
        assertThat(read("  name: n\n  labels: {" + key + "k: v, stage: " + value + "v}\n", problems)).isPresent();
        assertThat(problems).containsExactly(
                "m.yaml:4:9: metadata.name: is 254 characters; at most 253",
                "m.yaml:5:332: metadata.labels.example.com/" + "k".repeat(169) + "...: the key is 318 characters; at most 317",
                "m.yaml:5:342: metadata.labels.stage: is 64 characters; at most 63");
    }

    @Test
    @DisplayName("a million-character name is refused at once (issue 10, item 5)")
    void aMillionCharacterNameIsRefused() {
        List<String> problems = new java.util.ArrayList<>();
        assertThat(read("  name: " + "n".repeat(1_000_000) + "\n", problems)).isEmpty();
        assertThat(problems).containsExactly("m.yaml:4:9: metadata.name: is 1,000,000 characters; at most 253");
    }
}
