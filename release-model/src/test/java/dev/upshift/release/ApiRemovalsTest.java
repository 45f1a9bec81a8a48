package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The built-in table against a second reading of the Kubernetes deprecated API migration guide
 * (https://kubernetes.io/docs/reference/using-api/deprecation-guide/): per release, the sentences
 * of its section ("The X API version of K is no longer served as of vN; migrate to Y, available
 * since vM"), written out here again as text, not derived from the table; then invariants every
 * entry must keep.
 */
class ApiRemovalsTest {
    private static final ApiRemovals TABLE = ApiRemovals.kubernetes();

    /** {@code "batch/v1beta1 CronJob -> batch/v1 since 1.21"}, or {@code "... -> none"}: the guide's words. */
    private static List<String> section(String release) {
        return TABLE.removedIn(ApiRemovals.KUBERNETES, Version.parse(release)).stream()
                .map(r -> r.api() + " -> " + r.replacement().map(x -> x + " since "
                        + ApiRemoval.text(r.replacementSince().orElseThrow())).orElse("none"))
                .toList();
    }

    @Test
    @DisplayName("v1.32 stops serving flowcontrol v1beta3, replaced by v1 served since v1.29")
    void v132() {
        assertThat(section("1.32")).containsExactlyInAnyOrder(
                "flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema -> flowcontrol.apiserver.k8s.io/v1 since 1.29",
                "flowcontrol.apiserver.k8s.io/v1beta3 PriorityLevelConfiguration -> flowcontrol.apiserver.k8s.io/v1 since 1.29");
    }

    @Test
    @DisplayName("v1.29 stops serving flowcontrol v1beta2, replaced by v1beta3 served since v1.26")
    void v129() {
        assertThat(section("1.29")).containsExactlyInAnyOrder(
                "flowcontrol.apiserver.k8s.io/v1beta2 FlowSchema -> flowcontrol.apiserver.k8s.io/v1beta3 since 1.26",
                "flowcontrol.apiserver.k8s.io/v1beta2 PriorityLevelConfiguration -> flowcontrol.apiserver.k8s.io/v1beta3 since 1.26");
    }

    @Test
    @DisplayName("v1.28 and v1.30, v1.31 remove nothing")
    void quietReleases() {
        for (String release : List.of("1.23", "1.24", "1.28", "1.30", "1.31", "1.33")) {
            assertThat(section(release)).as(release).isEmpty();
        }
    }

    @Test
    @DisplayName("v1.27 stops serving storage.k8s.io/v1beta1 CSIStorageCapacity")
    void v127() {
        assertThat(section("1.27")).containsExactly("storage.k8s.io/v1beta1 CSIStorageCapacity -> storage.k8s.io/v1 since 1.24");
    }

    @Test
    @DisplayName("v1.26 stops serving flowcontrol v1beta1 and autoscaling/v2beta2")
    void v126() {
        assertThat(section("1.26")).containsExactlyInAnyOrder(
                "flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema -> flowcontrol.apiserver.k8s.io/v1beta2 since 1.23",
                "flowcontrol.apiserver.k8s.io/v1beta1 PriorityLevelConfiguration -> flowcontrol.apiserver.k8s.io/v1beta2 since 1.23",
                "autoscaling/v2beta2 HorizontalPodAutoscaler -> autoscaling/v2 since 1.23");
    }

    @Test
    @DisplayName("v1.25 stops serving the seven APIs of its section, PodSecurityPolicy without replacement")
    void v125() {
        assertThat(section("1.25")).containsExactlyInAnyOrder(
                "batch/v1beta1 CronJob -> batch/v1 since 1.21",
                "discovery.k8s.io/v1beta1 EndpointSlice -> discovery.k8s.io/v1 since 1.21",
                "events.k8s.io/v1beta1 Event -> events.k8s.io/v1 since 1.19",
                "autoscaling/v2beta1 HorizontalPodAutoscaler -> autoscaling/v2 since 1.23",
                "policy/v1beta1 PodDisruptionBudget -> policy/v1 since 1.21",
                "policy/v1beta1 PodSecurityPolicy -> none",
                "node.k8s.io/v1beta1 RuntimeClass -> node.k8s.io/v1 since 1.20");
    }

    @Test
    @DisplayName("v1.22 stops serving the beta APIs of its section, each replaced by its GA version")
    void v122() {
        assertThat(section("1.22")).containsExactlyInAnyOrder(
                "admissionregistration.k8s.io/v1beta1 MutatingWebhookConfiguration -> admissionregistration.k8s.io/v1 since 1.16",
                "admissionregistration.k8s.io/v1beta1 ValidatingWebhookConfiguration -> admissionregistration.k8s.io/v1 since 1.16",
                "apiextensions.k8s.io/v1beta1 CustomResourceDefinition -> apiextensions.k8s.io/v1 since 1.16",
                "apiregistration.k8s.io/v1beta1 APIService -> apiregistration.k8s.io/v1 since 1.10",
                "authentication.k8s.io/v1beta1 TokenReview -> authentication.k8s.io/v1 since 1.6",
                "authorization.k8s.io/v1beta1 LocalSubjectAccessReview -> authorization.k8s.io/v1 since 1.6",
                "authorization.k8s.io/v1beta1 SelfSubjectAccessReview -> authorization.k8s.io/v1 since 1.6",
                "authorization.k8s.io/v1beta1 SubjectAccessReview -> authorization.k8s.io/v1 since 1.6",
                "authorization.k8s.io/v1beta1 SelfSubjectRulesReview -> authorization.k8s.io/v1 since 1.6",
                "certificates.k8s.io/v1beta1 CertificateSigningRequest -> certificates.k8s.io/v1 since 1.19",
                "coordination.k8s.io/v1beta1 Lease -> coordination.k8s.io/v1 since 1.14",
                "extensions/v1beta1 Ingress -> networking.k8s.io/v1 since 1.19",
                "networking.k8s.io/v1beta1 Ingress -> networking.k8s.io/v1 since 1.19",
                "networking.k8s.io/v1beta1 IngressClass -> networking.k8s.io/v1 since 1.19",
                "rbac.authorization.k8s.io/v1beta1 ClusterRole -> rbac.authorization.k8s.io/v1 since 1.8",
                "rbac.authorization.k8s.io/v1beta1 ClusterRoleBinding -> rbac.authorization.k8s.io/v1 since 1.8",
                "rbac.authorization.k8s.io/v1beta1 Role -> rbac.authorization.k8s.io/v1 since 1.8",
                "rbac.authorization.k8s.io/v1beta1 RoleBinding -> rbac.authorization.k8s.io/v1 since 1.8",
                "scheduling.k8s.io/v1beta1 PriorityClass -> scheduling.k8s.io/v1 since 1.14",
                "storage.k8s.io/v1beta1 CSIDriver -> storage.k8s.io/v1 since 1.19",
                "storage.k8s.io/v1beta1 CSINode -> storage.k8s.io/v1 since 1.17",
                "storage.k8s.io/v1beta1 StorageClass -> storage.k8s.io/v1 since 1.6",
                "storage.k8s.io/v1beta1 VolumeAttachment -> storage.k8s.io/v1 since 1.13");
    }

    @Test
    @DisplayName("v1.16 stops serving the workload APIs of extensions/v1beta1 and apps/v1beta1, v1beta2")
    void v116() {
        assertThat(section("1.16")).containsExactlyInAnyOrder(
                "extensions/v1beta1 NetworkPolicy -> networking.k8s.io/v1 since 1.8",
                "extensions/v1beta1 PodSecurityPolicy -> policy/v1beta1 since 1.10",
                "extensions/v1beta1 DaemonSet -> apps/v1 since 1.9",
                "apps/v1beta2 DaemonSet -> apps/v1 since 1.9",
                "extensions/v1beta1 Deployment -> apps/v1 since 1.9",
                "apps/v1beta1 Deployment -> apps/v1 since 1.9",
                "apps/v1beta2 Deployment -> apps/v1 since 1.9",
                "apps/v1beta1 StatefulSet -> apps/v1 since 1.9",
                "apps/v1beta2 StatefulSet -> apps/v1 since 1.9",
                "extensions/v1beta1 ReplicaSet -> apps/v1 since 1.9",
                "apps/v1beta1 ReplicaSet -> apps/v1 since 1.9",
                "apps/v1beta2 ReplicaSet -> apps/v1 since 1.9");
    }

    @Test
    @DisplayName("every entry is deprecated before it is removed, and its replacement is served before the removal")
    void everyEntryCanBeMigratedBeforeItsRemoval() {
        for (ApiRemoval r : TABLE.entries()) {
            assertThat(r.deprecatedIn()).as(r.api()).isPresent();
            assertThat(r.deprecatedIn().get().compareMajorMinor(r.removedIn())).as(r.api()).isNegative();
            r.replacementSince().ifPresent(since -> assertThat(since.compareMajorMinor(r.removedIn())).as(r.api())
                    .isNegative());
            r.replacement().ifPresent(x -> assertThat(x).as(r.api()).isNotEqualTo(r.apiVersion()));
        }
    }

    @Test
    @DisplayName("following replacements always ends at an API never removed, or at one without replacement")
    void replacementChainsEnd() {
        for (ApiRemoval r : TABLE.entries()) {
            Set<String> seen = new HashSet<>();
            Optional<ApiRemoval> at = Optional.of(r);
            while (at.isPresent() && at.get().replacement().isPresent()) {
                ApiRemoval here = at.get();
                assertThat(seen.add(here.api())).as("a cycle through " + here.api()).isTrue();
                Optional<ApiRemoval> next = TABLE.find(here.replacement().get(), here.kind());
                // a replacement that is itself removed later is removed after the API it replaces
                next.ifPresent(n -> assertThat(n.removedIn().compareMajorMinor(here.removedIn())).as(n.api()).isPositive());
                at = next;
            }
        }
        assertThat(TABLE.find("flowcontrol.apiserver.k8s.io/v1beta1", "FlowSchema").orElseThrow().replacement())
                .contains("flowcontrol.apiserver.k8s.io/v1beta2");
        assertThat(TABLE.find("flowcontrol.apiserver.k8s.io/v1", "FlowSchema")).isEmpty();
    }

    @Test
    @DisplayName("an API is served before its removal and not from it on; deprecated only in between")
    void servedAndDeprecated() {
        ApiRemoval cronJob = TABLE.find("batch/v1beta1", "CronJob").orElseThrow();
        assertThat(cronJob.servedAt(Version.parse("1.24.17"))).isTrue();
        assertThat(cronJob.servedAt(Version.parse("1.25.0"))).isFalse();
        assertThat(cronJob.deprecatedAt(Version.parse("1.20.9"))).isFalse();
        assertThat(cronJob.deprecatedAt(Version.parse("1.21.0"))).isTrue();
        assertThat(cronJob.deprecatedAt(Version.parse("1.25.0"))).isFalse();
        assertThat(cronJob.replacementServedAt(Version.parse("1.20.0"))).isFalse();
        assertThat(cronJob.replacementServedAt(Version.parse("1.21.3"))).isTrue();
        assertThat(TABLE.find("batch/v1", "CronJob")).isEmpty();
    }

    @Test
    @DisplayName("a fleet's own entry replaces the built-in one of the same API and adds new ones")
    void withReplaces() {
        ApiRemoval own = new ApiRemoval("batch/v1beta1", "CronJob", "kubernetes", Optional.empty(),
                Version.parse("1.24"), Optional.empty(), Optional.empty(), "fleet/removals.yaml:3");
        ApiRemoval certManager = new ApiRemoval("cert-manager.io/v1alpha2", "Certificate", "cert-manager",
                Optional.of(Version.parse("1.4")), Version.parse("1.7"), Optional.of("cert-manager.io/v1"),
                Optional.of(Version.parse("1.0")), "fleet/removals.yaml:12");
        ApiRemovals t = TABLE.with(List.of(own, certManager));
        assertThat(t.find("batch/v1beta1", "CronJob")).contains(own);
        assertThat(t.find("cert-manager.io/v1alpha2", "Certificate")).contains(certManager);
        assertThat(t.entries()).hasSize(TABLE.entries().size() + 1);
        assertThat(TABLE.find("batch/v1beta1", "CronJob").orElseThrow().source()).contains("migration guide");
    }

    @Test
    @DisplayName("an entry refuses a deprecation at or after its removal, and a replacement without its release")
    void badEntries() {
        assertThatThrownBy(() -> new ApiRemoval("batch/v1beta1", "CronJob", "kubernetes", Optional.of(Version.parse("1.25")),
                Version.parse("1.25"), Optional.empty(), Optional.empty(), "x"))
                .hasMessageContaining("deprecated in 1.25, which is not before its removal in 1.25");
        assertThatThrownBy(() -> new ApiRemoval("batch/v1beta1", "CronJob", "kubernetes", Optional.empty(),
                Version.parse("1.25"), Optional.of("batch/v1"), Optional.empty(), "x"))
                .hasMessageContaining("go together");
        assertThatThrownBy(() -> new ApiRemoval("Batch/V1", "CronJob", "kubernetes", Optional.empty(),
                Version.parse("1.25"), Optional.empty(), Optional.empty(), "x"))
                .hasMessageContaining("group/version");
    }
}
