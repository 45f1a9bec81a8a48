package dev.upshift.examples.cli;

import dev.upshift.common.problem.Problems;
import dev.upshift.core.file.DocumentFiles;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.fleet.FleetDocuments;
import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import dev.upshift.schedule.MaintenanceSchedule;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "validate", header = "Checks every document below a folder, or one file",
        description = {"Checks every document below a folder (or one file); prints file:line:col: message per problem.",
            "Build output (target/), what .gitignore files ignore and hidden files are skipped; documents of"
                + " other API groups (Kubernetes resources) are counted, not checked."})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "PATH", description = "a folder or a file of Upshift documents, or - for standard input")
    Path path;

    @Override
    public Integer call() {
        FleetDocuments fleet;
        if (!Inputs.isStdin(path)) {
            fleet = FleetFiles.load(path);
        } else {
            // resource folders of documents from standard input are found relative to the working folder
            Problems read = new Problems();
            fleet = FleetDocuments.of(Inputs.load(path, main.in(), read), read.all(),
                    FleetFiles.onDisk(DocumentFiles.create()));
        }
        ValidationReport report = FleetValidator.create().validate(fleet);
        report.problems().forEach(spec.commandLine().getErr()::println);
        if (report.hasErrors()) {
            return Main.PROBLEM;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(Plural.count(report.checked(), "document") + " valid"
                + (report.problems().isEmpty() ? "" : " (" + Plural.count(report.problems().size(), "warning") + ")"));
        imports(fleet).forEach(out::println);
        if (report.resources() > 0) {
            out.println("note: " + Plural.count(report.resources(), "document") + " of other API groups skipped"
                    + " (resources such as Kubernetes objects, not Upshift documents)");
        }
        return Main.OK;
    }

    /** {@code note: schedule S excludes the times of 12 events of FILE}, per schedule and calendar, in order. */
    private static List<String> imports(FleetDocuments fleet) {
        List<String> out = new ArrayList<>();
        for (MaintenanceSchedule s : MaintenanceSchedule.kind(fleet.calendars()).readAll(fleet.documents(), new Problems())) {
            Map<String, Set<Integer>> events = new LinkedHashMap<>();
            s.exclusions().forEach(x -> x.calendar().ifPresent(c -> events.computeIfAbsent(c, k -> new HashSet<>())
                    .add(x.origin().location().line())));
            events.forEach((calendar, lines) -> out.add("note: schedule " + s.name() + " excludes the times of "
                    + Plural.count(lines.size(), "event") + " of " + calendar));
        }
        return out;
    }
}
