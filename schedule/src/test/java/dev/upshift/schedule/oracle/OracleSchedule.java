package dev.upshift.schedule.oracle;

import java.time.Instant;
import java.util.ArrayList;
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
        TreeSet<Instant> cuts = new TreeSet<>(List.of(from, to));
        for (List<Stretch> list : List.of(open, blocked)) {
            for (Stretch s : list) {
                for (Instant t : List.of(s.start(), s.end())) {
                    if (t.isAfter(from) && t.isBefore(to)) {
                        cuts.add(t);
                    }
                }
            }
        }
        List<Stretch> out = new ArrayList<>();
        Instant previous = null;
        for (Instant cut : cuts) {
            if (previous != null && allowedAt(previous, open, blocked)) {
                Stretch last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.end().equals(previous)) {
                    out.set(out.size() - 1, new Stretch(last.start(), cut));
                } else {
                    out.add(new Stretch(previous, cut));
                }
            }
            previous = cut;
        }
        return out;
    }

    private boolean allowedAt(Instant t, List<Stretch> open, List<Stretch> blocked) {
        boolean inWindow = windows.isEmpty() || open.stream().anyMatch(s -> s.covers(t));
        return inWindow && blocked.stream().noneMatch(s -> s.covers(t));
    }
}
