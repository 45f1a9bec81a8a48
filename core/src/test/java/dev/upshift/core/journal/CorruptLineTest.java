package dev.upshift.core.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.testing.UserMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A complete line that is not what it should be is an error naming the file, line and field, for
 * writers and readers alike; nothing is dropped, and the file is left as it was.
 */
class CorruptLineTest {
    private static final LockHolder ME = new LockHolder(1, "test-host", "a test");

    @TempDir
    Path dir;

    @Test
    @DisplayName("a line that is not JSON, in the middle, stops both opening and reading, naming the file and line")
    void corruptMiddleLine() throws IOException {
        List<String> lines = journal();
        List<String> good = List.copyOf(lines);
        lines.set(2, "{\"at\":\"2026-03-10T07:00:01Z\",\"cluster\":\u0000\u0000\u0000");
        byte[] before = write(lines);
        Path file = JsonLinesJournal.file(dir);
        for (Runnable attempt : List.<Runnable>of(() -> JsonLinesJournal.open(dir, ME).close(),
                () -> JsonLinesJournal.read(dir))) {
            assertThatThrownBy(attempt::run).isInstanceOfSatisfying(InputException.class, e -> {
                Problem p = e.errors().get(0);
                assertThat(p.location().source()).isEqualTo(file.toString());
                assertThat(p.location().line()).isEqualTo(3);
                assertThat(p.message()).startsWith("not a JSON line: ");
                UserMessages.assertNamesNoJavaClass(e.getMessage(), String.join("\n", lines));
            });
        }
        assertThat(Files.readAllBytes(file)).as("nothing repaired, nothing dropped").isEqualTo(before);
        write(good);
        try (JsonLinesJournal journal = JsonLinesJournal.open(dir, ME)) {
            assertThat(journal.entries()).as("the failed opening released the lock").hasSize(3);
        }
    }

    @Test
    @DisplayName("a complete last line (its line end written) that is not an entry is an error too, not a torn line")
    void corruptCompleteLastLine() throws IOException {
        List<String> lines = journal();
        lines.add("{}");
        write(lines);
        assertThatThrownBy(() -> JsonLinesJournal.open(dir, ME)).isInstanceOf(InputException.class)
                .hasMessage(JsonLinesJournal.file(dir) + ":5: at: missing: every entry has it (docs/journal.md)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no at               | "at":"2026-03-10T07:00:00Z",        |                                 | 2:0: at: missing
            a date              | "2026-03-10T07:00:00Z"              | "2026-03-10"                    | 2:7: at: expected an RFC 3339 instant such as 2026-03-10T07:00:00Z, got "2026-03-10"
            a year 10000        | "2026-03-10T07:00:00Z"              | "+10000-03-10T07:00:01Z"        | 2:7: at: expected an RFC 3339 instant such as 2026-03-10T07:00:00Z, got "+10000-03-10T07:00:01Z"
            a short version     | "from":"20.0.0"                     | "from":"20.0"                   | 2:: from: expected a SemVer 2.0.0 version such as 20.1.0, got "20.0"
            a number as cluster | "cluster":"a"                       | "cluster":7                     | 2:: cluster: expected a string, got a number
            an unknown state    | "state":"inProgress"                | "state":"running"               | 2:: state: expected one of upToDate, ready, scheduled, waiting, blocked, inProgress, succeeded, failed, got "running"
            an unknown step     | "step":"starting"                   | "step":"begun"                  | 2:: step: expected one of held, declined, starting, published, workersStarting, workersPublished, succeeded, failed, finished, enrolled, skipped, noted, acted, got "begun"
            attempt 0           | "attempt":1                         | "attempt":0                     | 2:: attempt: expected a whole number from 1 to 2147483647, got 0
            attempt as text     | "attempt":1                         | "attempt":"1"                   | 2:: attempt: expected a whole number from 1 to 2147483647, got a string
            a huge epoch        | "epoch":0                           | "epoch":99999999999999999999    | 2:: epoch: expected a whole number from 0 to 9223372036854775807, got 99999999999999999999
            a negative epoch    | "epoch":0                           | "epoch":-1                      | 2:: epoch: expected a whole number from 0 to 9223372036854775807, got -1
            a hop past its path | "hop":{"number":1,"count":1         | "hop":{"number":2,"count":1     | 2:: hop: hop 2 of 1: a hop is numbered 1 to its path's length
            a bad reason code   | "reasons":[]                        | "reasons":[{"code":"frozen","message":"m"}] | 2:: reasons[0]: a reason code is SCREAMING_SNAKE_CASE, such as NO_PATH, not 'frozen'
            a step off its state| "step":"starting"                   | "step":"succeeded"              | 2:0: upgrade a/20.0.0-20.1.0/1: a succeeded entry cannot record state inProgress
            a twice-named field | "epoch":0                           | "epoch":0,"epoch":1             | 2:: not a JSON line: Duplicate field 'epoch'
            no hooks            | ,"owedHooks":["restore-alerts"]     |                                 | 2:0: owedHooks: missing
            text after it       | "epoch":0}                          | "epoch":0} {}                   | 2:: expected the line to end after the entry's closing brace
            """)
    @DisplayName("every field is checked: the error names the file, line, column and field, and what was expected")
    void badFields(String what, String find, String replace, String expected) throws IOException {
        String good = journal(1).get(1);
        assertThat(good).contains(find);
        String bad = good.replace(find, replace == null ? "" : replace);
        write(List.of("{\"format\":\"upshift-history\",\"version\":2}", bad));
        String file = JsonLinesJournal.file(dir).toString();
        String[] parts = expected.split(": ", 2);
        // LINE:COLUMN, the column 0 when unknown (then not shown) and left out where it does not matter
        String where = parts[0].endsWith(":0") ? parts[0].substring(0, parts[0].length() - 2) + ": "
                : parts[0].endsWith(":") ? parts[0] : parts[0] + ": ";
        assertThatThrownBy(() -> JsonLinesJournal.read(dir)).isInstanceOfSatisfying(InputException.class, e -> {
            assertThat(e.getMessage()).startsWith(file + ":" + where).contains(parts[1]);
            UserMessages.assertNamesNoJavaClass(e.getMessage(), bad);
        });
    }

    @Test
    @DisplayName("fields a version does not know are skipped: later writers only ever add fields")
    void unknownFieldsAreSkipped() throws IOException {
        List<String> lines = journal(1);
        lines.set(1, lines.get(1).replace("\"epoch\":0", "\"epoch\":0,\"addedLater\":{\"x\":[1,2]}"));
        write(lines);
        assertThat(JsonLinesJournal.read(dir).entries()).containsExactly(Entries.plain("a", 0));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            another file           | {"name":"x"}                                 | not an Upshift history journal: its first line should be {"format":"upshift-history","version":N}
            not JSON               | hello                                        | not a JSON line:
            a newer version        | {"format":"upshift-history","version":3}     | this journal is of version 3, newer than this Upshift reads (1 to 2): read and write it with a newer Upshift
            """)
    @DisplayName("a first line that is not a header this code reads is an error at line 1")
    void badHeaders(String what, String header, String expected) throws IOException {
        write(List.of(header));
        String file = JsonLinesJournal.file(dir).toString();
        for (Runnable attempt : List.<Runnable>of(() -> JsonLinesJournal.open(dir, ME).close(),
                () -> JsonLinesJournal.read(dir))) {
            assertThatThrownBy(attempt::run).isInstanceOf(InputException.class)
                    .hasMessageStartingWith(file + ":1").hasMessageContaining(expected);
        }
        assertThat(Files.readString(JsonLinesJournal.file(dir))).isEqualTo(header + "\n");
    }

    @Test
    @DisplayName("a line over 1 MiB is an error naming its line, whether or not its line end follows")
    void overlongLines() throws IOException {
        List<String> lines = journal();
        lines.add("{\"message\":\"" + "x".repeat(1 << 20) + "\"}");
        write(lines);
        assertThatThrownBy(() -> JsonLinesJournal.read(dir)).isInstanceOf(InputException.class)
                .hasMessage(JsonLinesJournal.file(dir) + ":5: the line is longer than 1048576 bytes (1 MiB), the most a"
                        + " journal line holds: this file was not written by Upshift's journal");
        Files.write(JsonLinesJournal.file(dir), ("x".repeat(3 << 20)).getBytes(StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> JsonLinesJournal.read(dir)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(JsonLinesJournal.file(dir) + ":5: the line is longer");
    }

    @ParameterizedTest(name = "{1} at {0}")
    @CsvSource(delimiter = '|', textBlock = """
            "cluster":"     | C3 28 | the byte 0xC3
            "upgradeId":"   | C3 28 | the byte 0xC3
            "upgradeId":"   | FF    | the byte 0xFF
            ,"cluster"      | C3 28 | the byte 0xC3
            ,"cluster"      | FF    | the byte 0xFF
            "message":"     | E2 82 | the bytes 0xE2 0x82
            "format":       | C3 28 | the byte 0xC3
            """)
    @DisplayName("a byte that is not UTF-8 is named as it is in the file, at its column, wherever it lies")
    void badBytes(String after, String hex, String named) throws IOException {
        List<String> lines = journal(1);
        byte[] file = write(lines);
        int at = indexOf(file, after.getBytes(StandardCharsets.UTF_8)) + after.length();
        String[] bytes = hex.split(" ");
        for (int i = 0; i < bytes.length; i++) {
            file[at + i] = (byte) Integer.parseInt(bytes[i], 16);
        }
        Files.write(JsonLinesJournal.file(dir), file);
        int lineStart = after.startsWith("\"format") ? 0 : lines.get(0).length() + 1;
        String where = JsonLinesJournal.file(dir) + ":" + (lineStart == 0 ? 1 : 2) + ":" + (at - lineStart + 1) + ": ";
        assertThatThrownBy(() -> JsonLinesJournal.read(dir)).isInstanceOfSatisfying(InputException.class, e -> {
            assertThat(e.getMessage()).startsWith(where + "not a JSON line: not valid UTF-8 text: " + named
                    + " cannot start or continue a character here");
            assertThat(e.getMessage()).doesNotContain("0xffff", "code 1", "code 2", "save the file");
        });
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found: " + new String(needle, StandardCharsets.UTF_8));
    }

    /** A journal of three entries, as lines. */
    private List<String> journal() {
        return journal(3);
    }

    private List<String> journal(int entries) {
        Path source = dir.resolve("source-" + entries);
        try (JsonLinesJournal journal = JsonLinesJournal.open(source, ME)) {
            for (int i = 0; i < entries; i++) {
                journal.append(Entries.plain("a", i));
            }
        }
        return new java.util.ArrayList<>(JournalFormatTest.lines(source));
    }

    private byte[] write(List<String> lines) throws IOException {
        byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        Files.write(JsonLinesJournal.file(dir), bytes);
        return bytes;
    }
}
