package dev.upshift.schedule;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import java.util.List;

/**
 * The availability profiles Upshift ships, as document text. The schedule module reads no
 * resources (it parses only what it is handed), so the text lives here; parsed on first use.
 */
final class BundledProfiles {
    /**
     * What managed Kubernetes offerings require of a maintenance policy. Providers change these
     * limits (GKE did during 2026): edit the numbers here, or load a profile of your own with the
     * same format ({@code upshift windows --profile FILE}).
     */
    static final String TEXT = """
            apiVersion: upshift.dev/v1alpha1
            kind: AvailabilityProfile
            metadata:
              name: gke
              annotations:
                source: https://cloud.google.com/kubernetes-engine/docs/concepts/maintenance-windows-and-exclusions
            spec:
              description: "GKE: at least 48 hours of allowed time in any rolling 32 days, counting only blocks of at least 4 hours"
              allowedTime:
                atLeast: 48h
                inAnyRolling: 32d
                countingBlocksOf: 4h
            ---
            apiVersion: upshift.dev/v1alpha1
            kind: AvailabilityProfile
            metadata:
              name: aks
              annotations:
                source: https://learn.microsoft.com/azure/aks/planned-maintenance
            spec:
              description: "AKS: every maintenance window lasts 4 to 24 hours"
              windowLength:
                min: 4h
                max: 24h
            """;

    static final List<AvailabilityProfile> ALL = parse();

    private BundledProfiles() {}

    private static List<AvailabilityProfile> parse() {
        Problems problems = new Problems();
        List<AvailabilityProfile> profiles = AvailabilityProfile.KIND.readAll(
                DocumentLoader.create().load("bundled-profiles.yaml", TEXT), problems);
        if (problems.hasErrors()) {
            throw new IllegalStateException("the bundled availability profiles are broken: " + problems.all());
        }
        return profiles;
    }
}
