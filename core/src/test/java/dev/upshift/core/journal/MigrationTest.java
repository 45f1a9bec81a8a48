package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 003: a version 1 journal (a real file, written as a version 1 writer wrote it) is migrated
 * forward on opening for writing, into a new file; the old one is kept until cleanup; a crash at any
 * named point leaves a journal that reads whole, and the next opening finishes the work.
 */
class MigrationTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");
    private static final String V1 = "v1/history.jsonl";

    @TempDir
    Path dir;

    /** What the version 1 file means, read by the oracle: each line as the nine-part entry. */
    private static List<HistoryEntry> expected(byte[] v1) {
        List<String> lines = new String(v1, StandardCharsets.UTF_8).lines().toList();
        assertThat(Oracle.tree(lines.get(0)).get("version").intValue()).isEqualTo(1);
        List<HistoryEntry> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            assertThat(Oracle.names(Oracle.tree(line))).as("a version 1 line").isEqualTo(Oracle.V1_FIELDS);
            out.add(Oracle.entryOfVersion1(Oracle.tree(line)));
        }
        return out;
    }

    @Test
    @DisplayName("reading a version 1 journal reads it as it is, changing nothing")
    void readingDoesNotMigrate() throws IOException {
        byte[] v1 = install(dir);
        JournalSnapshot read = JsonLinesJournal.read(dir);
        assertThat(read.version()).isEqualTo(1);
        assertThat(read.entries()).hasSize(7).isEqualTo(expected(v1));
        assertThat(read.history("test-ap-1")).hasSize(2);
        assertThat(Files.readAllBytes(dir.resolve("history.jsonl"))).isEqualTo(v1);
        assertThat(files(dir)).containsExactly("history.jsonl");
    }

    @Test
    @DisplayName("opening migrates: version 2 lines of the same entries, the old file kept whole, said in a notice")
    void openingMigrates() throws IOException {
        byte[] v1 = install(dir);
        List<HistoryEntry> entries = expected(v1);
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.entries()).isEqualTo(entries);
            assertThat(journal.notices()).singleElement().satisfies(n -> {
                assertThat(n.kind()).isEqualTo(JournalNotice.Kind.MIGRATED);
                assertThat(n.message()).isEqualTo(dir.resolve("history.jsonl") + ": migrated from version 1 to 2 (7"
                        + " entries); the version 1 journal is kept as " + dir.resolve("history.v1.jsonl")
                        + " until cleanup removes it");
            });
            journal.append(Entries.plain("dev-eu-payments-1", 9));
        }
        assertThat(Files.readAllBytes(dir.resolve("history.v1.jsonl"))).isEqualTo(v1);
        List<String> lines = JournalFormatTest.lines(dir);
        assertThat(lines.get(0)).isEqualTo("{\"format\":\"upshift-history\",\"version\":2,\"migratedFrom\":1}");
        for (int i = 0; i < entries.size(); i++) {
            Oracle.assertLineIs(lines.get(i + 1), entries.get(i));
        }
        assertThat(entries.get(1).step()).isEqualTo(HistoryEntry.Step.PUBLISHED);
        assertThat(entries.get(0).step()).isEqualTo(HistoryEntry.Step.NOTED);
        assertThat(JsonLinesJournal.read(dir).entries()).hasSize(8);
        assertThat(files(dir)).containsExactly("history.jsonl", "history.lock", "history.v1.jsonl");
    }

    @Test
    @DisplayName("migration is idempotent: a second opening finds version 2 and changes nothing")
    void idempotent() throws IOException {
        install(dir);
        JsonLinesJournal.open(dir, ME).close();
        byte[] migrated = Files.readAllBytes(dir.resolve("history.jsonl"));
        byte[] kept = Files.readAllBytes(dir.resolve("history.v1.jsonl"));
        try (JsonLinesJournal again = JsonLinesJournal.open(dir, ME)) {
            assertThat(again.notices()).isEmpty();
        }
        assertThat(Files.readAllBytes(dir.resolve("history.jsonl"))).isEqualTo(migrated);
        assertThat(Files.readAllBytes(dir.resolve("history.v1.jsonl"))).isEqualTo(kept);
    }

    @ParameterizedTest
    @EnumSource(MigrationStep.class)
    @DisplayName("a crash at each named point leaves a journal that reads whole; the next opening ends where an uninterrupted one does")
    void crashAtEachStep(MigrationStep crashAt) throws IOException {
        Path reference = dir.resolve("uninterrupted");
        byte[] v1 = install(reference);
        JsonLinesJournal.open(reference, ME).close();
        List<HistoryEntry> entries = expected(v1);

        Path state = dir.resolve("crashed");
        install(state);
        assertThatThrownBy(() -> JsonLinesJournal.open(state, ME, step -> {
            if (step == crashAt) {
                throw new Crash();
            }
        })).isInstanceOf(Crash.class);

        JournalSnapshot meanwhile = JsonLinesJournal.read(state);
        assertThat(meanwhile.entries()).as("read after a crash at %s", crashAt).isEqualTo(entries);
        assertThat(meanwhile.version()).isEqualTo(crashAt.compareTo(MigrationStep.SWAPPED) < 0 ? 1 : 2);

        try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
            assertThat(journal.entries()).isEqualTo(entries);
            assertThat(journal.notices()).extracting(JournalNotice::kind).containsExactlyElementsOf(
                    crashAt.compareTo(MigrationStep.SWAPPED) < 0 ? List.of(JournalNotice.Kind.MIGRATED) : List.of());
        }
        for (String file : List.of("history.jsonl", "history.v1.jsonl")) {
            assertThat(Files.readAllBytes(state.resolve(file))).as(file)
                    .isEqualTo(Files.readAllBytes(reference.resolve(file)));
        }
        assertThat(files(state)).containsExactly("history.jsonl", "history.lock", "history.v1.jsonl");
    }

    @Test
    @DisplayName("a crash while writing the new file (a partial temporary file) is cleared up by the next opening")
    void crashWhileWritingTheNewFile() throws IOException {
        byte[] v1 = install(dir);
        Files.writeString(dir.resolve("history.jsonl.tmp"), "{\"format\":\"upshift-history\",\"version\":2}\n{\"at\":");
        Files.writeString(dir.resolve("history.v1.jsonl.tmp"), "{\"format\":\"ups");
        assertThat(JsonLinesJournal.read(dir).entries()).isEqualTo(expected(v1));
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.entries()).isEqualTo(expected(v1));
        }
        assertThat(files(dir)).containsExactly("history.jsonl", "history.lock", "history.v1.jsonl");
    }

    @Test
    @DisplayName("a version 1 journal with a torn last line is repaired, then migrated; the kept file is the repaired one")
    void tornVersion1() throws IOException {
        byte[] v1 = install(dir);
        Files.write(dir.resolve("history.jsonl"), "{\"at\":\"2026-03-12T09:31:00Z\",\"clu".getBytes(StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.entries()).isEqualTo(expected(v1));
            assertThat(journal.notices()).extracting(JournalNotice::kind)
                    .containsExactly(JournalNotice.Kind.REPAIRED, JournalNotice.Kind.MIGRATED);
        }
        assertThat(Files.readAllBytes(dir.resolve("history.v1.jsonl"))).isEqualTo(v1);
    }

    @Test
    @DisplayName("random version 1 journals, written by a second writer, migrate to the entries their lines mean")
    void randomVersion1Journals() {
        qt().withExamples(30).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            StringBuilder file = new StringBuilder("{\"format\":\"upshift-history\",\"version\":1}\n");
            for (int i = r.nextInt(20); i > 0; i--) {
                file.append(Oracle.version1Line(Entries.random(r))).append('\n');
            }
            byte[] v1 = file.toString().getBytes(StandardCharsets.UTF_8);
            Path state = dir.resolve("s" + Long.toHexString(seed));
            write(state.resolve("history.jsonl"), v1);
            List<HistoryEntry> entries = expected(v1);
            assertThat(JsonLinesJournal.read(state).entries()).isEqualTo(entries);
            try (JsonLinesJournal journal = JsonLinesJournal.open(state, ME)) {
                assertThat(journal.entries()).isEqualTo(entries);
            }
            assertThat(JsonLinesJournal.read(state).entries()).isEqualTo(entries);
            assertThat(TornTailTest.read(state.resolve("history.v1.jsonl"))).isEqualTo(v1);
        });
    }

    private static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    /** Puts the committed version 1 journal into a state folder, and answers its bytes. */
    static byte[] install(Path state) throws IOException {
        try (InputStream in = MigrationTest.class.getResourceAsStream(V1)) {
            byte[] v1 = in.readAllBytes();
            write(state.resolve("history.jsonl"), v1);
            return v1;
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> files(Path state) throws IOException {
        try (Stream<Path> s = Files.list(state)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
