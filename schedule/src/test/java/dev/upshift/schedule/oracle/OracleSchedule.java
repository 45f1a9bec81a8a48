package dev.upshift.schedule.oracle;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * A maintenance schedule's allowed time as docs/schedules.md defines it, by brute force: the
 * range is cut at every start and end of every occurrence, and each piece is allowed when a
 * window covers it (or the schedule has no windows) and no exclusion that blocks the upgrade
 * does; allowed pieces that touch are joined.
 */
public record OracleSchedule(List<OracleSpan> windows, List<Exclusion> exclusions) {

    /** Exclusion scopes, from the table in docs/schedules.md. */
    public enum Scope { NO_UPGRADES, NO_MINOR_OR_NODE_UPGRADES, NO_MINOR_UPGRADES }

    /** Upgrades as exclusions tell them apart. */
    public enum Upgrade {
        /** A patch or configuration change that leaves nodes alone. */
        PATCH,
        /** A patch or configuration change that rolls or replaces nodes. */
        PATCH_CHANGING_NODES,
        /** A minor or major upgrade. */
        MINOR_OR_MAJOR;

        boolean blockedBy(Scope scope) {
            return switch (scope) {
                case NO_UPGRADES -> true;
                case NO_MINOR_OR_NODE_UPGRADES -> this != PATCH;
                case NO_MINOR_UPGRADES -> this == MINOR_OR_MAJOR;
            };
        }
    }

    public record Exclusion(OracleSpan span, Scope scope) {}

    /** The allowed time for an upgrade within {@code [from, to)}, clipped to it, in order. */
    public List<Stretch> allowed(Instant from, Instant to, Upgrade upgrade) {
        List<Stretch> open = new ArrayList<>();
        for (OracleSpan w : windows) {
            open.addAll(w.occurrences(from, to));
        }
        List<Stretch> blocked = new ArrayList<>();
        for (Exclusion x : exclusions) {
            if (upgrade.blockedBy(x.scope())) {
                blocked.addAll(x.span().occurrences(from, to));
            }
        }
        TreeSet<Instant> cutSet = new TreeSet<>(List.of(from, to));
        for (List<Stretch> list : List.of(open, blocked)) {
            for (Stretch s : list) {
                for (Instant t : List.of(s.start(), s.end())) {
                    if (t.isAfter(from) && t.isBefore(to)) {
                        cutSet.add(t);
                    }
                }
            }
        }
        List<Instant> cuts = List.copyOf(cutSet);
        int[] inWindow = coverage(cuts, open);
        int[] inExclusion = coverage(cuts, blocked);
        List<Stretch> out = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i++) {
            if ((windows.isEmpty() || inWindow[i] > 0) && inExclusion[i] == 0) {
                Stretch last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.end().equals(cuts.get(i))) {
                    out.set(out.size() - 1, new Stretch(last.start(), cuts.get(i + 1)));
                } else {
                    out.add(new Stretch(cuts.get(i), cuts.get(i + 1)));
                }
            }
        }
        return out;
    }

    /** How many stretches cover each piece {@code [cuts[i], cuts[i + 1])}. */
    private static int[] coverage(List<Instant> cuts, List<Stretch> stretches) {
        int[] change = new int[cuts.size() + 1];
        for (Stretch s : stretches) {
            change[firstAtOrAfter(cuts, s.start())]++;
            change[firstAtOrAfter(cuts, s.end())]--;
        }
        int[] count = new int[cuts.size()];
        int running = 0;
        for (int i = 0; i < cuts.size(); i++) {
            running += change[i];
            count[i] = running;
        }
        return count;
    }

    /** The index of the first cut at or after {@code t} (cuts.size() when none; the first when t is before all). */
    private static int firstAtOrAfter(List<Instant> cuts, Instant t) {
        int i = Collections.binarySearch(cuts, t);
        return i >= 0 ? i : -i - 1;
    }
}
