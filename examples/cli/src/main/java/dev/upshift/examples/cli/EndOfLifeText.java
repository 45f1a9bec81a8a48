package dev.upshift.examples.cli;

import dev.upshift.common.value.Durations;
import dev.upshift.core.simulate.EndOfLife;
import dev.upshift.core.simulate.EndOfLifeChange;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.EndOfLifeMiss;
import dev.upshift.core.simulate.ReleaseEndOfLife;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** {@code simulate}'s end-of-life section as text: per release, the clusters that miss it, why, and what would help. */
final class EndOfLifeText {
    private EndOfLifeText() {}

    static String render(EndOfLifeForecast eol) {
        StringBuilder s = new StringBuilder("\nEnd of life by ").append(when(eol.horizon())).append(" (")
                .append(EndOfLife.NEAR.toDays() / 7).append(" weeks after the range):");
        if (eol.releases().isEmpty() && eol.unexamined().isEmpty()) {
            return s.append(" no release a cluster runs is past it\n").toString();
        }
        s.append('\n');
        for (ReleaseEndOfLife r : eol.releases()) {
            release(r, s);
        }
        if (!eol.unexamined().isEmpty()) {
            s.append("not examined: ").append(String.join(", ", eol.unexamined().stream().map(Object::toString).toList()))
                    .append(" (no simulation left to reach their day)\n");
        }
        if (eol.exhausted()) {
            s.append("(the search stopped after ").append(Plural.count(eol.simulations(), "simulation"))
                    .append("; other changes may help too)\n");
        }
        return s.toString();
    }

    /** The day alone when the instant is its start (UTC), else the instant. */
    private static String when(Instant t) {
        LocalDate day = LocalDate.ofInstant(t, ZoneOffset.UTC);
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().equals(t) ? day.toString() : t.toString();
    }

    private static void release(ReleaseEndOfLife r, StringBuilder s) {
        LocalDate day = LocalDate.ofInstant(r.past(), ZoneOffset.UTC);
        s.append(r.release()).append(" (supported until ").append(r.endOfLife()).append("): ");
        if (r.misses().isEmpty()) {
            s.append(r.ran() == 1 ? "its 1 cluster leaves" : "all " + r.ran() + " clusters leave").append(" it in time\n");
            return;
        }
        s.append(r.misses().size()).append(" of ").append(Plural.count(r.ran(), "cluster"))
                .append(" would").append(" still run it on ").append(day).append('\n');
        int width = 0;
        for (EndOfLifeMiss m : r.misses()) {
            width = Math.max(width, Table.length(Table.printable(m.cluster())));
        }
        List<String> lines = new ArrayList<>();
        for (EndOfLifeMiss m : r.misses()) {
            String name = Table.printable(m.cluster());
            lines.add("  " + name + " ".repeat(width - Table.length(name)) + "  " + m.state().word() + ": "
                    + m.cause().phrase() + m.reason().map(x -> " (" + x.code()
                            + m.held().map(h -> " " + Durations.approximate(h)).orElse("") + ")").orElse("")
                    + (m.suggestions().isEmpty() ? "" : m.suggestions().size() == 1 ? "; in time with:"
                            : "; in time with any one of:"));
            for (EndOfLifeChange c : m.suggestions()) {
                lines.add("    " + Table.printable(c.text()));
            }
        }
        lines.forEach(l -> s.append(l).append('\n'));
    }
}
