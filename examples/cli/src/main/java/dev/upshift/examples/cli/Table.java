package dev.upshift.examples.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with columns padded to their widest cell. */
final class Table {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    Table(List<String> header) {
        this.header = List.copyOf(header);
    }

    void add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(row));
    }

    String render() {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder s = new StringBuilder();
        line(s, header, width);
        for (List<String> r : rows) {
            line(s, r, width);
        }
        return s.toString();
    }

    private static void line(StringBuilder s, List<String> cells, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            l.append(cells.get(i));
            if (i < cells.size() - 1) {
                l.append(" ".repeat(width[i] - cells.get(i).length() + 2));
            }
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }
}
