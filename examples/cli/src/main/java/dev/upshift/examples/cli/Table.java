package dev.upshift.examples.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A plain-text table with columns padded to their widest cell, two spaces apart; optionally fitted
 * into a width by shortening columns step by step, their longer cells cut with an ellipsis (at the
 * end, or in the middle for names whose end tells them apart), never wrapped. Widths count code
 * points; control characters in cells are shown as spaces, so that a name or a message cannot
 * break a line or steer the terminal.
 */
final class Table {
    private static final String GAP = "  ";
    private static final String ELLIPSIS = "…";

    /** One step of fitting: shorten {@code column}, as far as needed, but not below {@code floor} (at least 2). */
    record Shrink(int column, int floor) {}

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final Set<Integer> cutInMiddle = new HashSet<>();

    Table(List<String> header) {
        this.header = List.copyOf(header);
    }

    /** Cells of this column that are too long lose their middle, not their end. */
    Table cutInMiddle(int column) {
        cutInMiddle.add(column);
        return this;
    }

    void add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
        }
        rows.add(row.stream().map(Table::printable).toList());
    }

    String render() {
        return render(Integer.MAX_VALUE, List.of());
    }

    /**
     * The table in at most {@code maxWidth} columns where the steps allow: each step in turn shortens
     * its column until the table fits or the column reaches its floor. When every step is done the
     * table is as narrow as it gets.
     */
    String render(int maxWidth, List<Shrink> steps) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = length(header.get(i));
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], length(r.get(i)));
            }
        }
        int total = Arrays.stream(width).sum() + GAP.length() * (width.length - 1);
        for (Shrink step : steps) {
            if (total <= maxWidth) {
                break;
            }
            int floor = Math.max(step.floor(), 2);
            int cut = Math.min(total - maxWidth, Math.max(0, width[step.column()] - floor));
            width[step.column()] -= cut;
            total -= cut;
        }
        StringBuilder s = new StringBuilder();
        line(s, header, width);
        for (List<String> r : rows) {
            line(s, r, width);
        }
        return s.toString();
    }

    private void line(StringBuilder s, List<String> cells, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cutInMiddle.contains(i) ? fitMiddle(cells.get(i), width[i]) : fit(cells.get(i), width[i]);
            l.append(cell);
            if (i < cells.size() - 1) {
                l.append(" ".repeat(width[i] - length(cell))).append(GAP);
            }
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }

    /** The cell cut to {@code width} code points, its last one an ellipsis when it was cut. */
    static String fit(String cell, int width) {
        if (length(cell) <= width) {
            return cell;
        }
        return cell.substring(0, cell.offsetByCodePoints(0, width - 1)) + ELLIPSIS;
    }

    /** The cell cut to {@code width} code points by an ellipsis in its middle: {@code prod-eu…ments-2}. */
    static String fitMiddle(String cell, int width) {
        int length = length(cell);
        if (length <= width) {
            return cell;
        }
        int tail = (width - 1) / 2;
        int head = width - 1 - tail;
        return cell.substring(0, cell.offsetByCodePoints(0, head)) + ELLIPSIS
                + cell.substring(cell.offsetByCodePoints(0, length - tail));
    }

    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    static String printable(String cell) {
        StringBuilder out = new StringBuilder(cell.length());
        cell.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return out.toString();
    }
}
