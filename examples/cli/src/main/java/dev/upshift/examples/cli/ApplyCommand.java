package dev.upshift.examples.cli;

import dev.upshift.core.engine.Application;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.SecretValues;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "apply", sortOptions = false,
        header = "Upgrades one cluster now: shows the change, publishes the next hop",
        description = {"Seed 000's single command. Shows the change the next hop makes (the review `diff --fleet`"
                + " prints), then journals and writes it into the fleet's files now, whatever the cluster's windows and"
                + " stages say: a person decided, and the journal (or the history on PostgreSQL, --history) records it"
                + " with --reason.",
            "Refuses what needs a person first (no path, a downgrade, a failing conflict or an immutable field, a"
                + " freeze), with the reason and exit 1. A cluster already upgrading, or already at the release, is"
                + " left alone and the command says so (exit 0).",
            "--wait follows the upgrade, hop by hop, until the cluster runs the release or a hop failed, one line per"
                + " step."})
final class ApplyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--fleet", paramLabel = "DIR", description = "the fleet folder")
    Path fleet;

    @picocli.CommandLine.Mixin
    GitRepository git;

    @Option(names = "--cluster", required = true, paramLabel = "NAME", description = "the cluster")
    String cluster;

    @Option(names = "--to", paramLabel = "VERSION", converter = VersionConverter.class,
            description = "the release to go to (default: its upgrade's target)")
    Version to;

    @Option(names = "--reason", paramLabel = "TEXT", defaultValue = "", description = "why, recorded in the journal")
    String reason;

    @Option(names = "--dry-run", description = "show the change and what would start; journal and write nothing")
    boolean dryRun;

    @Option(names = "--wait", description = "follow the upgrade until the cluster runs the release or a hop failed")
    boolean waitForIt;

    @Option(names = "--state", paramLabel = "DIR", description = "the state folder (default DIR/.upshift; with --git,"
            + " a folder of the remote's own under .upshift/git in the working folder, the clone in its checkout"
            + " folder)")
    Path state;

    @Option(names = "--probe", paramLabel = "files|simulated", defaultValue = "files",
            description = "with --wait: files (default) or simulated")
    RunCommand.Probe probe;

    @Option(names = "--every", paramLabel = "D", converter = WindowsCommand.DurationConverter.class, defaultValue = "30s",
            description = "with --wait: how often to look (default 30s)")
    Duration every;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant (default: now); not with --wait")
    Instant now;

    @Mixin
    HistoryDatabase database;

    @Override
    public Integer call() {
        if (waitForIt && now != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--wait follows the real clock; leave out --now");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        git.check(spec.commandLine(), fleet);
        Path folder = StateFolders.forEngine(state, fleet, git.url);
        Path fleet = git.given() ? git.fleetIn(folder.resolve("checkout")) : this.fleet;
        if (!git.given()) {
            Fleets.requireFolder(fleet);
        }
        try (EngineSetup setup = EngineSetup.open(fleet, folder, main.planner(), probe == RunCommand.Probe.simulated, 0,
                0, dryRun, "upshift apply", database.openIfGiven(spec.commandLine()),
                git.given() ? Optional.of(() -> EngineSetup.Git.of(git, folder)) : Optional.empty())) {
            setup.git().ifPresent(g -> err.println("upshift: " + GitRepository.readAt(g.checkout()) + "; state: "
                    + GitRepository.stateText(folder, state != null)));
            // the review reads the history as the engine will: after a failed hop, the hop again, not the file's release
            if (!review(fleet, setup.history.entries(), out, err)) {
                return Main.PROBLEM;
            }
            setup.notices().forEach(n -> err.println("upshift: note: " + n));
            Application a = setup.engine.apply(Fleets.instant(now), cluster, Optional.ofNullable(to), reason);
            a.faults().forEach(f -> err.println("upshift: fault: " + f));
            out.println((dryRun ? "dry run, nothing written: " : "") + a.message());
            out.flush();
            if (a.kind() == Application.Kind.REFUSED || a.kind() == Application.Kind.FAULTED) {
                return Main.PROBLEM;
            }
            if (waitForIt && !dryRun) {
                return follow(setup, out, err);
            }
        }
        return Main.OK;
    }

    /** Prints the review of the next hop's change; whether there is one to publish. */
    private boolean review(Path fleet, List<HistoryEntry> history, PrintWriter out, PrintWriter err) {
        PlanInput input = Fleets.read(fleet, () -> history);
        var prepared = main.planner().prepare(input);
        Optional<dev.upshift.core.plan.PlanEntry> entry = prepared.plan(Fleets.instant(now)).entry(cluster);
        if (entry.isEmpty()) {
            err.println("upshift: " + fleet + " has no cluster '" + cluster + "'" + Fleets.hint(cluster,
                    input.clusters().stream().map(c -> c.id()).sorted().toList()));
            return false;
        }
        Version from = entry.get().from();
        Version target = to != null ? to : entry.get().to().orElse(from);
        Version hop = target.equals(from) ? from : prepared.graph().path(from, target) instanceof
                dev.upshift.release.UpgradePath p ? p.versions().get(1) : target;
        Optional<ClusterChange> change = prepared.change(cluster, hop);
        if (change.isPresent() && change.get().merge().isPresent()) {
            out.println("The change of " + cluster + " from " + from + " to " + hop + ":");
            out.print(ChangeFormat.REPORT.render(change.get().merge().get(), SecretValues.MASKED, change.get()::fromValues));
            out.flush();
        }
        return true;
    }

    private int follow(EngineSetup setup, PrintWriter out, PrintWriter err) {
        Clock clock = Clock.systemUTC();
        while (true) {
            Reconciliation r = setup.engine.reconcile(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
            RunCommand.print(r, out, err);
            Optional<HistoryEntry> last = setup.history.history(cluster).stream().reduce((a, b) -> b);
            if (last.isPresent() && last.get().step() == HistoryEntry.Step.FINISHED) {
                if (last.get().state() == dev.upshift.spi.UpgradeState.FAILED) {
                    out.println(cluster + ": " + last.get().hop() + " failed; see upshift history");
                    return Main.PROBLEM;
                }
                Application next = setup.engine.apply(clock.instant(), cluster, Optional.ofNullable(to), reason);
                if (next.kind() == Application.Kind.NOTHING_TO_DO) {
                    out.println(next.message());
                    return Main.OK;
                }
                out.println(next.message());
                if (next.kind() == Application.Kind.REFUSED) {
                    return Main.PROBLEM;
                }
            }
            try {
                Thread.sleep(every.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Main.OK;
            }
        }
    }
}
