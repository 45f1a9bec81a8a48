package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes {@link BuiltInListTable}'s text from the sources: the Kubernetes OpenAPI document (the
 * per-group v3 files of {@code api/openapi-spec/v3}, which carry the defaults of key fields, or the
 * v2 {@code swagger.json}, which does not) and Cluster API's CRDs. {@code BuiltInListTableTest}
 * runs it when given the sources and compares its output with the committed table; docs/diff.md
 * says how to refresh.
 *
 * <p>What it keeps: the kinds of the core, apps, batch, policy and networking.k8s.io v1 groups;
 * every list below them (but not under {@code status}, {@code metadata.managedFields}, or the
 * items of atomic and set lists, which are compared whole) with its {@code x-kubernetes-list-type}
 * and {@code x-kubernetes-list-map-keys} (a list without a list type but with a
 * {@code x-kubernetes-patch-merge-key} is a map keyed by it; one with neither is atomic, as the
 * API server treats it); and, for a key field that is optional, the default the document gives it
 * when that is not the zero value ({@code protocol=TCP}). Types on the way to a list are kept,
 * others left out. For the CRDs: the listed kinds, every served version, each list of {@code spec}
 * that declares a list type or a uniqueness rule, and {@code metadata} as the API server's object
 * metadata.
 *
 * <p>Uniqueness rules: a list's {@code x-kubernetes-validations} may say that no two items share
 * some fields, in CEL. The two forms CRDs use for it are read, with any variable names and any
 * number of fields joined by {@code &&}: {@code self.all(x, self.exists_one(y, x.name == y.name))}
 * and {@code self.all(x, self.filter(y, y.name == x.name).size() == 1)}. Each becomes
 * {@code unique=name} (or {@code unique=a+b}) on the list's line; other rules are left out. A map
 * list whose map keys include such fields is then keyed by them ({@link ListSchema}): Cluster API
 * declares {@code extraArgs} keyed by name and value but allows one item per name.
 */
final class ListTableGenerator {
    static final List<String> GROUPS = List.of("/v1", "apps/v1", "batch/v1", "policy/v1", "networking.k8s.io/v1");
    static final Set<String> NOT_DOCUMENTS = Set.of("Binding", "ComponentStatus", "Event", "Eviction", "Status",
            "WatchEvent", "DeleteOptions", "APIGroup", "APIVersions");
    static final List<String> V3_FILES = List.of("api__v1_openapi.json", "apis__apps__v1_openapi.json",
            "apis__batch__v1_openapi.json", "apis__policy__v1_openapi.json", "apis__networking.k8s.io__v1_openapi.json");
    static final List<String> CLUSTER_API_CRDS = List.of(
            "core/config/crd/bases/cluster.x-k8s.io_clusters.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_clusterclasses.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_machinedeployments.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_machinesets.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_machines.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_machinepools.yaml",
            "core/config/crd/bases/cluster.x-k8s.io_machinehealthchecks.yaml",
            "controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml",
            "controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanetemplates.yaml",
            "bootstrap/kubeadm/config/crd/bases/bootstrap.cluster.x-k8s.io_kubeadmconfigs.yaml",
            "bootstrap/kubeadm/config/crd/bases/bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml");

    private final Map<String, JsonNode> schemas;
    private final Map<String, Boolean> hasLists = new HashMap<>();
    private final Set<String> emitted = new LinkedHashSet<>();
    private final List<String> lines = new ArrayList<>();

    private ListTableGenerator(Map<String, JsonNode> schemas) {
        this.schemas = schemas;
    }

    /** The Kubernetes part of the table from an OpenAPI v2 file or a directory of v3 files. */
    static String kubernetes(Path openApi, String version) {
        Map<String, JsonNode> schemas = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        List<Path> files = Files.isDirectory(openApi) ? V3_FILES.stream().map(openApi::resolve).toList() : List.of(openApi);
        for (Path f : files) {
            JsonNode doc = read(json, f);
            JsonNode defs = doc.has("definitions") ? doc.get("definitions") : doc.path("components").path("schemas");
            defs.properties().forEach(e -> schemas.put(e.getKey(), e.getValue()));
        }
        return kubernetes(schemas, version);
    }

    /** The Kubernetes part of the table from the document's schemas by name. */
    static String kubernetes(Map<String, JsonNode> schemas, String version) {
        ListTableGenerator g = new ListTableGenerator(schemas);
        g.lines.add("source Kubernetes " + version);
        List<String[]> roots = new ArrayList<>();
        schemas.forEach((name, s) -> s.path("x-kubernetes-group-version-kind").forEach(gvk -> {
            String apiVersion = gvk.path("group").asText() + "/" + gvk.path("version").asText();
            String kind = gvk.path("kind").asText();
            if (GROUPS.contains(apiVersion) && name.startsWith("io.k8s.api.") && !kind.endsWith("List")
                    && !NOT_DOCUMENTS.contains(kind)) {
                roots.add(new String[] {apiVersion.startsWith("/") ? apiVersion.substring(1) : apiVersion, kind, name});
            }
        }));
        roots.sort(Comparator.comparing((String[] r) -> r[0]).thenComparing(r -> r[1]));
        List<String> kinds = new ArrayList<>();
        for (String[] r : roots) {
            if (g.hasLists(r[2])) {
                kinds.add("kind " + r[0] + " " + r[1] + " " + shortName(r[2]));
            }
        }
        g.lines.addAll(kinds);
        for (String[] r : roots) {
            if (g.hasLists(r[2])) {
                g.emit(r[2]);
            }
        }
        return String.join("\n", g.lines) + "\n";
    }

    static String shortName(String type) {
        return type.replace("io.k8s.api.", "").replace("io.k8s.apimachinery.pkg.apis.", "");
    }

    private static String ref(JsonNode property) {
        JsonNode r = property.has("$ref") ? property.get("$ref") : property.path("allOf").path(0).get("$ref");
        return r == null ? null : r.asText().substring(r.asText().lastIndexOf('/') + 1);
    }

    private static boolean skipped(String type, String field) {
        return field.equals("status") || type.endsWith(".ObjectMeta") && field.equals("managedFields");
    }

    private boolean hasLists(String type) {
        Boolean known = hasLists.get(type);
        if (known != null) {
            return known;
        }
        hasLists.put(type, false);
        boolean result = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = schemas.get(type).path("properties").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            if (skipped(type, p.getKey())) {
                continue;
            }
            String r = ref(p.getValue());
            result |= p.getValue().path("type").asText().equals("array") || r != null && hasLists(r);
        }
        hasLists.put(type, result);
        return result;
    }

    private void emit(String type) {
        if (!emitted.add(type)) {
            return;
        }
        JsonNode schema = schemas.get(type);
        List<String> next = new ArrayList<>();
        new TreeMap<String, JsonNode>(toMap(schema.path("properties"))).forEach((field, p) -> {
            if (skipped(type, field)) {
                return;
            }
            String line = shortName(type) + " " + field + " ";
            if (p.path("type").asText().equals("array")) {
                String listType = p.has("x-kubernetes-list-type") ? p.get("x-kubernetes-list-type").asText()
                        : p.has("x-kubernetes-patch-merge-key") ? "map" : "atomic";
                if (!listType.equals("map")) {
                    lines.add(line + listType + uniqueText(p));
                    return;
                }
                String item = ref(p.path("items"));
                List<String> keys = new ArrayList<>();
                if (p.has("x-kubernetes-list-map-keys")) {
                    addAll(keys, p.get("x-kubernetes-list-map-keys"));
                } else {
                    keys.add(p.get("x-kubernetes-patch-merge-key").asText());
                }
                lines.add(line + "map " + keyText(keys, schemas.get(item)) + uniqueText(p)
                        + (hasLists(item) ? " " + shortName(item) : ""));
                if (hasLists(item)) {
                    next.add(item);
                }
            } else {
                String r = ref(p);
                if (r != null && hasLists(r)) {
                    lines.add(line + shortName(r));
                    next.add(r);
                }
            }
        });
        next.forEach(this::emit);
    }

    private static void addAll(List<String> into, JsonNode array) {
        array.forEach(k -> into.add(k.asText()));
    }

    /** {@code k1,k2=DEFAULT}: a key field gets its default when it is optional and the default is not the zero value. */
    static String keyText(List<String> keys, JsonNode itemSchema) {
        List<String> out = new ArrayList<>();
        Set<String> required = new LinkedHashSet<>();
        itemSchema.path("required").forEach(r -> required.add(r.asText()));
        for (String k : keys) {
            JsonNode d = itemSchema.path("properties").path(k).get("default");
            boolean zero = d == null || d.isNull() || d.asText().isEmpty() || d.isNumber() && d.asDouble() == 0
                    || d.isBoolean() && !d.booleanValue();
            out.add(required.contains(k) || zero ? k : k + "=" + d.asText());
        }
        return String.join(",", out);
    }

    private static Map<String, JsonNode> toMap(JsonNode object) {
        Map<String, JsonNode> out = new TreeMap<>();
        object.properties().forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** The Cluster API part of the table from a checkout of cluster-api. */
    static String clusterApi(Path checkout, String version) {
        YAMLMapper yaml = new YAMLMapper();
        return clusterApi(CLUSTER_API_CRDS.stream().map(f -> read(yaml, checkout.resolve(f))).toList(), version);
    }

    /** The Cluster API part of the table from CustomResourceDefinition documents. */
    static String clusterApi(List<JsonNode> crds, String version) {
        List<String> kinds = new ArrayList<>();
        List<String> body = new ArrayList<>();
        for (JsonNode document : crds) {
            JsonNode crd = document.path("spec");
            String group = crd.path("group").asText();
            String kind = crd.path("names").path("kind").asText();
            for (JsonNode v : crd.path("versions")) {
                if (!v.path("served").asBoolean()) {
                    continue;
                }
                String apiVersion = group + "/" + v.path("name").asText();
                String root = apiVersion + "." + kind;
                kinds.add("kind " + apiVersion + " " + kind + " " + root);
                body.add(root + " metadata meta.v1.ObjectMeta");
                crdLists(root, "spec", v.path("schema").path("openAPIV3Schema").path("properties").path("spec"), body);
            }
        }
        List<String> out = new ArrayList<>();
        out.add("source Cluster API " + version);
        out.addAll(kinds);
        out.addAll(body);
        return String.join("\n", out) + "\n";
    }

    private static void crdLists(String root, String path, JsonNode schema, List<String> out) {
        String type = schema.path("type").asText();
        if (type.equals("object")) {
            toMap(schema.path("properties")).forEach((f, p) -> crdLists(root, path + "." + f, p, out));
        } else if (type.equals("array") && (schema.has("x-kubernetes-list-type") || !uniqueText(schema).isEmpty())) {
            String listType = schema.path("x-kubernetes-list-type").asText("atomic");
            if (!listType.equals("map")) {
                out.add(root + " " + path + " " + listType + uniqueText(schema));
                return;
            }
            List<String> keys = new ArrayList<>();
            addAll(keys, schema.get("x-kubernetes-list-map-keys"));
            out.add(root + " " + path + " map " + keyText(keys, schema.path("items")) + uniqueText(schema));
            crdLists(root, path + "[*]", schema.path("items"), out);
        }
    }

    private static final Pattern EXISTS_ONE = Pattern.compile(
            "self\\.all\\(\\s*(\\w+)\\s*,\\s*self\\.exists_one\\(\\s*(\\w+)\\s*,(.*)\\)\\s*\\)");
    private static final Pattern FILTER_SIZE = Pattern.compile(
            "self\\.all\\(\\s*(\\w+)\\s*,\\s*self\\.filter\\(\\s*(\\w+)\\s*,(.*)\\)\\.size\\(\\)\\s*==\\s*1\\s*\\)");
    private static final Pattern SAME_FIELD = Pattern.compile("\\s*(\\w+)\\.(\\w+)\\s*==\\s*(\\w+)\\.(\\w+)\\s*");

    /** {@code " unique=a+b"} for each uniqueness rule of a list schema, in rule order; empty when it has none. */
    static String uniqueText(JsonNode listSchema) {
        StringBuilder out = new StringBuilder();
        for (JsonNode validation : listSchema.path("x-kubernetes-validations")) {
            uniqueFields(validation.path("rule").asText()).ifPresent(f -> out.append(" unique=").append(String.join("+", f)));
        }
        return out.toString();
    }

    /**
     * The fields a CEL rule says no two items share, when it has one of the two forms CRDs write
     * ({@code self.all(x, self.exists_one(y, x.f == y.f && ...))}, or the same with
     * {@code self.filter(y, ...).size() == 1}); empty for any other rule.
     */
    static Optional<List<String>> uniqueFields(String rule) {
        for (Pattern form : List.of(EXISTS_ONE, FILTER_SIZE)) {
            Matcher m = form.matcher(rule.strip());
            if (!m.matches() || m.group(1).equals(m.group(2))) {
                continue;
            }
            Set<String> vars = Set.of(m.group(1), m.group(2));
            List<String> fields = new ArrayList<>();
            for (String term : m.group(3).split("&&", -1)) {
                Matcher t = SAME_FIELD.matcher(term);
                if (!t.matches() || !t.group(2).equals(t.group(4)) || t.group(1).equals(t.group(3))
                        || !vars.contains(t.group(1)) || !vars.contains(t.group(3))) {
                    return Optional.empty();
                }
                fields.add(t.group(2));
            }
            return Optional.of(fields);
        }
        return Optional.empty();
    }

    private static JsonNode read(ObjectMapper mapper, Path file) {
        try {
            return mapper.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
