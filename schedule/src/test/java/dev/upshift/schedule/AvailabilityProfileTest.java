package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AvailabilityProfileTest {
    private static final Instant FROM = Instant.parse("2021-03-01T00:00:00Z");
    private static final AvailabilityProfile GKE = AvailabilityProfile.bundled("gke").orElseThrow();
    private static final AvailabilityProfile AKS = AvailabilityProfile.bundled("aks").orElseThrow();

    private static List<String> check(AvailabilityProfile profile, String spec) {
        Problems problems = new Problems();
        profile.check(Documents.read(Documents.schedule("s", spec)), FROM, problems);
        return Documents.messages(problems);
    }

    private static String weekly(String days, String duration) {
        return "  maintenanceWindows:\n    - startTime: 2021-03-01T01:00:00Z\n      duration: " + duration
                + "\n      recurrence: FREQ=WEEKLY;BYDAY=" + days + "\n";
    }

    @Test
    @DisplayName("Upshift bundles the gke and aks profiles as data")
    void bundlesGkeAndAks() {
        assertThat(AvailabilityProfile.bundled()).extracting(AvailabilityProfile::name).containsExactly("gke", "aks");
        assertThat(GKE.allowedTime()).contains(new AvailabilityProfile.AllowedTime(Duration.ofHours(48), Duration.ofDays(32),
                Duration.ofHours(4)));
        assertThat(AKS.windowLength()).contains(new AvailabilityProfile.WindowLength(Duration.ofHours(4), Duration.ofHours(24)));
    }

    @Test
    @DisplayName("gke: the seed's weekday working hours pass; one 8-hour window a week falls short of 48 hours in 32 days")
    void gkeCountsAllowedTimeInRollingPeriods() {
        Problems problems = new Problems();
        GKE.check(Documents.read(SeedExampleTest.SEED), Instant.parse("2021-03-10T00:00:00Z"), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(check(GKE, weekly("SA", "8h"))).containsExactly("s.yaml:5:3: spec: profile gke: in the 32d from"
                + " 2021-03-01T00:00:00Z the schedule allows only 32h in blocks of at least 4h; the profile requires at least"
                + " 48h in any 32d");
        assertThat(check(GKE, weekly("SA,SU", "8h"))).isEmpty();
    }

    @Test
    @DisplayName("gke: blocks shorter than 4 hours do not count, however many there are")
    void gkeIgnoresShortBlocks() {
        assertThat(check(GKE, weekly("MO,TU,WE,TH,FR,SA,SU", "3h"))).singleElement().asString()
                .contains("the schedule allows only 0s in blocks of at least 4h");
    }

    @Test
    @DisplayName("aks: every window must last 4 to 24 hours")
    void aksBoundsWindowLengths() {
        assertThat(check(AKS, weekly("SA", "2h"))).containsExactly(
                "s.yaml:6:7: spec.maintenanceWindows[0]: profile aks: window 'spec.maintenanceWindows[0]' lasts 2h;"
                        + " the profile allows windows of 4h to 24h");
        assertThat(check(AKS, weekly("SA", "10h"))).isEmpty();
        assertThat(check(AKS, weekly("SA", "30h"))).hasSize(1);
    }

    @Test
    @DisplayName("a user's profile is a document in the same format, read with positions for every problem")
    void readsUserProfiles() {
        Problems problems = new Problems();
        Optional<AvailabilityProfile> strict = AvailabilityProfile.KIND.read(Documents.document("""
                apiVersion: upshift.dev/v1alpha1
                kind: AvailabilityProfile
                metadata: {name: strict}
                spec:
                  allowedTime: {atLeast: 72h, inAnyRolling: 7d}
                """), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(strict.orElseThrow().allowedTime().orElseThrow().countingBlocksOf()).isZero();

        assertThat(AvailabilityProfile.KIND.read(Documents.document("""
                apiVersion: upshift.dev/v1alpha1
                kind: AvailabilityProfile
                metadata: {name: broken}
                spec:
                  allowedTime: {atleast: 72h, inAnyRolling: 7d}
                  windowLength: {min: 5h, max: 4h}
                """), problems)).isEmpty();
        assertThat(Documents.messages(problems)).containsExactly(
                "s.yaml:5:16: spec.allowedTime.atLeast: missing required field",
                "s.yaml:5:17: spec.allowedTime.atleast: unknown field; did you mean 'atLeast'?",
                "s.yaml:6:32: spec.windowLength.max: must not be shorter than min");
    }
}
