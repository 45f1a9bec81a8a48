package dev.upshift.examples.cli;

import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;
import java.util.List;

/** Checks loaded documents: kind and apiVersion first, then each kind's own reader and cross-checks. */
final class Validation {
    private Validation() {}

    static void check(List<SourceDocument> docs, Problems problems) {
        List<SourceDocument> known = Kinds.checked(docs, problems);
        ReleaseCatalog.read(known, problems);
        MaintenanceSchedule.readAll(known, problems);
        FieldRules.readDocuments(known.stream().filter(d -> d.kind().equals(FieldRules.KIND)).toList(), problems);
        known.stream().filter(d -> d.kind().equals(AvailabilityProfile.KIND)).forEach(d -> AvailabilityProfile.read(d, problems));
    }
}
