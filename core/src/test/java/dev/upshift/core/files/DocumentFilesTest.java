package dev.upshift.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.diff.problem.InputException;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.source.SourceDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentFilesTest {
    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Test
    void readsEveryDocumentFileBelowAFolderInPathOrderSkippingHiddenOnesAndOtherFiles() throws IOException {
        write("b.yaml", "kind: B\n---\nkind: C\n");
        write("a/z.json", "{\"kind\": \"A\"}");
        write("c.yml", "kind: D\n");
        write("notes.txt", "kind: nope\n");
        write(".git/x.yaml", "kind: hidden\n");
        write("d/.draft.yaml", "kind: hidden\n");
        assertThat(DocumentFiles.create().load(dir)).extracting(SourceDocument::kind).containsExactly("A", "B", "C", "D");
    }

    @Test
    void readsOneFile() throws IOException {
        write("one.yaml", "kind: A\n");
        assertThat(DocumentFiles.create().load(dir.resolve("one.yaml"))).hasSize(1);
    }

    @Test
    void reportsTheProblemsOfEveryFileTogether() throws IOException {
        write("a.yaml", "a: 1\na: 2\n");
        write("b.yaml", "b: [\n");
        write("c.yaml", "kind: fine\n");
        assertThatThrownBy(() -> DocumentFiles.create().load(dir))
                .isInstanceOfSatisfying(InputException.class, e -> assertThat(e.problems()).extracting(Problem::toString)
                        .containsExactly(dir.resolve("a.yaml") + ":2:1: a: duplicate key 'a' (first at line 1)",
                                dir.resolve("b.yaml") + ":2:1: invalid syntax: expected the node content, but found '<stream end>'"
                                        + " (while parsing a flow node that starts at line 2, column 1)"));
    }

    @Test
    void saysWhenThePathDoesNotExist() {
        assertThatThrownBy(() -> DocumentFiles.create().load(dir.resolve("missing")))
                .hasMessage(dir.resolve("missing") + ": no such file or folder");
    }
}
