package dev.upshift.testkit.assertions;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.HistoryEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** How the assertions say things: in the domain's words, never as an object dump. */
final class Describe {
    private Describe() {}

    /** The plan's explanation of an entry, indented, as {@code upshift explain} prints it. */
    static String explanation(PlanEntry e, Instant now) {
        return Explanation.of(e, now).lines().stream().map(l -> "  " + l).collect(Collectors.joining("\n"));
    }

    static String duration(Duration d) {
        return d.isNegative() ? "-" + Durations.approximate(d.negated()) : Durations.approximate(d);
    }

    static String entries(List<HistoryEntry> entries) {
        if (entries.isEmpty()) {
            return "  (no entries)";
        }
        return entries.stream().map(e -> "  " + e.at() + " " + e.step() + " " + e.from() + " → " + e.to() + " "
                + e.upgradeId() + (e.reasons().isEmpty() ? "" : " " + e.reasons().get(0).code()))
                .collect(Collectors.joining("\n"));
    }

    /** A cluster-id pattern: {@code *} stands for any text, everything else for itself. */
    static Pattern glob(String pattern) {
        return Pattern.compile(java.util.Arrays.stream(pattern.split("\\*", -1)).map(Pattern::quote)
                .collect(Collectors.joining(".*")));
    }
}
