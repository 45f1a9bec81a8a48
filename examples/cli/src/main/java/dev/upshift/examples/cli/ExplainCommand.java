package dev.upshift.examples.cli;

import dev.upshift.core.plan.Explanation;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.present.ExplanationJson;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.spi.UpgradeState;
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

@Command(name = "explain", sortOptions = false,
        header = "Says why a cluster is or is not upgrading, and when that changes",
        description = {"Plans the fleet at an instant and explains one cluster: its state, then every reason in the"
                + " order it must be lifted, each with when it lifts where that is known, then what happens next,"
                + " and last the forecast: when it starts in a simulation of the whole fleet from then over 26 weeks"
                + " (as simulate runs it, no failures assumed).",
            "Exit 0 when the cluster is not blocked; 1 when it is blocked or its upgrade failed (someone must act),"
                + " when the fleet has no such cluster, or when an input has an error; 2 on wrong usage."})
final class ExplainCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    Main main;

    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--fleet", required = true, paramLabel = "DIR", description = "a fleet folder, as plan reads it")
    Path fleet;

    @CommandLine.Mixin
    RecordedHistory history;

    @Option(names = "--cluster", required = true, paramLabel = "NAME", description = "the cluster's id (metadata.name)")
    String cluster;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant to plan at (RFC 3339, or a date for its midnight UTC); default: now")
    Instant now;

    @Option(names = "--output", defaultValue = "text", paramLabel = "text|json",
            description = "text (default) or json (stable, documented in docs/cli.md)")
    Output output;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PreparedFleet prepared = main.planner().prepare(Fleets.read(fleet, () -> history.read(spec.commandLine(), fleet,
                null)));
        Plan plan = prepared.plan(Fleets.instant(now));
        boolean errors = Fleets.print(plan.problems(), err);
        Optional<PlanEntry> entry = plan.entry(cluster);
        if (entry.isEmpty()) {
            err.println("upshift: " + fleet + " has no cluster '" + cluster + "'"
                    + Fleets.hint(cluster, plan.entries().stream().map(PlanEntry::cluster).toList()));
            err.flush();
            return Main.PROBLEM;
        }
        PrintWriter out = spec.commandLine().getOut();
        // when it will really move: the same simulation as upshift simulate from now, no failures
        Optional<Forecast> forecast = entry.get().state() == UpgradeState.UP_TO_DATE ? Optional.empty()
                : Forecast.of(Forecast.simulate(prepared, plan.now()), cluster);
        if (output == Output.json) {
            out.print(ExplanationJson.render(entry.get(), plan.now(), forecast));
        } else {
            Explanation.of(entry.get(), plan.now()).lines().forEach(out::println);
            forecast.ifPresent(f -> out.println("  forecast: " + f.text()));
        }
        out.flush();
        return errors || needsAction(entry.get().state()) ? Main.PROBLEM : Main.OK;
    }

    /** Blocked and failed clusters wait for a person: a blocked result the user asked about. */
    static boolean needsAction(UpgradeState state) {
        return state == UpgradeState.BLOCKED || state == UpgradeState.FAILED;
    }
}
