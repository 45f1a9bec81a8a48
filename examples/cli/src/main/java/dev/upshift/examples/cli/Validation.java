package dev.upshift.examples.cli;

import dev.upshift.diff.input.Problems;
import dev.upshift.diff.input.SourceDocument;
import java.util.List;

/** Checks loaded documents by kind; each kind's reader adds its problems. */
final class Validation {
    private Validation() {}

    static void check(List<SourceDocument> docs, Problems problems) {
        // kinds are wired in as their readers land
        dev.upshift.schedule.MaintenanceSchedule.readAll(docs, problems);
        docs.stream().filter(d -> d.kind().equals(dev.upshift.schedule.AvailabilityProfile.KIND))
                .forEach(d -> dev.upshift.schedule.AvailabilityProfile.read(d, problems));
    }
}
