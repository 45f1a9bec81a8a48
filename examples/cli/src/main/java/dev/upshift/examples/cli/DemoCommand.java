package dev.upshift.examples.cli;

import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import dev.upshift.core.FleetKinds;
import dev.upshift.core.files.DocumentFiles;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.ScheduleIndex;
import dev.upshift.schedule.UpgradeKind;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "demo", header = "Runs the main job on the embedded demo fleet",
        description = "Runs the main job on the embedded demo fleet (a copy of examples/fleet).")
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--now", paramLabel = "T", converter = WindowsCommand.InstantConverter.class,
            description = "the instant to plan from (RFC 3339); default: now")
    Instant now;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Instant at = now != null ? now : Instant.now().truncatedTo(ChronoUnit.SECONDS);
        ReleaseCatalog catalog = Catalogs.load(DemoFleet.root().resolve("releases"), spec.commandLine().getErr());
        out.println("Release catalog (examples/fleet/releases): " + Plural.count(catalog.size(), "release"));
        out.println();
        out.print(catalogTable(catalog));
        List<Release> releases = catalog.releases();
        if (releases.size() >= 2) {
            Release oldest = releases.get(0);
            Release newest = catalog.newest(java.util.Optional.empty(), java.util.Optional.empty()).orElseThrow();
            PathResult path = UpgradeGraph.build(catalog).path(oldest.version(), newest.version());
            out.println();
            out.println("Upgrade path from the oldest to the newest release:");
            out.print(path instanceof UpgradePath p ? PathRendering.text(p) : path + "\n");
        }
        out.println();
        out.print(schedules(at));
        out.flush();
        return Main.OK;
    }

    private String schedules(Instant at) {
        Problems problems = new Problems();
        List<SourceDocument> docs = FleetKinds.standard().check(
                DocumentFiles.create().load(DemoFleet.root().resolve("schedules"), problems), problems);
        List<MaintenanceSchedule> schedules = MaintenanceSchedule.KIND.readAll(docs, problems);
        problems.throwIfErrors();
        ScheduleIndex index = ScheduleIndex.build(schedules, at);
        StringBuilder s = new StringBuilder("Next windows for a minor upgrade of at least 2h, from " + at + ":\n");
        for (MaintenanceSchedule schedule : schedules) {
            AllowedIntervals allowed = index.get(schedule.metadata().name()).orElseThrow();
            s.append("  ").append(schedule.metadata().name()).append(" (").append(schedule.timeZone()).append(")\n");
            Instant from = at;
            for (int i = 0; i < 3; i++) {
                Optional<Interval> next = allowed.next(from, UpgradeKind.MINOR, Duration.ofHours(2));
                if (next.isEmpty()) {
                    s.append("    none within two years\n");
                    break;
                }
                s.append("    ").append(next.get()).append('\n');
                if (next.get().isOpen()) {
                    break;
                }
                from = next.get().end().orElseThrow();
            }
        }
        return s.toString();
    }

    static String catalogTable(ReleaseCatalog catalog) {
        TreeSet<String> components = new TreeSet<>();
        catalog.releases().forEach(r -> components.addAll(r.components().keySet()));
        components.remove(Release.KUBERNETES);
        List<String> columns = new java.util.ArrayList<>(List.of("RELEASE", "STATE", "CHANNELS", "KUBERNETES"));
        components.forEach(c -> columns.add(c.toUpperCase(java.util.Locale.ROOT)));
        columns.add("UPGRADES FROM");
        Table table = new Table(columns);
        for (Release r : catalog.releases()) {
            List<String> row = new java.util.ArrayList<>();
            row.add(r.version().toString());
            row.add(r.state().word());
            row.add(r.channels().isEmpty() ? "-" : String.join(",", r.channels()));
            row.add(r.kubernetes().map(Version::toString).orElse("-"));
            components.forEach(c -> row.add(r.component(c).map(Version::toString).orElse("-")));
            row.add(r.upgradesFrom().map(Object::toString).orElse("any older"));
            table.add(row);
        }
        return table.render();
    }
}
