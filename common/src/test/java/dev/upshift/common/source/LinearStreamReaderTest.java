package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * {@link LinearStreamReader} against its oracle, SnakeYAML's own {@link StreamReader}: the same
 * random calls on the same random text give the same answers, positions and failures. (A mark's
 * snippet, the line around it that SnakeYAML's own messages quote, may show more of the line: no
 * message Upshift shows quotes it.)
 */
class LinearStreamReaderTest {
    /** Line breaks of every kind, a byte order mark, surrogate pairs, characters YAML refuses, blanks. */
    private static final String[] PIECES = {"a", "b", " ", ":", "#", "\n", "\r", "\r\n", "\u0085", "\u2028", "\ufeff",
        "\ud83d\ude00", "é", "\t", "\u0001", "x".repeat(700)};

    @Test
    @DisplayName("answers every call as SnakeYAML's reader does, across chunk boundaries")
    void answersAsSnakeYamlDoes() {
        qt().withExamples(400).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            String text = text(r);
            StreamReader expected = new StreamReader(new StringReader(text));
            LinearStreamReader actual = new LinearStreamReader(new StringReader(text));
            for (int step = 0; step < 60; step++) {
                int op = r.nextInt(6);
                int n = r.nextInt(4) == 0 ? r.nextInt(3_000) : r.nextInt(8);
                String call = step + ": op " + op + " n " + n + " on " + text.length() + " characters, seed " + seed;
                List<Object> want = run(expected, op, n);
                List<Object> got = run(actual, op, n);
                assertThat(got).as(call).isEqualTo(want);
                if (want.get(0) instanceof String s && s.startsWith("failed")) {
                    return;
                }
            }
        });
    }

    private static String text(Random r) {
        StringBuilder b = new StringBuilder();
        int pieces = r.nextInt(r.nextBoolean() ? 20 : 400);
        for (int i = 0; i < pieces; i++) {
            String piece = PIECES[r.nextInt(PIECES.length)];
            b.append(piece.equals("\u0001") && r.nextInt(4) != 0 ? "c" : piece);
        }
        return b.toString();
    }

    /** One call, then where the reader stands; a failure as its kind, position and message. */
    private static List<Object> run(StreamReader reader, int op, int n) {
        List<Object> out = new ArrayList<>();
        try {
            out.add(switch (op) {
                case 0 -> reader.peek();
                case 1 -> reader.peek(n);
                case 2 -> reader.prefix(n);
                case 3 -> {
                    String available = reader.prefix(n);
                    yield reader.prefixForward(available.codePointCount(0, available.length()));
                }
                case 4 -> {
                    reader.forward(n);
                    yield "forward";
                }
                default -> mark(reader.getMark(), Mark::getIndex) + "/" + mark(reader.getMark(), Mark::getLine) + "/"
                        + mark(reader.getMark(), Mark::getColumn);
            });
        } catch (ReaderException e) {
            out.add("failed at " + e.getPosition() + " on " + e.getCodePoint() + ": " + e.getMessage());
            return out;
        }
        out.add(reader.getIndex());
        out.add(reader.getLine());
        out.add(reader.getColumn());
        out.add(reader.getDocumentIndex());
        if (op == 4 && n % 3 == 0) {
            reader.resetDocumentIndex();
        }
        return out;
    }

    private static int mark(Mark m, Function<Mark, Integer> part) {
        return part.apply(m);
    }
}
