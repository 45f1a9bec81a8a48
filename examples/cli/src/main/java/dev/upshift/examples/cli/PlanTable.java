package dev.upshift.examples.cli;

import dev.upshift.common.value.Durations;
import dev.upshift.core.fleet.UnreadDocument;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A plan as the table {@code upshift plan} and {@code upshift demo} print: one row a cluster, by
 * upgrade (by name), then stage in the upgrade's order, then id (clusters no upgrade plans last),
 * then a summary line.
 */
final class PlanTable {
    /** The widest a plan table gets (terminals and change reviews). */
    static final int WIDTH = 100;
    /** What the FORECAST column takes: {@code 12-18 07:00} and the two spaces before it. */
    static final int FORECAST_WIDTH = 13;
    /** What the HOP column takes: {@code HOP} and the two spaces before it. */
    static final int HOP_WIDTH = 5;
    /** At most this many clusters are named on a summary line. */
    private static final int LISTED = 5;
    private static final List<String> HEADER =
            List.of("CLUSTER", "FROM", "TO", "KIND", "STAGE", "STATE", "WINDOW", "REASON");
    private static final int CLUSTER = 0;
    private static final int FROM = 1;
    private static final int TO = 2;
    private static final int KIND = 3;
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

    /** The table and the summary line, rows by upgrade, stage and id. */
    static String render(Plan plan, List<ClusterUpgrade> upgrades) {
        return render(plan, upgrades, Optional.empty());
    }

    /**
     * The table with a {@code FORECAST} column (when each cluster starts in the simulation) when one
     * is given, and a {@code HOP} column ({@code 1/2}: the next hop, of how many) when some cluster's
     * path has several hops; each widens the table rather than cutting the clusters' names.
     */
    static String render(Plan plan, List<ClusterUpgrade> upgrades, Optional<Simulation> forecasts) {
        boolean hops = plan.entries().stream().anyMatch(e -> e.hops().size() > 1);
        List<String> header = new ArrayList<>(HEADER);
        if (hops) {
            header.add(KIND, "HOP");
        }
        forecasts.ifPresent(f -> header.add("FORECAST"));
        Map<String, Forecast> all = forecasts.map(Forecast::all).orElse(Map.of());
        Table table = new Table(header).cutInMiddle(CLUSTER).cutInMiddle(STAGE + (hops ? 1 : 0));
        for (PlanEntry e : sorted(plan, upgrades)) {
            List<String> row = new ArrayList<>(List.of(e.cluster(), e.from().toString(),
                    e.to().map(Version::toString).orElse("-"), e.kind().map(PlanKind::word).orElse("-"), stage(e),
                    e.state().word(), e.window().map(w -> start(w, plan.now())).orElse("-"), reason(e)));
            if (hops) {
                row.add(KIND, e.hops().isEmpty() ? "-" : "1/" + e.hops().size());
            }
            forecasts.ifPresent(f -> row.add(Optional.ofNullable(all.get(e.cluster())).flatMap(Forecast::start)
                    .map(t -> start(new Interval(t, Optional.empty()), plan.now())).orElse("-")));
            table.add(row);
        }
        for (UnreadDocument u : plan.unreadClusters()) {
            // a cluster whose document cannot be read has no entry: a row says so, rather than that it is not there
            List<String> row = new ArrayList<>(List.of(u.name(), "-", "-", "-", "-", "unreadable", "-",
                    ReasonCodes.UNREADABLE_CLUSTER));
            if (hops) {
                row.add(KIND, "-");
            }
            forecasts.ifPresent(f -> row.add("-"));
            table.add(row);
        }
        int width = WIDTH + (forecasts.isPresent() ? FORECAST_WIDTH : 0) + (hops ? HOP_WIDTH : 0);
        return table.render(width, hops ? shifted(FIT) : FIT) + summary(plan) + "\n";
    }

    /** The rows' order: by upgrade name, then stage in the upgrade's order, then id; entries of no upgrade last. */
    static List<PlanEntry> sorted(Plan plan, List<ClusterUpgrade> upgrades) {
        Map<String, List<String>> stages = new HashMap<>();
        for (ClusterUpgrade u : upgrades) {
            stages.putIfAbsent(u.name(), u.stages().stream().map(Stage::name).toList());
        }
        Comparator<PlanEntry> order = Comparator.comparing((PlanEntry e) -> e.upgrade().isEmpty())
                .thenComparing(e -> e.upgrade().orElse(""))
                .thenComparingInt(e -> stageIndex(stages.getOrDefault(e.upgrade().orElse(""), List.of()), e.stage()))
                .thenComparing(e -> e.stage().orElse(""))
                .thenComparing(PlanEntry::cluster);
        return plan.entries().stream().sorted(order).toList();
    }

    private static int stageIndex(List<String> declared, Optional<String> stage) {
        int i = stage.map(declared::indexOf).orElse(-1);
        return i < 0 ? declared.size() : i;
    }

    /** The fitting steps for a table with a HOP column before KIND: every column from KIND on one further right. */
    private static List<Table.Shrink> shifted(List<Table.Shrink> steps) {
        return steps.stream().map(s -> s.column() >= KIND ? new Table.Shrink(s.column() + 1, s.floor()) : s).toList();
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
        List<String> paths = plan.entries().stream().filter(e -> e.hops().size() > 1)
                .map(e -> "  " + e.cluster() + " " + e.from() + e.path().stream().map(v -> " → " + v)
                        .reduce("", String::concat) + ", hop 1 of " + e.hops().size())
                .toList();
        int unread = plan.unreadClusters().size();
        if (unread > 0) {
            counts.add(unread + " unreadable");
        }
        return Plural.count(plan.entries().size() + unread, "cluster") + " at " + plan.now()
                + (counts.isEmpty() ? "" : ": " + String.join(", ", counts))
                + (pastEndOfLife == 0 ? "" : "\n" + Plural.count((int) pastEndOfLife, "cluster")
                        + " on a release past its end of life")
                + (overruns.isEmpty() ? "" : "\n" + Plural.count(overruns.size(), "cluster") + " expected to run past"
                        + " the window (startWithin): " + listed(overruns))
                + (paths.isEmpty() ? "" : "\n" + Plural.count(paths.size(), "cluster") + " go"
                        + (paths.size() == 1 ? "es" : "") + " by several hops, each in a window of its own (WINDOW is the"
                        + " next hop's):\n" + String.join("\n", paths.size() <= LISTED ? paths : paths.subList(0, LISTED))
                        + (paths.size() <= LISTED ? "" : "\n  and " + (paths.size() - LISTED) + " more"))
                + (unread == 0 ? "" : "\n" + Plural.count(unread, "cluster") + " could not be read and "
                        + (unread == 1 ? "is" : "are") + " not planned until fixed (" + ReasonCodes.UNREADABLE_CLUSTER
                        + "; the errors are among the problems)")
                + (incomplete == 0 ? "" : "\nthe plan is incomplete: " + Plural.count((int) incomplete, "cluster")
                        + (incomplete == 1 ? " depends" : " depend") + " on a ClusterUpgrade that could not be read ("
                        + ReasonCodes.UNREADABLE_UPGRADE + "; its error is among the problems)");
    }

    /** At most {@link #LISTED} items, then how many more. */
    private static String listed(List<String> items) {
        return String.join(", ", items.size() <= LISTED ? items : items.subList(0, LISTED))
                + (items.size() <= LISTED ? "" : " and " + (items.size() - LISTED) + " more");
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

    /**
     * The first reason's code (the one to lift first); else the first reason of a later hop, with
     * its hop ({@code REMOVED_API@2}: readiness blocks hop 2); else {@code -}. {@code explain} has
     * every reason whole.
     */
    static String reason(PlanEntry e) {
        if (!e.reasons().isEmpty()) {
            return e.reasons().get(0).code();
        }
        for (int k = 1; k < e.hops().size(); k++) {
            if (!e.hops().get(k).reasons().isEmpty() && e.hops().get(k).window().isEmpty()) {
                return e.hops().get(k).reasons().get(0).code() + "@" + (k + 1);
            }
        }
        return "-";
    }
}
