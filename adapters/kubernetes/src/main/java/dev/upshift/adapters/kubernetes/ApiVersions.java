package dev.upshift.adapters.kubernetes;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The version to read an object at when a Cluster API reference names only its group (v1beta2
 * references carry {@code apiGroup} and {@code kind}, not a version): set per group, or per group
 * and kind, by the user; {@code v1beta2} for Cluster API's own groups otherwise.
 */
final class ApiVersions {
    static final String CLUSTER_GROUP = "cluster.x-k8s.io";
    private final Map<String, String> versions;

    ApiVersions(Map<String, String> versions) {
        this.versions = new TreeMap<>(versions);
    }

    static String key(String group, Optional<String> kind) {
        return kind.map(k -> group + "/" + k).orElse(group);
    }

    /** {@code group/version}, or empty when the group is not one Upshift knows and the user set none. */
    Optional<String> apiVersion(String group, String kind) {
        String v = versions.get(group + "/" + kind);
        if (v == null) {
            v = versions.get(group);
        }
        if (v == null && (group.equals(CLUSTER_GROUP) || group.endsWith("." + CLUSTER_GROUP))) {
            v = "v1beta2";
        }
        return Optional.ofNullable(v).map(version -> group.isEmpty() ? version : group + "/" + version);
    }

    /** The apiVersion of Cluster API's core kinds ({@code Cluster}, {@code MachineDeployment}, {@code Machine}). */
    String core() {
        return apiVersion(CLUSTER_GROUP, "Cluster").orElseThrow();
    }
}
