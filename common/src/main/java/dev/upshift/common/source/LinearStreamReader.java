package dev.upshift.common.source;

import java.io.IOException;
import java.io.Reader;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

/**
 * SnakeYAML's character reader, with the same behaviour but linear work. SnakeYAML's own reader
 * keeps the characters of the token being scanned in a window and, for every 1,023 characters it
 * reads, copies the whole window into a new array; a token of n characters (a plain or quoted
 * scalar without blanks, a comment, one line of a block scalar) so costs n²/2,046 copies: about
 * 2 GB allocated for a line of one million characters. This reader grows its window by doubling
 * and drops the characters already consumed only when it grows, so each character is copied a
 * constant number of times on average.
 *
 * <p>Everything else is as in SnakeYAML: the input is read 1,023 characters at a time (one more
 * when the last is a high surrogate), a character YAML does not allow is reported when the chunk
 * holding it is read, and lines, columns and indices are counted alike ({@code LinearStreamReaderTest}
 * checks this against SnakeYAML's reader). Marks refer to the window current when they were taken,
 * which is never changed in place afterwards; their snippet may show more of the line around them.
 */
final class LinearStreamReader extends StreamReader {
    private static final int CHUNK = 1_023;
    private static final String NAME = "'reader'";

    private final Reader stream;
    private final char[] buffer = new char[CHUNK + 1];
    private int[] window = new int[2 * (CHUNK + 1)];
    private int length;
    private int pointer;
    private boolean eof;
    private int index;
    private int documentIndex;
    private int line;
    private int column;

    LinearStreamReader(Reader stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public Mark getMark() {
        return new Mark(NAME, index, line, column, window, pointer);
    }

    @Override
    public void forward() {
        forward(1);
    }

    @Override
    public void forward(int n) {
        for (int i = 0; i < n && ensure(0); i++) {
            int c = window[pointer++];
            index++;
            documentIndex++;
            if (Constant.LINEBR.has(c) || (c == '\r' && ensure(0) && window[pointer] != '\n')) {
                line++;
                column = 0;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    @Override
    public int peek() {
        return ensure(0) ? window[pointer] : 0;
    }

    @Override
    public int peek(int offset) {
        return ensure(offset) ? window[pointer + offset] : 0;
    }

    @Override
    public String prefix(int n) {
        if (n == 0) {
            return "";
        }
        int available = ensure(n) ? n : Math.min(n, length - pointer);
        return new String(window, pointer, available);
    }

    @Override
    public String prefixForward(int n) {
        String s = prefix(n);
        pointer += n;
        index += n;
        documentIndex += n;
        column += n;
        return s;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    @Override
    public int getIndex() {
        return index;
    }

    @Override
    public int getLine() {
        return line;
    }

    /** Whether the character {@code offset} after the pointer is there, after reading one more chunk if it was not. */
    private boolean ensure(int offset) {
        if (!eof && pointer + offset >= length) {
            read();
        }
        return pointer + offset < length;
    }

    private void read() {
        try {
            int read = stream.read(buffer, 0, CHUNK);
            if (read <= 0) {
                eof = true;
                return;
            }
            if (Character.isHighSurrogate(buffer[read - 1])) {
                if (stream.read(buffer, read, 1) == -1) {
                    throw new ReaderException(NAME, index + read, buffer[read - 1],
                            "The last char is HighSurrogate (no LowSurrogate detected).");
                }
                read++;
            }
            makeRoom(read);
            int special = ' ';
            for (int i = 0; i < read; length++) {
                int c = Character.codePointAt(buffer, i);
                window[length] = c;
                if (isPrintable(c)) {
                    i += Character.charCount(c);
                } else {
                    special = c;
                    i = read;
                }
            }
            if (special != ' ') {
                throw new ReaderException(NAME, index + (length - pointer) - 1, special, "special characters are not allowed");
            }
        } catch (IOException e) {
            throw new YAMLException(e);
        }
    }

    /**
     * Room for {@code n} more characters. When the window is full, a new one at least twice the
     * characters not yet consumed takes them (the old one stays as the marks taken on it saw it).
     */
    private void makeRoom(int n) {
        if (length + n <= window.length) {
            return;
        }
        int live = length - pointer;
        int[] grown = new int[Math.max(2 * live, live + n) + CHUNK + 1];
        System.arraycopy(window, pointer, grown, 0, live);
        window = grown;
        length = live;
        pointer = 0;
    }
}
