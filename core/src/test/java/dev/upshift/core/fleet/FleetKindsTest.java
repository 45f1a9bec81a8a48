package dev.upshift.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.ApiRemovals;
import dev.upshift.release.Release;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;
import org.junit.jupiter.api.Test;

class FleetKindsTest {
    @Test
    void holdsUpshiftsOwnKindsEachDeclaredByItsModule() {
        assertThat(FleetKinds.standard().kinds()).containsExactly(
                Release.KIND, ApiRemovals.KIND, MaintenanceSchedule.KIND, AvailabilityProfile.KIND, FieldRules.KIND,
                FleetKinds.MANAGED_CLUSTER, FleetKinds.CLUSTER_UPGRADE);
        assertThat(FleetKinds.standard().names()).containsExactly("ApiRemovals", "AvailabilityProfile", "ClusterUpgrade", "FieldRules",
                "MaintenanceSchedule", "ManagedCluster", "Release");
        assertThat(FleetKinds.standard().kinds()).allSatisfy(k -> assertThat(k.apiVersion()).isEqualTo("upshift.dev/v1alpha1"));
    }
}
