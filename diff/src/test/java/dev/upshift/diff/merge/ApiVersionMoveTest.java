package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.render.ReviewReport;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.OnConflict;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 3: the Cluster API 1.10 → 1.11 path moves a KubeadmControlPlane from
 * {@code v1beta1} (where {@code extraArgs} is a mapping of flags) to {@code v1beta2} (a list of
 * {@code {name, value}}). A cluster's value kept in the old shape must not pass silently.
 */
class ApiVersionMoveTest {
    private static final String ARGS = "spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs";

    private static String kcp(String apiVersion, String apiServer) {
        return """
                apiVersion: controlplane.cluster.x-k8s.io/%s
                kind: KubeadmControlPlane
                metadata: {name: prod-cp, namespace: org-a}
                spec:
                  replicas: 3
                  version: v1.32.8
                  kubeadmConfigSpec:
                    clusterConfiguration:
                      apiServer:
                %s
                """.formatted(apiVersion, apiServer);
    }

    /** What the old release rendered: no extraArgs. */
    private static final String V1BETA1_BASE = kcp("v1beta1", "        certSANs: [api.prod.example]");
    /** What the cluster has: audit flags a platform team added, in v1beta1's shape. */
    private static final String V1BETA1_CLUSTER = kcp("v1beta1", "        certSANs: [api.prod.example]\n"
            + "        extraArgs: {audit-log-maxage: \"60\", audit-log-path: /var/log/audit.log}");

    @Test
    @DisplayName("v1beta1 → v1beta2 with the cluster's extraArgs kept as a mapping blocks, naming the field and both shapes")
    void aMappingKeptWhereTheNewVersionHasAListBlocks() {
        String target = kcp("v1beta2", "        certSANs: [api.prod.example]").replace("v1.32.8", "v1.33.4");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set("base.yaml", V1BETA1_BASE),
                Yaml.set("current.yaml", V1BETA1_CLUSTER), Yaml.set("target.yaml", target));

        assertThat(r.isBlocked()).isTrue();
        assertThat(r.blocked()).singleElement().satisfies(c -> {
            assertThat(c.path()).hasToString(ARGS);
            assertThat(c.reason()).isEqualTo(ChangeReason.VERSION_SHAPE);
            assertThat(c.message()).isEqualTo("the document moves from controlplane.cluster.x-k8s.io/v1beta1 to"
                    + " controlplane.cluster.x-k8s.io/v1beta2, but the value here, a mapping kept from the cluster"
                    + " ({\"audit-log-maxage\":\"60\",\"audit-log-path\":\"/var/log/audit.log\"}), does not fit"
                    + " controlplane.cluster.x-k8s.io/v1beta2, which has a list (keyed by name, as the built-in table says:"
                    + " Cluster API v1.14.0: controlplane.cluster.x-k8s.io/v1beta2.KubeadmControlPlane." + ARGS + ");"
                    + " convert it to the new version's shape (or let the release say how); blocked");
        });
        assertThat(ReviewReport.render(r)).contains("! " + ARGS + ": BLOCKED  the document moves from");
    }

    @Test
    @DisplayName("where the new release writes extraArgs as a list, a keep rule cannot keep the old mapping silently either")
    void aKeptMappingAgainstTheTargetsListBlocks() {
        String target = kcp("v1beta2", "        extraArgs:\n          - {name: audit-log-maxage, value: \"45\"}");
        FieldRules keep = FieldRules.of(FieldRule.forPath(ARGS).onConflict(OnConflict.KEEP).build());
        MergeResult r = ThreeWayMerge.withRules(keep).merge(Yaml.set("base.yaml", V1BETA1_BASE),
                Yaml.set("current.yaml", V1BETA1_CLUSTER), Yaml.set("target.yaml", target));

        assertThat(r.blocked()).extracting(c -> c.path() + " " + c.reason()).containsExactly(ARGS + " VERSION_SHAPE");
        assertThat(r.blocked().get(0).message()).contains("which has a list (the new release has"
                + " [{\"name\":\"audit-log-maxage\",\"value\":\"45\"}])");
    }

    @Test
    @DisplayName("a version move whose values all fit the new version goes ahead")
    void aMoveThatFitsIsNotBlocked() {
        String base = kcp("v1beta1", "        certSANs: [api.prod.example]");
        String target = kcp("v1beta2", "        certSANs: [api.prod.example]");
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set(base), Yaml.set(base), Yaml.set(target));
        assertThat(r.isBlocked()).isFalse();
        assertThat(r.changes()).extracting(c -> c.path() + " " + c.reason()).containsExactly("apiVersion RELEASE_CHANGED");
    }
}
