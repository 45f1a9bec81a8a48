package dev.upshift.examples.cli;

import dev.upshift.core.files.DocumentFiles;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import java.nio.file.Path;
import java.util.List;
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
        Problems problems = new Problems();
        List<SourceDocument> docs = DocumentFiles.create().load(path, problems);
        Validation.check(docs, problems);
        for (Problem p : problems.all().stream().sorted().toList()) {
            spec.commandLine().getErr().println(p);
        }
        if (problems.hasErrors()) {
            return Main.PROBLEM;
        }
        spec.commandLine().getOut().println(docs.size() + " documents valid"
                + (problems.all().isEmpty() ? "" : " (" + problems.all().size() + " warnings)"));
        return Main.OK;
    }
}
