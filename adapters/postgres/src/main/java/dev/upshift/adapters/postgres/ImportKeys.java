package dev.upshift.adapters.postgres;

import dev.upshift.spi.HistoryEntry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Import keys: an imported entry is known by its content (the SHA-256 of its journal line) and its
 * place among the journal's entries of the same content ({@code #1}, {@code #2}, ...), so that the
 * same journal, or one that grew since, imports each entry once, and a version 1 journal and its
 * migration to version 2 (which hold the same entries) import the same rows.
 */
final class ImportKeys {
    private ImportKeys() {}

    static List<Rows.Row> rows(List<HistoryEntry> journal) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        Map<String, Integer> seen = new HashMap<>();
        List<Rows.Row> rows = new ArrayList<>(journal.size());
        for (HistoryEntry e : journal) {
            Rows.Row plain = Rows.Row.of(e, null);
            String digest = HexFormat.of().formatHex(sha256.digest(plain.line().getBytes(StandardCharsets.UTF_8)));
            int n = seen.merge(digest, 1, Integer::sum);
            rows.add(new Rows.Row(e, plain.line(), digest + "#" + n));
        }
        return rows;
    }

    /**
     * What clashed, for the message: the first entry whose once-only step the journal holds twice, or
     * the history holds from elsewhere.
     *
     * @param recorded per row, the row already recorded for its once-only step, if any
     */
    static String clash(List<Rows.Row> rows, List<Optional<Recorded>> recorded) {
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            HistoryEntry e = rows.get(i).entry();
            if (FencedWrites.once(e.step())) {
                Integer earlier = first.putIfAbsent(e.upgradeId() + "\u0000" + e.step(), i);
                if (earlier != null) {
                    return "entries " + (earlier + 1) + " and " + (i + 1) + " of the journal both record the "
                            + e.step() + " of upgrade " + e.upgradeId() + ", which is recorded once";
                }
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            Optional<Recorded> there = recorded.get(i);
            if (there.isPresent() && !rows.get(i).importKey().equals(there.get().importKey())) {
                HistoryEntry e = rows.get(i).entry();
                return "entry " + (i + 1) + " of the journal records the " + e.step() + " of upgrade " + e.upgradeId()
                        + ", which the history already holds from an engine of epoch " + there.get().epoch()
                        + "; an attempt's " + e.step() + " is recorded once";
            }
        }
        return "an entry records the start or publication of an attempt that the history holds already";
    }

    /** A row already recorded for an attempt's once-only step: its epoch, and its import key (null: an engine wrote it). */
    record Recorded(long epoch, String importKey) {}
}
