package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gathers one Cluster API cluster's objects: its {@code Cluster}, the control plane it references,
 * its machine deployments (by Cluster API's cluster-name label), and the infrastructure and bootstrap
 * templates these reference; each once, in that order.
 */
final class ClusterObjects {
    private final KubeObjects objects;
    private final ApiVersions versions;

    ClusterObjects(KubeObjects objects, ApiVersions versions) {
        this.objects = objects;
        this.versions = versions;
    }

    /** A reference Upshift could not follow; the message names the objects. */
    static final class UnreadableCluster extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String field;

        UnreadableCluster(String field, String message) {
            super(message, null, false, false);
            this.field = field;
        }
    }

    List<ObjectNode> of(ObjectNode cluster) {
        String namespace = Trees.text(cluster, "metadata", "namespace");
        String name = Trees.text(cluster, "metadata", "name");
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        out.put(key(cluster), cluster);
        Optional<ObjectNode> controlPlane = follow(cluster, "spec.controlPlaneRef", Trees.at(cluster, "spec",
                "controlPlaneRef"), namespace);
        controlPlane.ifPresent(cp -> {
            out.put(key(cp), cp);
            JsonNode ref = Trees.at(cp, "spec", "machineTemplate", "spec", "infrastructureRef");
            String field = "spec.machineTemplate.spec.infrastructureRef";
            if (ref.isMissingNode()) {
                ref = Trees.at(cp, "spec", "machineTemplate", "infrastructureRef");
                field = "spec.machineTemplate.infrastructureRef";
            }
            follow(cp, field, ref, namespace).ifPresent(t -> out.putIfAbsent(key(t), t));
        });
        List<ObjectNode> deployments = objects.list(versions.core(), "MachineDeployment", Optional.of(namespace),
                Map.of(UpshiftLabels.CLUSTER_NAME, name));
        List<ObjectNode> templates = new ArrayList<>();
        for (ObjectNode md : deployments) {
            out.put(key(md), md);
            follow(md, "spec.template.spec.infrastructureRef", Trees.at(md, "spec", "template", "spec",
                    "infrastructureRef"), namespace).ifPresent(templates::add);
            follow(md, "spec.template.spec.bootstrap.configRef", Trees.at(md, "spec", "template", "spec", "bootstrap",
                    "configRef"), namespace).ifPresent(templates::add);
        }
        templates.forEach(t -> out.putIfAbsent(key(t), t));
        return List.copyOf(out.values());
    }

    private Optional<ObjectNode> follow(ObjectNode from, String field, JsonNode ref, String namespace) {
        if (!ref.isObject() || Trees.text(ref, "name").isEmpty() || Trees.text(ref, "kind").isEmpty()) {
            return Optional.empty();
        }
        String kind = Trees.text(ref, "kind");
        String apiVersion = Trees.text(ref, "apiVersion");
        if (apiVersion.isEmpty()) {
            String group = Trees.text(ref, "apiGroup");
            apiVersion = versions.apiVersion(group, kind).orElseThrow(() -> new UnreadableCluster(field,
                    Trees.display(from) + " references a " + kind + " of API group " + group
                            + ", whose version Upshift does not know: set it with apiVersion(\"" + group
                            + "\", version) on the inventory"));
        }
        String refNamespace = Trees.text(ref, "namespace").isEmpty() ? namespace : Trees.text(ref, "namespace");
        String refName = Trees.text(ref, "name");
        String version = apiVersion;
        return Optional.of(objects.get(apiVersion, kind, refNamespace, refName).orElseThrow(() -> new UnreadableCluster(
                field, Trees.display(from) + " references " + kind + " " + refNamespace + "/" + refName + " ("
                        + version + "), which does not exist")));
    }

    private static String key(JsonNode o) {
        return Trees.text(o, "apiVersion").replaceAll("/.*", "") + "/" + Trees.text(o, "kind") + "/"
                + Trees.text(o, "metadata", "namespace") + "/" + Trees.text(o, "metadata", "name");
    }
}
