package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
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
    @DisplayName("below a folder, build output and what .gitignore files ignore are skipped, as git would")
    void skipsBuildOutputAndWhatGitIgnores() throws IOException {
        Files.createDirectories(dir.resolve(".git"));
        write(".gitignore", "# build output\nbuild/\n*.bak.yaml\n!keep.bak.yaml\n/only-top.yaml\ndocs/**/gen.yaml\n");
        write("sub/.gitignore", "local.yaml\n");
        for (String name : List.of("fleet.yaml", "target/copy.yaml", "a/target/classes/copy.yaml", "build/x.yaml",
                "a/build/x.yaml", "a/q.bak.yaml", "a/keep.bak.yaml", "only-top.yaml", "a/only-top.yaml",
                "sub/local.yaml", "sub/x/local.yaml", "other/local.yaml", "docs/gen.yaml", "docs/a/b/gen.yaml",
                "docs/a/kept.yaml")) {
            write(name, "kind: K\n");
        }
        assertThat(DocumentFiles.files(dir, new Problems())).extracting(p -> dir.relativize(p).toString().replace('\\', '/'))
                .containsExactly("a/keep.bak.yaml", "a/only-top.yaml", "docs/a/kept.yaml", "fleet.yaml", "other/local.yaml");
    }

    @Test
    @DisplayName("the .gitignore files above a folder apply up to the top of its repository, and a folder named is read")
    void theRepositorysIgnoreFilesApplyToASubfolder() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/.gitignore", "generated/\n");
        write("repo/fleet/generated/a.yaml", "kind: K\n");
        write("repo/fleet/target/b.yaml", "kind: K\n");
        write("repo/fleet/c.yaml", "kind: K\n");
        assertThat(DocumentFiles.files(dir.resolve("repo/fleet"), new Problems()))
                .containsExactly(dir.resolve("repo/fleet/c.yaml"));
        assertThat(DocumentFiles.files(dir.resolve("repo/fleet/target"), new Problems()))
                .containsExactly(dir.resolve("repo/fleet/target/b.yaml"));
        assertThat(DocumentFiles.files(dir.resolve("repo/fleet/generated"), new Problems()))
                .containsExactly(dir.resolve("repo/fleet/generated/a.yaml"));

        write("norepo/.gitignore", "generated/\n");
        write("norepo/fleet/generated/a.yaml", "kind: K\n");
        assertThat(DocumentFiles.files(dir.resolve("norepo/fleet"), new Problems()))
                .as("outside a repository, the folders above are nobody's business")
                .containsExactly(dir.resolve("norepo/fleet/generated/a.yaml"));
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
