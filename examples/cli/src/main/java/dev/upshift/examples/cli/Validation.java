package dev.upshift.examples.cli;

import dev.upshift.diff.input.Problems;
import dev.upshift.diff.input.SourceDocument;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;
import java.util.List;

/** Checks loaded documents by kind; each kind's reader adds its problems. */
final class Validation {
    private Validation() {}

    static void check(List<SourceDocument> docs, Problems problems) {
        // kinds are wired in as their readers land
        MaintenanceSchedule.readAll(docs, problems);
        docs.stream().filter(d -> d.kind().equals(AvailabilityProfile.KIND)).forEach(d -> AvailabilityProfile.read(d, problems));
    }
}
