package dev.upshift.examples.cli;

import dev.upshift.core.present.PathJson;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "path", header = "Shows the upgrade path from one release to another",
        description = "Shows the hops from one release to another, or why there is none.")
final class PathCommand implements Callable<Integer> {
    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--catalog", required = true, paramLabel = "DIR", description = "folder (or file, or - for standard input) of Release documents")
    Path catalog;

    @Option(names = "--from", required = true, paramLabel = "V", converter = VersionConverter.class,
            description = "the release the cluster runs")
    Version from;

    @Option(names = "--to", required = true, paramLabel = "V", converter = VersionConverter.class,
            description = "the target release")
    Version to;

    @Option(names = "--worker-skew", paramLabel = "N", defaultValue = "3",
            description = "minor versions the workers may lag the control plane (default: ${DEFAULT-VALUE})")
    int workerSkew;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE})")
    Output output;

    @Override
    public Integer call() {
        if (workerSkew < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--worker-skew must be 0 or more (minor versions the workers may lag), got " + workerSkew);
        }
        ReleaseCatalog releases = Catalogs.load(catalog, main.in(), spec.commandLine().getErr());
        PathResult result = UpgradeGraph.builder(releases).workerSkew(workerSkew).build().path(from, to);
        if (output == Output.json) {
            spec.commandLine().getOut().print(PathJson.render(result));
        } else if (result instanceof UpgradePath p) {
            spec.commandLine().getOut().print(PathRendering.text(p));
        } else {
            spec.commandLine().getErr().println(result);
        }
        spec.commandLine().getOut().flush();
        return result instanceof NoPath ? Main.PROBLEM : Main.OK;
    }
}
