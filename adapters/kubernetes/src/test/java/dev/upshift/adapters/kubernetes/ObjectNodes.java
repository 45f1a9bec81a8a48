package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Copies of stored objects under another apiVersion (a provider of another group). */
final class ObjectNodes {
    private ObjectNodes() {}

    static void copy(ManagementCluster m, String apiVersion, String kind, String name, String newApiVersion) {
        ObjectNode o = m.get(apiVersion, kind, "default", name).orElseThrow().deepCopy();
        o.put("apiVersion", newApiVersion);
        o.withObjectProperty("metadata").remove(java.util.List.of("resourceVersion", "uid"));
        m.create(o);
    }
}
