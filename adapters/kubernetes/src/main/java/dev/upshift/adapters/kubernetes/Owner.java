package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * What Cluster API reports of one owner of machines (the control plane, or a machine deployment): how
 * many machines it wants, how many are up to date and ready, at which versions.
 */
record Owner(String name, String version, String target, int desired, int replicas, int upToDate, int ready,
        List<String> versions, boolean observed) {

    /** The control plane; {@code target} the version the cluster's topology asks for, or empty. */
    static Owner controlPlane(JsonNode cp, String target) {
        return of("control plane", cp, Trees.text(cp, "spec", "version"), target);
    }

    static Owner deployment(JsonNode md, String target) {
        return of("machine deployment " + Trees.text(md, "metadata", "name"), md,
                Trees.text(md, "spec", "template", "spec", "version"), target);
    }

    private static Owner of(String name, JsonNode o, String version, String topology) {
        String target = topology.isEmpty() ? version : topology;
        int desired = (int) Trees.number(o, "spec", "replicas").orElse(1);
        int replicas = count(o, "replicas");
        OptionalLong upToDate = Trees.number(o, "status", "upToDateReplicas");
        if (upToDate.isEmpty()) {
            upToDate = Trees.number(o, "status", "deprecated", "v1beta1", "updatedReplicas");
        }
        if (upToDate.isEmpty()) {
            upToDate = Trees.number(o, "status", "updatedReplicas");
        }
        List<String> versions = new ArrayList<>();
        for (JsonNode v : Trees.at(o, "status", "versions")) {
            versions.add(Trees.text(v, "version"));
        }
        if (versions.isEmpty() && !Trees.text(o, "status", "version").isEmpty()) {
            versions.add(Trees.text(o, "status", "version"));
        }
        OptionalLong generation = Trees.number(o, "metadata", "generation");
        OptionalLong observed = Trees.number(o, "status", "observedGeneration");
        boolean seen = generation.isEmpty() || observed.isPresent() && observed.getAsLong() >= generation.getAsLong();
        return new Owner(name, version, target, desired, replicas, (int) upToDate.orElse(0), count(o, "readyReplicas"),
                List.copyOf(versions), seen);
    }

    private static int count(JsonNode o, String field) {
        return (int) Trees.number(o, "status", field).orElse(0);
    }

    /** The machines done: up to date, no more than wanted. */
    int upgraded() {
        return version.equals(target) ? Math.max(0, Math.min(upToDate, desired)) : 0;
    }

    boolean done() {
        return observed && version.equals(target) && upToDate >= desired && replicas == desired && ready >= desired
                && versions.stream().allMatch(v -> v.equals(version));
    }

    /** {@code control plane: 2 of 3 machines up to date at v1.30.2, 3 ready, 4 in all} */
    String describe() {
        if (!observed) {
            return name + ": Cluster API has not yet seen the change";
        }
        StringBuilder s = new StringBuilder(name).append(": ").append(upgraded()).append(" of ").append(desired)
                .append(desired == 1 ? " machine" : " machines").append(" up to date");
        if (!target.isEmpty()) {
            s.append(" at ").append(target);
        }
        s.append(", ").append(ready).append(" ready");
        if (replicas != desired) {
            s.append(", ").append(replicas).append(" in all");
        }
        if (!versions.isEmpty() && versions.stream().anyMatch(v -> !v.equals(target))) {
            s.append(" (running ").append(String.join(", ", versions)).append(')');
        }
        return s.toString();
    }
}
