package dev.upshift.examples.cli;

import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", description = "Checks every document below a folder (or one file); prints file:line:col: message per problem.")
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
        spec.commandLine().getOut().println(report.documents() + " documents valid"
                + (report.problems().isEmpty() ? "" : " (" + report.problems().size() + " warnings)"));
        return Main.OK;
    }
}
