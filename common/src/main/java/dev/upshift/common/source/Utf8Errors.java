package dev.upshift.common.source;

import dev.upshift.common.problem.SourceLocation;

import java.util.Locale;

/** Says where and how a byte sequence stops being UTF-8. */
final class Utf8Errors {
    private Utf8Errors() {}

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

    /** "not valid UTF-8 text: byte 0xC3 0x28 ...". */
    static String describe(byte[] bytes, int offset, int length) {
        StringBuilder s = new StringBuilder("not valid UTF-8 text: the byte");
        int shown = Math.min(Math.max(length, 1), 4);
        s.append(shown > 1 ? "s" : "");
        for (int i = offset; i < Math.min(bytes.length, offset + shown); i++) {
            s.append(String.format(Locale.ROOT, " 0x%02X", bytes[i] & 0xFF));
        }
        return s.append(" cannot start or continue a character here; save the file as UTF-8").toString();
    }
}
