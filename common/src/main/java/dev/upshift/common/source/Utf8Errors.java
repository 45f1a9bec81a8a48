package dev.upshift.common.source;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.upshift.common.problem.SourceLocation;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Says where and how a byte sequence stops being UTF-8, in one wording for every reader (documents,
 * the journal): the bytes as they are in the file ({@code 0xC3 0x28}), never a parser's own value.
 */
@API(status = INTERNAL, since = "0.1")
public final class Utf8Errors {
    private Utf8Errors() {}

    /**
     * The first sequence in {@code bytes[offset, offset + length)} that is not UTF-8.
     *
     * @param column where it starts, in characters from 1, counted from {@code offset}
     * @param message what is wrong, showing up to four of its bytes in hexadecimal
     */
    public record Malformed(int column, String message) {}

    /** The first malformed sequence of the range, or empty when the range is UTF-8 text. */
    public static Optional<Malformed> find(byte[] bytes, int offset, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        CoderResult result = decoder.decode(in, CharBuffer.allocate(length), true);
        if (!result.isError()) {
            return Optional.empty();
        }
        int column = 1;
        for (int i = offset; i < in.position(); i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return Optional.of(new Malformed(column, describe(bytes, in.position(), result.length())));
    }

    /** The line and column (in characters, from 1) of the byte at {@code offset}. */
    static SourceLocation locate(String source, byte[] bytes, int offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < offset; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                line++;
                column = 1;
            } else if ((b & 0xC0) != 0x80) {
                column++; // count characters, not the continuation bytes inside them
            }
        }
        return new SourceLocation(source, line, column);
    }

    /** "not valid UTF-8 text: the bytes 0xC3 0x28 cannot start or continue a character here". */
    static String describe(byte[] bytes, int offset, int length) {
        StringBuilder s = new StringBuilder("not valid UTF-8 text: the byte");
        int shown = Math.min(Math.max(length, 1), 4);
        s.append(shown > 1 ? "s" : "");
        for (int i = offset; i < Math.min(bytes.length, offset + shown); i++) {
            s.append(String.format(Locale.ROOT, " 0x%02X", bytes[i] & 0xFF));
        }
        return s.append(" cannot start or continue a character here").toString();
    }
}
