package dev.upshift.examples.cli;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.ListKeysReport;
import dev.upshift.diff.render.ReviewReport;
import dev.upshift.diff.render.SecretValues;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.Release;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "diff", sortOptions = false,
        header = "Merges a cluster's documents towards a new release; shows the change",
        customSynopsis = {
            "upshift diff [-hV] --current=FILE --target=FILE [--base=FILE]",
            "                    [--rules=FILE] [--output=FORMAT | --explain-keys] [--show-secrets]",
            "   or: upshift diff [-hV] --fleet=DIR --cluster=NAME [--to=VERSION]",
            "                    [--output=FORMAT | --explain-keys] [--show-secrets]"},
        description = {"Merges a cluster's documents (--current) towards a target (--target) as the old release's"
                + " documents (--base) say, under field rules, and shows the reviewable change.",
            "Each FILE may be a folder, or - for standard input (one option at most).",
            "Or, with --fleet, the change of one cluster of a fleet going to a release, exactly as the plan judges"
                + " it: the base is what its release's defaults put on its resources, the target what the new"
                + " release's defaults and then the cluster's own values put there, under the new release's field"
                + " rules; without --to (or --to its own release), the repair of its drift from its own release"
                + " (the fields the release owns set back to the release's values) with the change its values make.",
            "The report, the unified diff and stderr show each value of a Secret's data and stringData, and of a"
                + " field a rule marks sensitive, as <secret sha256:...>; the other outputs are meant to be applied and"
                + " carry the values, as a note on stderr says.",
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

    @Option(names = "--current", paramLabel = "FILE", description = "what the cluster has")
    Path current;

    @Option(names = "--target", paramLabel = "FILE", description = "what the new release puts there")
    Path target;

    @Option(names = "--rules", paramLabel = "FILE", description = "a FieldRules document (kind: FieldRules)")
    Path rules;

    @Option(names = "--namespace", paramLabel = "NS",
            description = "the namespace of base and target documents that name none (as kubectl -n), for rendered"
                    + " manifests that leave it out; cluster-scoped kinds keep none")
    String namespace;

    @Option(names = "--fleet", paramLabel = "DIR", description = "instead of the files: a fleet folder, as plan reads it")
    Path fleet;

    @Option(names = "--cluster", paramLabel = "NAME", description = "with --fleet: the cluster to merge")
    String cluster;

    @CommandLine.Mixin
    RecordedHistory history;

    @Option(names = "--to", paramLabel = "VERSION", converter = VersionConverter.class,
            description = "with --fleet: the release it goes to; default: its own release (the drift repair)")
    Version to;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "report",
            description = "report (default), unified, json-patch, merge-patch, yaml or json")
    String output;

    @Option(names = "--explain-keys",
            description = "print, instead of the change, how the items of each list were matched and what decided it"
                    + " (a rule, the built-in table of Kubernetes and Cluster API lists, or the name field)")
    boolean explainKeys;

    @Option(names = "--show-secrets",
            description = "show sensitive values in clear in the report, the unified diff and the blocked fields on"
                    + " stderr: for a look on your own terminal, never in a pipeline's log")
    boolean showSecrets;

    @Override
    public Integer call() {
        ChangeFormat rendering = ChangeFormat.byWord(output).orElseThrow(() -> new CommandLine.ParameterException(
                spec.commandLine(), "unknown --output '" + output + "'; expected one of: " + String.join(", ", ChangeFormat.words())));
        if (explainKeys && spec.commandLine().getParseResult().hasMatchedOption("--output")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--explain-keys prints its own text; leave out --output");
        }
        boolean fromFleet = checkMode();
        PrintWriter err = spec.commandLine().getErr();
        Merged merged = fromFleet ? mergeFleet(err) : mergeFiles(err);
        if (merged.result().isEmpty()) {
            return Main.PROBLEM;
        }
        MergeResult result = merged.result().get();
        SecretValues secrets = showSecrets ? SecretValues.SHOWN : SecretValues.MASKED;
        spec.commandLine().getOut().print(explainKeys ? ListKeysReport.render(result) : rendering.render(result, secrets, merged.ownValues()));
        if (!explainKeys) {
            secretsNote(err, rendering, result);
        }
        if (explainKeys) {
            // the question was how lists were matched; a blocked merge is the answer to another one
            if (result.isBlocked()) {
                int n = result.blocked().size();
                err.println("upshift: note: the merge itself is blocked (" + n + (n == 1 ? " field needs" : " fields need")
                        + " a decision); run without --explain-keys to see " + (n == 1 ? "it" : "them"));
            }
            return merged.inputErrors() ? Main.PROBLEM : Main.OK;
        }
        if (!result.isBlocked()) {
            return merged.inputErrors() ? Main.PROBLEM : Main.OK;
        }
        for (FieldChange c : result.blocked()) {
            FieldPath path = showSecrets ? c.path() : c.shownPath();
            err.println(where(result, c) + ": " + (path.isRoot() ? "(document)" : path) + ": " + c.message()
                    + (showSecrets && c.sensitive() ? "  [in clear: " + ReviewReport.inClear(c) + "]" : "")
                    + " [" + result.displayName(c.document()) + "]");
        }
        err.println("upshift: the merge is blocked: " + result.blocked().size()
                + (result.blocked().size() == 1 ? " field needs" : " fields need") + " a decision");
        return Main.PROBLEM;
    }

    /** Says on stderr what became of the sensitive values the merge holds, if it holds any. */
    private void secretsNote(PrintWriter err, ChangeFormat rendering, MergeResult result) {
        if (!result.hasSensitiveValues()) {
            return;
        }
        if (rendering.carriesSecrets()) {
            err.println("upshift: note: --output " + rendering.word() + " carries sensitive values in clear (a Secret's"
                    + " data and stringData, fields a rule marks sensitive): it is meant to be applied; keep it out of"
                    + " logs, reviews and commits");
        } else if (showSecrets) {
            err.println("upshift: note: --show-secrets: sensitive values are shown in clear; keep this output out of"
                    + " logs, reviews and commits");
        } else {
            err.println("upshift: note: sensitive values show as <secret sha256:...> (the start of the SHA-256 of the"
                    + " value); --show-secrets shows them on your own terminal");
        }
    }

    /** The merge, when the inputs allowed one, and whether an input had an error all the same. */
    /** The merge, whether an input had errors, and which changes come from the cluster's own values. */
    private record Merged(Optional<MergeResult> result, boolean inputErrors, Predicate<FieldChange> ownValues) {
        Merged(Optional<MergeResult> result, boolean inputErrors) {
            this(result, inputErrors, c -> false);
        }
    }

    /** Whether the command merges a cluster of a fleet (rather than three files); wrong usage when the two are mixed or incomplete. */
    private boolean checkMode() {
        List<String> files = named(new Object[] {base, current, target, rules, namespace}, "--base", "--current", "--target",
                "--rules", "--namespace");
        List<String> fleetOptions = named(new Object[] {fleet, cluster, to}, "--fleet", "--cluster", "--to");
        if (!files.isEmpty() && !fleetOptions.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.join(", ", fleetOptions)
                    + " (a cluster of a fleet) cannot be combined with " + String.join(", ", files)
                    + " (three files); use one form or the other");
        }
        if (fleetOptions.isEmpty()) {
            missing(Arrays.asList(current == null ? "'--current=FILE'" : null, target == null ? "'--target=FILE'" : null),
                    files.isEmpty() ? " (or --fleet and --cluster)" : "");
            return false;
        }
        missing(Arrays.asList(fleet == null ? "'--fleet=DIR'" : null, cluster == null ? "'--cluster=NAME'" : null), "");
        return true;
    }

    private static List<String> named(Object[] values, String... names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                out.add(names[i]);
            }
        }
        return out;
    }

    private void missing(List<String> options, String orElse) {
        List<String> absent = options.stream().filter(Objects::nonNull).toList();
        if (!absent.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required option"
                    + (absent.size() == 1 ? ": " : "s: ") + String.join(", ", absent) + orElse);
        }
    }

    private Merged mergeFiles(PrintWriter err) {
        Inputs.readOnce(spec.commandLine(), "--base", base, "--current", current, "--target", target, "--rules", rules);
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
            return new Merged(Optional.empty(), true);
        }
        if (namespace != null) {
            try {
                baseSet = baseSet == null ? null : baseSet.withDefaultNamespace(namespace, currentSet);
                targetSet = targetSet.withDefaultNamespace(namespace, currentSet);
            } catch (IllegalArgumentException e) {
                err.println("upshift: --namespace " + namespace + ": " + e.getMessage());
                return new Merged(Optional.empty(), true);
            }
        }
        ThreeWayMerge merge = ThreeWayMerge.withRules(fieldRules);
        return new Merged(Optional.of(baseSet == null ? merge.mergeWithoutBase(currentSet, targetSet)
                : merge.merge(baseSet, currentSet, targetSet)), false);
    }

    private Merged mergeFleet(PrintWriter err) {
        PlanInput input = Fleets.read(fleet, () -> history.read(spec.commandLine(), fleet, null));
        boolean errors = Fleets.print(input.problems(), err);
        Optional<ManagedCluster> found = input.clusters().stream().filter(c -> c.id().equals(cluster)).findFirst();
        Version goesTo = to != null ? to : found.map(ManagedCluster::release).orElse(null);
        Optional<Release> release = goesTo == null ? Optional.empty() : input.catalog().get(goesTo);
        if (found.isEmpty()) {
            err.println("upshift: " + fleet + " has no cluster '" + cluster + "'"
                    + Fleets.hint(cluster, input.clusters().stream().map(ManagedCluster::id).sorted().toList()));
        }
        if (release.isEmpty() && goesTo != null) {
            err.println("upshift: " + fleet + " has no release " + goesTo + (to == null ? " (the one " + cluster
                    + " runs), so nothing says what its release puts on it: there is no drift to repair" : "")
                    + Fleets.hint(goesTo.toString(), input.catalog().releases().stream().map(r -> r.version().toString()).toList()));
        }
        if (found.isEmpty() || release.isEmpty()) {
            err.flush();
            return new Merged(Optional.empty(), true);
        }
        if (input.catalog().get(found.get().release()).isEmpty()) {
            err.println("upshift: note: " + fleet + " has no release " + found.get().release() + " (the one " + cluster
                    + " runs), so nothing says what its defaults were: the merge is two-way, every difference a conflict");
        }
        if (release.get().isWithdrawn() && to != null) {
            err.println("upshift: note: release " + goesTo + " is withdrawn; no plan ever targets it");
        }
        // the change the plan judges, computed by the same prepared fleet, values and renderer included
        PreparedFleet prepared = main.planner().prepare(input);
        inFlight(prepared, found.get()).ifPresent(note -> err.println("upshift: note: " + note));
        hops(prepared, found.get().release(), goesTo).ifPresent(note -> err.println("upshift: note: " + note));
        // readiness, as the plan judges it: the APIs a hop's Kubernetes no longer serves, and deprecations
        prepared.readiness(cluster, goesTo).forEach(r -> err.println("upshift: " + r.code() + ": " + r.message()));
        ClusterChange change = prepared.change(cluster, goesTo).orElseThrow();
        if (change.merge().isEmpty()) {
            change.blockers().forEach(r -> err.println("upshift: " + r.message()));
            err.flush();
            return new Merged(Optional.empty(), true);
        }
        if (to == null) {
            int drifted = change.drift().size();
            err.println("upshift: note: " + (drifted == 0 ? cluster + " has not drifted from release " + goesTo
                    : "the repair of " + cluster + "'s drift from release " + goesTo + " (" + Plural.count(drifted, "field")
                            + ")") + (found.get().values().isEmpty() ? "" : ", with the change its values make"));
        }
        err.flush();
        return new Merged(change.merge(), errors, change::fromValues);
    }

    /**
     * When the release asked for is more than one hop away: the engine publishes each hop on its
     * own, and the change shown is the whole path's at once.
     */
    private static Optional<String> hops(PreparedFleet prepared, Version from, Version to) {
        if (!to.isNewerThan(from) || !(prepared.graph().path(from, to) instanceof dev.upshift.release.UpgradePath p)
                || p.versions().size() <= 2) {
            return Optional.empty();
        }
        return Optional.of(from + " → " + to + " is published as " + (p.versions().size() - 1) + " hops, "
                + p.versions().stream().map(Version::toString).collect(java.util.stream.Collectors.joining(" → "))
                + ", each in a window of its own; the change below is the whole path's at once (--to "
                + p.versions().get(1) + " shows the first hop's)");
    }

    /**
     * What the history says of a cluster whose file runs ahead of it: a hop in progress or failed,
     * whose target the publisher wrote into the file when it started.
     */
    private static Optional<String> inFlight(PreparedFleet prepared, ManagedCluster c) {
        if (prepared.input().history().isEmpty()) {
            return Optional.empty();
        }
        Optional<PlanEntry> e = prepared.plan(Fleets.instant(null)).entry(c.id());
        if (e.isEmpty() || e.get().from().equals(c.release())) {
            return Optional.empty();
        }
        String hop = "its hop " + e.get().from() + " → " + c.release();
        return switch (e.get().state()) {
            case IN_PROGRESS -> Optional.of("the history says " + c.id() + " runs " + e.get().from() + ": " + hop
                    + " is in progress (its file names " + c.release() + ", as the publisher wrote it when the hop"
                    + " started)");
            case FAILED -> Optional.of("the history says " + c.id() + " runs " + e.get().from() + ": " + hop
                    + " failed (its file names " + c.release() + "); upshift apply --cluster " + c.id()
                    + " tries it again");
            default -> Optional.empty();
        };
    }

    private static SourceLocation where(MergeResult result, FieldChange c) {
        return result.current().get(c.document())
                .map(d -> d.locate(c.path().toPointer(d.tree()).orElse("")))
                .orElse(SourceLocation.of(c.document().toString()));
    }
}
