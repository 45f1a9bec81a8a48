package dev.upshift.schedule;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.util.List;

/** Test data: schedule documents from YAML text. */
final class Documents {
    static final String HEADER = "apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\n";

    private Documents() {}

    static SourceDocument document(String yaml) {
        return DocumentLoader.create().load("s.yaml", yaml).get(0);
    }

    /** A schedule document with the given spec body (indented two spaces already). */
    static String schedule(String name, String spec) {
        return HEADER + "metadata: {name: " + name + "}\nspec:\n" + spec;
    }

    /** Reads a schedule that must have no errors. */
    static MaintenanceSchedule read(String yaml) {
        Problems problems = new Problems();
        MaintenanceSchedule s = MaintenanceSchedule.KIND.read(document(yaml), problems).orElse(null);
        if (s == null) {
            throw new AssertionError("expected a valid schedule, got:\n" + String.join("\n", messages(problems)));
        }
        return s;
    }

    /** Every problem reading the document reports, rendered as {@code file:line:col: field: message}. */
    static List<String> problems(String yaml) {
        Problems problems = new Problems();
        MaintenanceSchedule.KIND.read(document(yaml), problems);
        return messages(problems);
    }

    static List<String> messages(Problems problems) {
        return problems.all().stream().map(Problem::toString).toList();
    }
}
