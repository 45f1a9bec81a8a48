package dev.upshift.examples.cli;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.present.HtmlReport;
import dev.upshift.core.simulate.EndOfLife;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.SimulationStep;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.release.Version;
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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "demo", header = "Runs the main job on the embedded demo fleet",
        description = {"Runs the main job on the demo fleet embedded in the CLI (a copy of examples/fleet): plans"
                + " every cluster at an instant, prints the plan table, explains the first blocked cluster and the first"
                + " that a maintenance exclusion holds back, simulates the rollout over the next " + DemoCommand.WEEKS
                + " weeks and writes it as an HTML report.",
            "Exit 0 when the demo ran (blocked clusters are part of the show), 1 when the demo fleet has an error."})
final class DemoCommand implements Callable<Integer> {
    /** The instant the demo plans at unless told otherwise: a Monday morning before the year-end exclusions. */
    static final Instant DEMO_NOW = Instant.parse("2026-12-14T09:00:00Z");
    /** How far the demo simulates the rollout. */
    static final int WEEKS = 9;
    /** The simulation's seeded failure rate: high enough that the demo shows a failed upgrade. */
    static final double FAILURE_RATE = 0.1;
    /** Where the demo fleet's files are in the repository, for the commands the demo suggests. */
    private static final String FILES = "examples/fleet";
    private static final String READINESS = "examples/readiness";

    @Spec
    CommandSpec spec;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant to plan at (RFC 3339, or a date for its midnight UTC); default: 2026-12-14T09:00:00Z")
    Instant now;

    @Option(names = "--html", paramLabel = "FILE",
            description = "where to write the HTML report; default: report.html in the run's own folder"
                    + " (upshift-demo-<random> in the system's temporary folder)")
    Path html;

    @Option(names = "--git", description = "instead: commit the demo fleet into a fresh local GitOps repository,"
            + " publish its first wave there as one commit per upgrade, and show git log and git show --stat")
    boolean git;

    @Override
    public Integer call() {
        if (git) {
            return DemoGit.run(DemoFleet.root(), now != null ? now : DEMO_NOW, spec.commandLine().getOut());
        }
        Path folder = DemoFolder.create();
        Path report = html != null ? html : folder.resolve("report.html");
        return run(DemoFleet.root(), now != null ? now : DEMO_NOW, folder, report, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /**
     * Readiness on the small fleet of examples/readiness: the cluster two hops from its target whose
     * second hop crosses Kubernetes 1.25, which no longer serves its CronJob's API.
     */
    private static void readiness(Path fleet, Instant at, PrintWriter out) {
        Plan plan = Planner.standard().plan(Fleets.read(fleet), at);
        plan.entries().stream().filter(e -> e.hops().size() > 1 && !PlanTable.reason(e).equals("-")).findFirst()
                .ifPresent(e -> {
                    out.println();
                    out.println("Which hop would break " + e.cluster() + "? (readiness, on a copy of " + READINESS + ")");
                    plan.explain(e.cluster()).orElseThrow().lines().forEach(out::println);
                });
    }

    /** The demo on a fleet folder at an instant (the embedded fleet unless a test gives another). */
    static int run(Path fleet, Instant at, Path folder, Path report, PrintWriter out, PrintWriter err) {
        PlanInput input = Fleets.read(fleet);
        Plan plan = Planner.standard().plan(input, at);
        // the demo fleet's one warning (two upgrades claim a cluster) is on purpose: its plan shows it blocked
        boolean errors = Fleets.print(plan.problems().stream().filter(dev.upshift.common.problem.Problem::isError).toList(), err);
        out.println("The demo fleet (a copy of " + FILES + "): " + Plural.count(input.clusters().size(), "cluster") + ", "
                + Plural.count(input.catalog().size(), "release") + ", "
                + Plural.count(input.schedules().size(), "schedule") + ", "
                + Plural.count(input.upgrades().size(), "upgrade") + ".");
        out.println("Its plan at " + at + ":");
        out.println();
        out.print(PlanTable.render(plan, input.upgrades()));
        Optional<PlanEntry> blocked = plan.inState(UpgradeState.BLOCKED).stream().findFirst();
        out.println();
        if (blocked.isPresent()) {
            out.println("Why is " + blocked.get().cluster() + " blocked?");
            plan.explain(blocked.get().cluster()).orElseThrow().lines().forEach(out::println);
        } else {
            out.println("No cluster is blocked.");
        }
        Optional<PlanEntry> drifted = drifted(plan).filter(e -> !e.equals(blocked.orElse(null)));
        drifted.ifPresent(e -> {
            out.println();
            out.println("Why is " + e.cluster() + " " + e.state().word() + "? It has drifted from its release:");
            plan.explain(e.cluster()).orElseThrow().lines().forEach(out::println);
        });
        Optional<PlanEntry> excluded = excluded(plan, input);
        excluded.ifPresent(e -> {
            out.println();
            out.println("Why does " + e.cluster() + " wait until " + e.window().orElseThrow().start() + "?");
            plan.explain(e.cluster()).orElseThrow().lines().forEach(out::println);
        });
        // the readiness fleet goes with the embedded demo fleet only, not with a fleet a test hands in
        Optional<Path> readiness = fleet.equals(DemoFleet.root()) ? DemoFleet.readiness() : Optional.empty();
        readiness.ifPresent(r -> readiness(r, at, out));
        PreparedFleet prepared = Planner.standard().prepare(input);
        Simulation sim = Simulator.run(prepared,
                SimulationSettings.between(at, at.plus(Duration.ofDays(7L * WEEKS))).withFailureRate(FAILURE_RATE));
        out.println();
        out.println("Simulated rollout over " + WEEKS + " weeks (seeded failures at " + Math.round(FAILURE_RATE * 100)
                + "%): " + SimulateCommand.summary(sim));
        busiest(sim).ifPresent(step -> out.println("On " + step.at() + ", mid-rollout: " + counts(step.counts())));
        writeReport(sim, EndOfLife.forecast(prepared, sim), report);
        out.println("HTML report (timeline per stage and cluster, and the plan): " + report.toAbsolutePath());
        Path copy = DemoTimeLapse.run(fleet, folder.resolve("fleet"), at, FAILURE_RATE, out);
        out.println();
        out.println("Try it on the files in " + FILES + ":");
        String instant = " --now " + at;
        out.println("  ./upshift plan --fleet " + FILES + instant);
        blocked.ifPresent(e -> out.println("  ./upshift explain --fleet " + FILES + " --cluster " + e.cluster() + instant));
        excluded.ifPresent(e -> out.println("  ./upshift explain --fleet " + FILES + " --cluster " + e.cluster() + instant));
        drifted(plan).ifPresent(e -> out.println("  ./upshift diff --fleet " + FILES + " --cluster " + e.cluster()
                + "   # the repair of its drift"));
        reviewable(plan).ifPresent(e -> out.println("  ./upshift diff --fleet " + FILES + " --cluster " + e.cluster()
                + " --to " + e.to().map(Version::toString).orElseThrow()));
        readiness.ifPresent(r -> out.println("  ./upshift explain --fleet " + READINESS
                + " --cluster store-prod-1" + instant + "   # readiness: the hop that crosses Kubernetes 1.25"));
        out.println("  ./upshift history --fleet " + copy.toAbsolutePath());
        out.println("  ./upshift run --fleet " + copy.toAbsolutePath() + " --virtual-clock --from " + at.plus(DemoTimeLapse.SPAN)
                + " --until " + at.plus(Duration.ofDays(7L * WEEKS)) + " --probe simulated --failure-rate " + FAILURE_RATE);
        out.flush();
        return errors ? Main.PROBLEM : Main.OK;
    }

    /**
     * The first scheduled cluster, in the table's order, that a maintenance exclusion holds back: one that is
     * frozen too (its freeze ends before the exclusion has) if any is, for the longer story.
     */
    private static Optional<PlanEntry> excluded(Plan plan, PlanInput input) {
        List<PlanEntry> held = PlanTable.sorted(plan, input.upgrades()).stream()
                .filter(e -> e.state() == UpgradeState.SCHEDULED && e.hasReason(ReasonCodes.EXCLUDED)).toList();
        return held.stream().filter(e -> e.hasReason(ReasonCodes.FROZEN)).findFirst().or(() -> held.stream().findFirst());
    }

    /** The first step at which the most states coexist: the plan's whole vocabulary at once, if it ever is. */
    private static Optional<SimulationStep> busiest(Simulation sim) {
        return sim.steps().stream().max(Comparator.comparingLong((SimulationStep s) ->
                s.counts().values().stream().filter(n -> n > 0).count()).thenComparing(SimulationStep::at,
                Comparator.reverseOrder()));
    }

    private static String counts(Map<UpgradeState, Integer> counts) {
        return counts.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " " + e.getKey().word()).collect(Collectors.joining(", "));
    }

    private static void writeReport(Simulation sim, EndOfLifeForecast eol, Path report) {
        try (Writer w = Files.newBufferedWriter(report, StandardCharsets.UTF_8)) {
            HtmlReport.titled("Upshift demo fleet").withEndOfLife(eol).write(sim, w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + report + ": " + e.getMessage(), e);
        }
    }

    /** The first cluster that drifted from its release. */
    private static Optional<PlanEntry> drifted(Plan plan) {
        return plan.entries().stream().filter(e -> e.reasons().stream()
                .anyMatch(r -> r.code().equals(ReasonCodes.DRIFTED))).findFirst();
    }

    /** A cluster whose reviewable change is worth a look: the first with a field conflict, else the first going anywhere. */
    private static Optional<PlanEntry> reviewable(Plan plan) {
        return plan.entries().stream()
                .filter(e -> e.to().isPresent() && !e.path().isEmpty())
                .min(Comparator.comparing((PlanEntry e) -> !e.hasReason(ReasonCodes.FIELD_CONFLICT)));
    }
}
