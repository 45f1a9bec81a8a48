package dev.upshift.examples.cli;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.problem.SourceLocation;
import dev.upshift.diff.render.ListKeysReport;
import dev.upshift.diff.render.Rendering;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "diff", sortOptions = false,
        header = "Merges a cluster's documents towards a new release; shows the change",
        description = {"Merges a cluster's documents (--current) towards a target (--target) as the old release's"
                + " documents (--base) say, under field rules, and shows the reviewable change.",
            "Each FILE may be a folder, or - for standard input (one option at most).",
            "Exit 0 when the merge can go ahead, 1 when a conflict or an immutable field blocks it (each named on"
                + " stderr) or an input is wrong, 2 on wrong usage."})
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    @Option(names = "--base", paramLabel = "FILE",
            description = "what the old release put on the cluster; without it the merge is two-way and every difference is a conflict")
    Path base;

    @Option(names = "--current", paramLabel = "FILE", required = true, description = "what the cluster has")
    Path current;

    @Option(names = "--target", paramLabel = "FILE", required = true, description = "what the new release puts there")
    Path target;

    @Option(names = "--rules", paramLabel = "FILE", description = "a FieldRules document (kind: FieldRules)")
    Path rules;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "report",
            description = "report (default), unified, json-patch, merge-patch, yaml or json")
    String output;

    @Option(names = "--explain-keys",
            description = "print, instead of the change, how the items of each list were matched and what decided it"
                    + " (a rule, the built-in table of Kubernetes and Cluster API lists, or the name field)")
    boolean explainKeys;

    @Override
    public Integer call() {
        Rendering rendering = Rendering.byWord(output).orElseThrow(() -> new CommandLine.ParameterException(
                spec.commandLine(), "unknown --output '" + output + "'; expected one of: " + String.join(", ", Rendering.words())));
        if (explainKeys && spec.commandLine().getParseResult().hasMatchedOption("--output")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--explain-keys prints its own text; leave out --output");
        }
        Inputs.readOnce(spec.commandLine(), "--base", base, "--current", current, "--target", target, "--rules", rules);
        PrintWriter err = spec.commandLine().getErr();
        Problems problems = new Problems();
        DocumentSet baseSet = base == null ? null : DocumentSet.read(Inputs.load(base, main.in(), problems), problems);
        DocumentSet currentSet = DocumentSet.read(Inputs.load(current, main.in(), problems), problems);
        DocumentSet targetSet = DocumentSet.read(Inputs.load(target, main.in(), problems), problems);
        FieldRules fieldRules = rules == null ? FieldRules.none()
                : FieldRules.readDocuments(Inputs.load(rules, main.in(), problems), problems);
        for (Problem p : problems.all().stream().sorted().toList()) {
            err.println(p);
        }
        if (problems.hasErrors()) {
            return Main.PROBLEM;
        }
        ThreeWayMerge merge = ThreeWayMerge.withRules(fieldRules);
        MergeResult result = baseSet == null ? merge.mergeWithoutBase(currentSet, targetSet)
                : merge.merge(baseSet, currentSet, targetSet);
        spec.commandLine().getOut().print(explainKeys ? ListKeysReport.render(result) : rendering.render(result));
        if (!result.isBlocked()) {
            return Main.OK;
        }
        for (FieldChange c : result.blocked()) {
            err.println(where(result, c) + ": " + (c.path().isRoot() ? "(document)" : c.path()) + ": " + c.message()
                    + " [" + result.current().get(c.document()).map(Document::displayName).orElse(c.document().toString()) + "]");
        }
        err.println("upshift: the merge is blocked: " + result.blocked().size()
                + (result.blocked().size() == 1 ? " field needs" : " fields need") + " a decision");
        return Main.PROBLEM;
    }

    private static SourceLocation where(MergeResult result, FieldChange c) {
        return result.current().get(c.document())
                .map(d -> d.locate(c.path().toPointer(d.tree()).orElse("")))
                .orElse(SourceLocation.of(c.document().toString()));
    }
}
