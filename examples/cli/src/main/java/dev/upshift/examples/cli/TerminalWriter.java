package dev.upshift.examples.cli;

import dev.upshift.common.problem.Printable;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * What the CLI writes to its standard streams, with every control character but line ends and tabs
 * escaped ({@link Printable#lines}): a message that quotes a file name or a value nobody escaped
 * still cannot act on the terminal. The places that name files escape them themselves, line ends
 * included; this is the net below them.
 */
final class TerminalWriter extends FilterWriter {
    TerminalWriter(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        out.write(Printable.lines(String.valueOf((char) c)));
    }

    @Override
    public void write(char[] text, int offset, int length) throws IOException {
        out.write(Printable.lines(new String(text, offset, length)));
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        out.write(Printable.lines(text.substring(offset, offset + length)));
    }
}
