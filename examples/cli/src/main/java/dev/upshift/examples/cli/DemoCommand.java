package dev.upshift.examples.cli;

import dev.upshift.release.PathResult;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import java.io.PrintWriter;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "demo", description = "Runs the main job on the embedded demo fleet (a copy of examples/fleet).")
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ReleaseCatalog catalog = Catalogs.load(DemoFleet.root().resolve("releases"), spec.commandLine().getErr());
        out.println("Release catalog (examples/fleet/releases): " + catalog.size() + " releases");
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
        out.flush();
        return Main.OK;
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
