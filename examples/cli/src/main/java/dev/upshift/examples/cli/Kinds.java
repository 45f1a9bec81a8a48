package dev.upshift.examples.cli;

import dev.upshift.diff.kind.ApiVersions;
import dev.upshift.diff.kind.Migrations;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.ReleaseDocuments;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The document kinds the CLI reads, each at its current apiVersion, with their migrations. */
final class Kinds {
    static final String API_VERSION = ApiVersions.CURRENT;

    static final Migrations MIGRATIONS = Migrations.none(Map.of(
            ReleaseDocuments.KIND, API_VERSION,
            MaintenanceSchedule.KIND, API_VERSION,
            AvailabilityProfile.KIND, API_VERSION,
            FieldRules.KIND, API_VERSION));

    private Kinds() {}

    /** Checks kind and apiVersion of every document, migrating older ones; drops those with problems. */
    static List<SourceDocument> checked(List<SourceDocument> docs, Problems problems) {
        List<SourceDocument> out = new ArrayList<>();
        for (SourceDocument d : docs) {
            MIGRATIONS.migrate(d, problems).ifPresent(out::add);
        }
        return out;
    }
}
