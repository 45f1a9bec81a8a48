package dev.upshift.core.journal;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One reading of a journal file, line by line in one pass: its header, its complete entries, and
 * where its complete lines end. A line is complete when its newline is there; what follows the last
 * newline is a torn tail (a write the crash or a running writer has not finished), left for the
 * caller to repair or to leave out. A complete line that is not what it should be is an
 * {@link InputException} naming the file and line.
 */
final class JournalFile {
    private static final int CHUNK = 1 << 16;

    /**
     * What a reading found.
     *
     * @param header the first line, or null when not even it is complete
     * @param records the complete entries
     * @param completeBytes where the last complete line ends
     * @param tornBytes how many bytes follow it
     * @param completeLines how many complete lines there are, the header included
     */
    record Scan(EntryReader.Header header, Records records, long completeBytes, long tornBytes, int completeLines) {
        int version() {
            return header == null ? 0 : header.version();
        }
    }

    private JournalFile() {}

    /**
     * Reads a journal file.
     *
     * @throws InputException when a complete line is not the header or an entry, or the journal's
     *     version is newer than this code reads
     */
    static Scan scan(Path file) throws IOException {
        String source = file.toString();
        try (InputStream in = Files.newInputStream(file)) {
            Lines lines = new Lines(source);
            byte[] buf = new byte[CHUNK];
            int start = 0;
            int end = 0;
            int searched = 0;
            while (true) {
                int newline = indexOf(buf, searched, end);
                if (newline >= 0) {
                    lines.take(buf, start, newline - start);
                    start = newline + 1;
                    searched = start;
                    continue;
                }
                searched = end;
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, end - start);
                    end -= start;
                    searched -= start;
                    start = 0;
                }
                if (end == buf.length) {
                    if (buf.length > EntryLines.MAX_LINE_BYTES) {
                        throw lines.tooLong();
                    }
                    buf = Arrays.copyOf(buf, Math.min(buf.length * 2, EntryLines.MAX_LINE_BYTES + 1));
                }
                int n = in.read(buf, end, buf.length - end);
                if (n < 0) {
                    return lines.done(end - start);
                }
                end += n;
            }
        }
    }

    /**
     * The version a journal file's header states, reading only that line: 0 when the file does not
     * exist or its first line is not a complete header.
     */
    static int version(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] first = in.readNBytes(EntryLines.MAX_LINE_BYTES);
            int newline = indexOf(first, 0, first.length);
            return newline < 0 ? 0 : EntryReader.header(file.toString(), first, 0, newline).version();
        } catch (InputException e) {
            return 0;
        }
    }

    private static int indexOf(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The complete lines as they come. */
    private static final class Lines {
        private final String source;
        private final Records records = new Records();
        private EntryReader.Header header;
        private EntryReader entries;
        private long completeBytes;
        private int count;

        Lines(String source) {
            this.source = source;
        }

        void take(byte[] buf, int offset, int length) {
            if (length + 1 > EntryLines.MAX_LINE_BYTES) {
                throw tooLong();
            }
            count++;
            completeBytes += length + 1L;
            if (header == null) {
                header = EntryReader.header(source, buf, offset, length);
                if (header.version() > EntryLines.VERSION) {
                    throw new InputException(Problem.error(new SourceLocation(source, 1, 0), "version",
                            "this journal is of version " + header.version() + ", newer than this Upshift reads (1 to "
                                    + EntryLines.VERSION + "): read and write it with a newer Upshift"));
                }
                entries = new EntryReader(source, header.version());
            } else {
                records.add(entries.entry(buf, offset, length, count));
            }
        }

        InputException tooLong() {
            return new InputException(Problem.error(new SourceLocation(source, count + 1, 0), "",
                    "the line is longer than " + EntryLines.MAX_LINE_BYTES + " bytes (1 MiB), the most a journal line"
                            + " holds: this file was not written by Upshift's journal"));
        }

        Scan done(int torn) {
            return new Scan(header, records, completeBytes, torn, count);
        }
    }
}
