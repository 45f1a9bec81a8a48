package dev.upshift.examples.cli;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.present.HtmlReport;
import dev.upshift.core.present.IcsSimulation;
import dev.upshift.core.present.SimulationJson;
import dev.upshift.core.simulate.EndOfLife;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "simulate", sortOptions = false,
        header = "Simulates the rollout: when each cluster would upgrade",
        description = {"Plans the fleet at --from, starts what the plan allows, lets each upgrade take its expected"
                + " duration, and goes on from one instant at which something can happen to the next until every"
                + " cluster is done or --until. Prints when each cluster upgraded, how it ended and what held it back"
                + " longest, then which clusters would still run a release past its end of life and what one change"
                + " would bring them off it in time; --html writes a report to open in a browser.",
            "Exit 0 on success, 1 when an input is wrong (the problems go to stderr; the rest of the fleet is still"
                + " simulated), 2 on wrong usage."})
final class SimulateCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    Main main;

    /** The widest a text line gets. */
    static final int WIDTH = 100;
    /** What {@code , hop 1 of 2} after a cluster's times may take beyond {@link #WIDTH}. */
    static final int HOPS_WIDTH = 14;

    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", required = true, paramLabel = "DIR",
            description = "the fleet folder: clusters, releases, schedules and upgrades, in any layout")
    Path fleet;

    @CommandLine.Mixin
    RecordedHistory history;

    @Option(names = "--from", required = true, paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "where the simulation starts, and the instant of the first plan (RFC 3339, or a date meaning 00:00Z)")
    Instant from;

    /** How far a simulation looks when {@code --until} is left out: eight weeks, a quarter's rollout. */
    static final Duration DEFAULT_LENGTH = Duration.ofDays(56);

    @Option(names = "--until", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "where it stops at the latest (default: eight weeks after --from)")
    Instant until;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the report as one self-contained HTML page")
    Path html;

    @Option(names = "--ics", paramLabel = "FILE", description = "also write the upgrades as an iCalendar file (RFC 5545)"
            + " to import into, or subscribe to from, a calendar")
    Path ics;

    @Option(names = "--output", defaultValue = "text", paramLabel = "text|json", description = "text (default) or json")
    Output output;

    @Option(names = "--approval-delay", defaultValue = "4h", paramLabel = "D|never",
            description = "how long after a stage's approval gate is reached a person is assumed to approve it, moved"
                    + " into business hours (Monday to Friday, 09:00 to 17:00 UTC); never: gates hold (default 4h)")
    String approvalDelay;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N", description = "chooses which upgrades fail (default 0)")
    long seed;

    @Option(names = "--failure-rate", defaultValue = "0", paramLabel = "R",
            description = "the share of upgrades that fail, from 0 (default) to 1")
    double failureRate;

    @Option(names = "--end-of-life-simulations", defaultValue = "32", paramLabel = "N",
            description = "how many more simulations the end-of-life section may run (default 32, 0 to 1000)")
    int endOfLifeSimulations;

    /** The most {@code --end-of-life-simulations} may ask for. */
    static final int MAX_END_OF_LIFE_SIMULATIONS = 1000;

    private java.util.Optional<java.time.Duration> approvalDelay(CommandLine cl) {
        if (approvalDelay.equals("never")) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(dev.upshift.common.value.Durations.parse(approvalDelay));
        } catch (RuntimeException e) {
            throw new CommandLine.ParameterException(cl, "--approval-delay is a duration such as 4h or PT30M, or never;"
                    + " not '" + approvalDelay + "'");
        }
    }

    @Override
    public Integer call() {
        if (until == null) {
            until = from.plus(DEFAULT_LENGTH);
        }
        if (!until.isAfter(from)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--until " + until + " must be after --from " + from);
        }
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--failure-rate must be a number from 0 to 1, got "
                            + spec.commandLine().getParseResult().matchedOption("--failure-rate").stringValues().get(0));
        }
        if (endOfLifeSimulations < 0 || endOfLifeSimulations > MAX_END_OF_LIFE_SIMULATIONS) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--end-of-life-simulations must be a number"
                    + " from 0 to " + MAX_END_OF_LIFE_SIMULATIONS + ", got " + endOfLifeSimulations);
        }
        PrintWriter err = spec.commandLine().getErr();
        PreparedFleet prepared = main.planner().prepare(Fleets.read(fleet, () -> history.read(spec.commandLine(), fleet,
                null)));
        boolean errors = Fleets.print(prepared.problems(), err);
        SimulationSettings settings = SimulationSettings.between(from, until).withSeed(seed).withFailureRate(failureRate)
                .withApprovalDelay(approvalDelay(spec.commandLine()));
        Simulation sim = Simulator.run(prepared, settings);
        EndOfLifeForecast eol = EndOfLife.forecast(prepared, sim, EndOfLife.NEAR, endOfLifeSimulations);
        if (html != null) {
            writeHtml(sim, eol);
            err.println("upshift: wrote the HTML report to " + html);
            err.flush();
        }
        if (ics != null) {
            write(ics, IcsSimulation.render(sim));
            err.println("upshift: wrote the calendar to " + ics);
            err.flush();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output == Output.json) {
            out.print(SimulationJson.render(sim, eol));
        } else {
            out.print(text(sim));
            out.print(EndOfLifeText.render(eol));
        }
        out.flush();
        return errors ? Main.PROBLEM : Main.OK;
    }

    private void writeHtml(Simulation sim, EndOfLifeForecast eol) {
        try (Writer w = Files.newBufferedWriter(html, StandardCharsets.UTF_8)) {
            HtmlReport.titled(title()).withEndOfLife(eol).write(sim, w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private String title() {
        Path name = fleet.toAbsolutePath().normalize().getFileName();
        return name == null ? fleet.toString() : name.toString();
    }

    /**
     * The table (one row per cluster, at most {@value #WIDTH} columns, {@value #HOPS_WIDTH} more when a path of
     * several hops ran: {@code , 2 hops} after its times) and the one-line summary.
     */
    static String text(Simulation sim) {
        List<List<String>> rows = new ArrayList<>();
        for (SimulatedCluster c : sim.clusters()) {
            rows.add(List.of(clip(c.cluster(), 36), upgraded(c), c.outcome().word(), c.longestHold()
                    .map(h -> h.code() + " " + Durations.approximate(h.total())).orElse("-")));
        }
        List<String> header = List.of("CLUSTER", "UPGRADED (UTC)", "OUTCOME", "HELD BACK LONGEST");
        int fixed = 0;
        for (int col = 0; col < 3; col++) {
            int w = header.get(col).length();
            for (List<String> r : rows) {
                w = Math.max(w, r.get(col).length());
            }
            fixed += w + 2;
        }
        boolean hops = sim.clusters().stream().anyMatch(c -> c.upgrades().stream().anyMatch(u -> u.hops() > 1));
        int room = Math.max(12, WIDTH + (hops ? HOPS_WIDTH : 0) - fixed);
        Table table = new Table(header);
        for (List<String> r : rows) {
            table.add(List.of(r.get(0), r.get(1), r.get(2), clip(r.get(3), room)));
        }
        return table.render() + summary(sim) + "\n";
    }

    static String summary(Simulation sim) {
        Simulation.Summary s = sim.summary();
        StringBuilder line = new StringBuilder(Plural.count(s.clusters(), "cluster")).append(": ").append(s.upgraded())
                .append(" upgraded, ").append(s.failed()).append(" failed, ").append(s.neverStarted())
                .append(" never started");
        if (s.inProgress() > 0) {
            line.append(", ").append(s.inProgress()).append(" still upgrading at ").append(sim.settings().until());
        }
        line.append("; ").append(s.lastFinish().map(t -> "the last upgrade finished at " + t)
                .orElse("no upgrade finished"));
        return line.toString();
    }

    private static String upgraded(SimulatedCluster c) {
        if (c.upgrades().isEmpty()) {
            return "-";
        }
        SimulatedUpgrade first = c.upgrades().get(0);
        SimulatedUpgrade last = c.upgrades().get(c.upgrades().size() - 1);
        LocalDateTime a = LocalDateTime.ofInstant(first.start(), ZoneOffset.UTC);
        LocalDateTime b = LocalDateTime.ofInstant(last.end(), ZoneOffset.UTC);
        String end;
        if (a.toLocalDate().equals(b.toLocalDate())) {
            end = String.format(Locale.ROOT, "%02d:%02d", b.getHour(), b.getMinute());
        } else if (a.getYear() == b.getYear()) {
            end = String.format(Locale.ROOT, "%02d-%02d %02d:%02d", b.getMonthValue(), b.getDayOfMonth(), b.getHour(),
                    b.getMinute());
        } else {
            end = minute(b);
        }
        return minute(a) + " → " + end + (last.finished() ? "" : "?") + hops(last);
    }

    /** {@code , 2 hops} when a path of several hops got to its end; {@code , hop 1 of 2} where it stopped. */
    private static String hops(SimulatedUpgrade last) {
        if (last.hops() < 2) {
            return "";
        }
        return last.lastHop() && last.outcome() == UpgradeState.SUCCEEDED ? ", " + last.hops() + " hops"
                : ", hop " + last.hop() + " of " + last.hops();
    }

    private static String minute(LocalDateTime t) {
        return String.format(Locale.ROOT, "%04d-%02d-%02d %02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute());
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
