package dev.upshift.examples.cli;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** A plan as the table {@code upshift plan} and {@code upshift demo} print: one row a cluster, then a summary line. */
final class PlanTable {
    /** The widest a plan table gets (terminals and change reviews). */
    static final int WIDTH = 100;
    /** What the FORECAST column takes: {@code 12-18 07:00} and the two spaces before it. */
    static final int FORECAST_WIDTH = 13;
    /** At most this many clusters are named on a summary line. */
    private static final int LISTED = 5;
    private static final List<String> HEADER =
            List.of("CLUSTER", "FROM", "TO", "KIND", "STAGE", "STATE", "WINDOW", "REASON");
    private static final int CLUSTER = 0;
    private static final int FROM = 1;
    private static final int TO = 2;
    private static final int STAGE = 4;
    private static final int REASON = 7;
    /**
     * How the table gives way when it is too wide: long reasons and stages first, the longest
     * cluster names a little, then reasons (explain has them whole), versions, and cluster names last. Kinds, states and window starts are never cut. At
     * the last floors the table is 12 + 8 + 8 + 6 + 8 + 10 + 11 + 10 + 7 gaps of 2 = 87 wide.
     */
    private static final List<Table.Shrink> FIT = List.of(
            new Table.Shrink(REASON, 30), new Table.Shrink(STAGE, 18), new Table.Shrink(CLUSTER, 21),
            new Table.Shrink(REASON, 20),
            new Table.Shrink(FROM, 10), new Table.Shrink(TO, 10), new Table.Shrink(STAGE, 14),
            new Table.Shrink(CLUSTER, 24), new Table.Shrink(REASON, 14), new Table.Shrink(STAGE, 10),
            new Table.Shrink(CLUSTER, 12), new Table.Shrink(FROM, 8), new Table.Shrink(TO, 8),
            new Table.Shrink(STAGE, 8), new Table.Shrink(REASON, 10));
    private static final DateTimeFormatter THIS_YEAR =
            DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter OTHER_YEAR =
            DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    private PlanTable() {}

    /** The table and the summary line. */
    static String render(Plan plan) {
        return render(plan, Optional.empty());
    }

    /** The table with a {@code FORECAST} column (when each cluster starts in the simulation) when one is given. */
    static String render(Plan plan, Optional<Simulation> forecasts) {
        List<String> header = new ArrayList<>(HEADER);
        forecasts.ifPresent(f -> header.add("FORECAST"));
        Map<String, Forecast> all = forecasts.map(Forecast::all).orElse(Map.of());
        Table table = new Table(header).cutInMiddle(CLUSTER).cutInMiddle(STAGE);
        for (PlanEntry e : plan.entries()) {
            List<String> row = new ArrayList<>(List.of(e.cluster(), e.from().toString(),
                    e.to().map(Version::toString).orElse("-"), e.kind().map(PlanKind::word).orElse("-"), stage(e),
                    e.state().word(), e.window().map(w -> start(w, plan.now())).orElse("-"), reason(e)));
            forecasts.ifPresent(f -> row.add(Optional.ofNullable(all.get(e.cluster())).flatMap(Forecast::start)
                    .map(t -> start(new Interval(t, Optional.empty()), plan.now())).orElse("-")));
            table.add(row);
        }
        // the forecast is a column asked for: it widens the table rather than cutting the clusters' names
        return table.render(forecasts.isPresent() ? WIDTH + FORECAST_WIDTH : WIDTH, FIT) + summary(plan) + "\n";
    }

    /** {@code 5 clusters at 2026-12-14T09:00:00Z: 2 ready, 1 blocked, 2 upToDate}: the states that occur, in order; then, on a line of its own, how many run a release past its end of life. */
    static String summary(Plan plan) {
        List<String> counts = new ArrayList<>();
        for (Map.Entry<UpgradeState, Integer> c : plan.counts().entrySet()) {
            if (c.getValue() > 0) {
                counts.add(c.getValue() + " " + c.getKey().word());
            }
        }
        long pastEndOfLife = plan.entries().stream().filter(e -> e.endOfLife().isPresent()).count();
        long incomplete = plan.entries().stream().filter(e -> e.hasReason(ReasonCodes.UNREADABLE_UPGRADE)).count();
        List<String> overruns = plan.entries().stream().filter(e -> e.overrun().isPresent())
                .map(e -> e.cluster() + " by " + Durations.format(e.overrun().get())).toList();
        return Plural.count(plan.entries().size(), "cluster") + " at " + plan.now()
                + (counts.isEmpty() ? "" : ": " + String.join(", ", counts))
                + (pastEndOfLife == 0 ? "" : "\n" + Plural.count((int) pastEndOfLife, "cluster")
                        + " on a release past its end of life")
                + (overruns.isEmpty() ? "" : "\n" + Plural.count(overruns.size(), "cluster") + " expected to run past"
                        + " the window (startWithin): " + String.join(", ", overruns.size() <= LISTED ? overruns
                                : overruns.subList(0, LISTED)) + (overruns.size() <= LISTED ? ""
                                        : " and " + (overruns.size() - LISTED) + " more"))
                + (incomplete == 0 ? "" : "\nthe plan is incomplete: " + Plural.count((int) incomplete, "cluster")
                        + (incomplete == 1 ? " depends" : " depend") + " on a ClusterUpgrade that could not be read ("
                        + ReasonCodes.UNREADABLE_UPGRADE + "; its error is among the problems)");
    }

    /** The stage's name ({@code all} when the upgrade names none), or {@code -}: the upgrade's name is in {@code explain} and the JSON. */
    static String stage(PlanEntry e) {
        return e.upgrade().isEmpty() ? "-" : e.stage().orElse("-");
    }

    /**
     * When the window starts, in UTC (11 columns at most): {@code now} when it is open at the plan's instant,
     * {@code 12-14 22:00} in the plan's year, the day ({@code 2027-01-04}) in another.
     */
    static String start(Interval window, Instant now) {
        Instant start = window.start();
        if (!start.isAfter(now)) {
            return "now";
        }
        boolean sameYear = start.atOffset(ZoneOffset.UTC).getYear() == now.atOffset(ZoneOffset.UTC).getYear();
        return (sameYear ? THIS_YEAR : OTHER_YEAR).format(start);
    }

    /** The first reason's code (the one to lift first), or {@code -}; {@code explain} has every reason whole. */
    static String reason(PlanEntry e) {
        return e.reasons().isEmpty() ? "-" : e.reasons().get(0).code();
    }
}
