package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths that are not plain files (issue 10, item 3): pipes, symbolic links and sockets given as
 * the path are read or refused with a reason, never read as empty; below a folder, links and
 * special files are followed or skipped as {@link DocumentFiles} says.
 */
class SpecialPathsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    /** A named pipe made with {@code mkfifo}; the test is skipped where there is no mkfifo. */
    static Path fifo(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException noMkfifo) {
            Assumptions.abort("mkfifo is not available: " + noMkfifo.getMessage());
            throw noMkfifo;
        }
        Assumptions.assumeTrue(Processes.await(p, Duration.ofMinutes(1), "mkfifo") == 0, "mkfifo failed");
        return path;
    }

    /**
     * Writes {@code text} into a pipe from a shell of its own, as a process substitution does. The
     * shell waits until something opens the pipe for reading; {@link #finish} ends it either way.
     */
    static Process feed(Path pipe, String text) throws IOException {
        Path source = Files.writeString(pipe.resolveSibling(pipe.getFileName() + ".source"), text);
        return new ProcessBuilder("sh", "-c", "cat \"$1\" > \"$2\"", "sh", source.toString(), pipe.toString()).start();
    }

    /** Ends the writer: it has finished when the pipe was read; otherwise it still waits for a reader. */
    static void finish(Process writer) throws InterruptedException {
        Processes.end(writer);
    }

    private static List<String> messages(Problems problems) {
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("a named pipe given as the path is read, as <(cat f.yaml) is")
    void readsANamedPipe() throws Exception {
        Path pipe = fifo(dir.resolve("pipe"));
        Process writer = feed(pipe, "kind: A\n---\nkind: B\n");
        Problems problems = new Problems();
        List<SourceDocument> docs;
        try {
            docs = DocumentFiles.create().load(pipe, problems);
        } finally {
            // a load that failed before opening the pipe leaves the writer waiting for a reader forever otherwise
            finish(writer);
        }
        assertThat(messages(problems)).isEmpty();
        assertThat(docs).extracting(SourceDocument::kind).containsExactly("A", "B");
        assertThat(docs.get(0).source()).isEqualTo(pipe.toString());
    }

    @Test
    @DisplayName("a symbolic link to a folder, given as the path, reads the folder")
    void followsALinkToAFolderGivenAsThePath() throws IOException {
        write("releases/a.yaml", "kind: A\n");
        write("releases/sub/b.yaml", "kind: B\n");
        Path link = Files.createSymbolicLink(dir.resolve("catalog"), dir.resolve("releases"));
        Problems problems = new Problems();
        assertThat(DocumentFiles.create().load(link, problems)).extracting(SourceDocument::kind).containsExactly("A", "B");
        assertThat(messages(problems)).isEmpty();
        assertThat(DocumentFiles.files(link, new Problems())).containsExactly(link.resolve("a.yaml"), link.resolve("sub/b.yaml"));
    }

    @Test
    @DisplayName("a symbolic link to a file, given as the path, reads the file")
    void followsALinkToAFileGivenAsThePath() throws IOException {
        Path target = write("real.yaml", "kind: A\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.yaml"), target);
        assertThat(DocumentFiles.create().load(link)).extracting(SourceDocument::kind).containsExactly("A");
    }

    @Test
    @DisplayName("a link to nothing, or a socket, given as the path is an error naming it")
    void refusesWhatCannotBeRead() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("gone.yaml"), dir.resolve("nowhere.yaml"));
        Problems problems = new Problems();
        assertThat(DocumentFiles.create().load(dangling, problems)).isEmpty();
        assertThat(messages(problems)).containsExactly(dangling + ": a symbolic link to " + dir.resolve("nowhere.yaml")
                + ", which does not exist");

        Path socket = dir.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Problems socketProblems = new Problems();
            assertThat(DocumentFiles.create().load(socket, socketProblems)).isEmpty();
            assertThat(messages(socketProblems)).singleElement().asString().startsWith(socket + ": cannot read: ");
            assertThat(socketProblems.hasErrors()).isTrue();
        } catch (UnsupportedOperationException noUnixSockets) {
            Assumptions.abort("no Unix domain sockets here");
        }
    }

    @Test
    @DisplayName("a folder that cannot be read is an error naming it")
    void refusesAFolderThatCannotBeRead() throws IOException {
        Path locked = write("locked/a.yaml", "kind: A\n").getParent();
        Assumptions.assumeTrue(locked.toFile().setReadable(false, false) && !Files.isReadable(locked),
                "permissions do not hold here (running as root)");
        try {
            Problems problems = new Problems();
            assertThat(DocumentFiles.create().load(dir, problems)).isEmpty();
            assertThat(messages(problems)).containsExactly(locked + ": cannot read: permission denied");
        } finally {
            locked.toFile().setReadable(true, false);
        }
    }

    @Test
    @DisplayName("below a folder, links inside it are followed; links out of it, to nothing or in a loop are skipped with a warning")
    void linksBelowAFolder() throws IOException {
        Path fleet = Files.createDirectories(dir.resolve("fleet"));
        write("fleet/shared/common.yaml", "kind: Shared\n");
        write("fleet/clusters/a/own.yaml", "kind: Own\n");
        Files.createSymbolicLink(fleet.resolve("clusters/a/common.yaml"), fleet.resolve("shared/common.yaml"));
        Files.createSymbolicLink(fleet.resolve("clusters/b"), fleet.resolve("shared"));
        write("elsewhere/secret.yaml", "kind: Secret\n");
        Files.createSymbolicLink(fleet.resolve("stolen.yaml"), dir.resolve("elsewhere/secret.yaml"));
        Files.createSymbolicLink(fleet.resolve("away"), dir.resolve("elsewhere"));
        Files.createSymbolicLink(fleet.resolve("gone.yaml"), fleet.resolve("nowhere.yaml"));
        Files.createSymbolicLink(fleet.resolve("clusters/a/loop"), fleet.resolve("clusters"));

        Problems problems = new Problems();
        List<Path> files = DocumentFiles.files(fleet, problems);
        assertThat(files).extracting(p -> fleet.relativize(p).toString().replace('\\', '/')).containsExactly(
                "clusters/a/common.yaml", "clusters/a/own.yaml", "clusters/b/common.yaml", "shared/common.yaml");
        assertThat(problems.hasErrors()).isFalse();
        assertThat(messages(problems)).containsExactly(
                fleet.resolve("away") + ": warning: a symbolic link to " + dir.resolve("elsewhere").toRealPath()
                        + ", outside the folder being read: skipped; name it on the command line to read it",
                fleet.resolve("clusters/a/loop") + ": warning: a symbolic link to a folder above it (a loop): skipped",
                fleet.resolve("gone.yaml") + ": warning: a symbolic link to " + fleet.resolve("nowhere.yaml") + ", which does not exist: skipped",
                fleet.resolve("stolen.yaml") + ": warning: a symbolic link to " + dir.resolve("elsewhere/secret.yaml").toRealPath()
                        + ", outside the folder being read: skipped; name it on the command line to read it");
    }

    @Test
    @DisplayName("below a folder, a pipe named like a document is skipped with a warning, never waited on")
    void pipesBelowAFolderAreSkipped() throws Exception {
        write("fleet/a.yaml", "kind: A\n");
        Path pipe = fifo(dir.resolve("fleet/b.yaml"));
        Problems problems = new Problems();
        assertThat(DocumentFiles.create().load(dir.resolve("fleet"), problems)).extracting(SourceDocument::kind)
                .containsExactly("A");
        assertThat(messages(problems)).containsExactly(pipe + ": warning: not a regular file (a pipe, a socket or a device):"
                + " skipped; name it on the command line to read it");
    }
}
