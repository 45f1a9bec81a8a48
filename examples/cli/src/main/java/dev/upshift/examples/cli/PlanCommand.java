package dev.upshift.examples.cli;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.present.IcsPlan;
import dev.upshift.core.present.PlanJson;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.diff.render.YamlWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "plan", sortOptions = false,
        header = "Plans every cluster of a fleet: where it goes, when, why not sooner",
        description = {"Plans every cluster of a fleet folder at an instant: where it goes, in which stage, in which"
                + " window, and why not sooner.",
            "Problems in the inputs go to stderr as file:line:col: field: message; the rest of the fleet is"
                + " still planned. Exit 0 when the plan was made from inputs without errors, whatever state the"
                + " clusters are in (blocked ones included); 1 when an input has an error (the plan is still"
                + " printed); 2 on wrong usage."})
final class PlanCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    Main main;

    enum Output { table, json, yaml, ics }

    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", paramLabel = "DIR",
            description = "a fleet folder: ManagedClusters, Releases, MaintenanceSchedules, ClusterUpgrades, any layout")
    Path fleet;

    @CommandLine.Mixin
    GitRepository git;

    @CommandLine.Mixin
    RecordedHistory history;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant to plan at (RFC 3339, or a date for its midnight UTC); default: now")
    Instant now;

    @Option(names = "--output", defaultValue = "table", paramLabel = "table|json|yaml|ics",
            description = "table (default), json (stable, documented in docs/cli.md), yaml (the same tree) or ics"
                    + " (an iCalendar file: one event per ready or scheduled upgrade)")
    Output output;

    @Option(names = "--forecast", description = "also say when each cluster will really start, from a simulation of the"
            + " whole fleet from the plan's instant over 26 weeks (as simulate runs it, no failures assumed): a FORECAST"
            + " column, or a forecast field in json and yaml")
    boolean forecast;

    @Override
    public Integer call() {
        git.check(spec.commandLine(), fleet);
        CommandLine cl = spec.commandLine();
        try (GitRepository.Reading reading = git.read(fleet, cl.getErr())) {
            PrintWriter out = cl.getOut();
            PrintWriter err = cl.getErr();
            // a temporary clone's files are named as the repository names them: the folder is gone at the end
            cl.setOut(reading.inRepository(out));
            cl.setErr(reading.inRepository(err));
            try {
                return plan(reading.folder());
            } catch (RuntimeException e) {
                throw reading.inRepository(e);
            } finally {
                cl.getOut().flush();
                cl.getErr().flush();
                cl.setOut(out);
                cl.setErr(err);
            }
        }
    }

    private int plan(Path fleet) {
        PreparedFleet prepared = main.planner().prepare(Fleets.read(fleet, () -> history.read(spec.commandLine(), this.fleet,
                git.url)));
        Plan plan = prepared.plan(Fleets.instant(now));
        boolean errors = Fleets.print(plan.problems(), spec.commandLine().getErr());
        PrintWriter out = spec.commandLine().getOut();
        Optional<Simulation> sim = forecast ? Optional.of(Forecast.simulate(prepared, plan.now())) : Optional.empty();
        out.print(switch (output) {
            case table -> PlanTable.render(plan, prepared.input().upgrades(), sim);
            case json -> sim.map(s -> PlanJson.render(plan, s)).orElseGet(() -> PlanJson.render(plan));
            case yaml -> YamlWriter.write(sim.map(s -> PlanJson.tree(plan, s)).orElseGet(() -> PlanJson.tree(plan)),
                    YamlWriter.KeyOrder.AS_IS);
            case ics -> sim.map(s -> IcsPlan.render(plan, s)).orElseGet(() -> IcsPlan.render(plan));
        });
        out.flush();
        return errors ? Main.PROBLEM : Main.OK;
    }
}
