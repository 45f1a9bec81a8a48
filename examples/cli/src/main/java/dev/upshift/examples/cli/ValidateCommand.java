package dev.upshift.examples.cli;

import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", header = "Checks every document below a folder, or one file",
        description = {"Checks every document below a folder (or one file); prints file:line:col: message per problem.",
            "Build output (target/), what .gitignore files ignore and hidden files are skipped; documents of"
                + " other API groups (Kubernetes resources) are counted, not checked."})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", description = "a folder or a file of Upshift documents")
    Path path;

    @Override
    public Integer call() {
        ValidationReport report = FleetValidator.create().validate(path);
        report.problems().forEach(spec.commandLine().getErr()::println);
        if (report.hasErrors()) {
            return Main.PROBLEM;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(Plural.count(report.checked(), "document") + " valid"
                + (report.problems().isEmpty() ? "" : " (" + Plural.count(report.problems().size(), "warning") + ")"));
        if (report.resources() > 0) {
            out.println("note: " + Plural.count(report.resources(), "document") + " of other API groups skipped"
                    + " (resources such as Kubernetes objects, not Upshift documents)");
        }
        return Main.OK;
    }
}
