package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A {@code ManagedCluster} document as a {@link FleetBuilder} writes it (docs/formats.md): each
 * method sets one field. A new cluster starts with {@code infrastructure: aws}; one taken from a
 * fleet folder starts as the folder has it.
 *
 * <pre>{@code
 * fleet.cluster("prod-eu-1", c -> c.release("19.3.1").label("stage", "prod").label("region", "eu")
 *         .schedule("weekday-nights").freeze(Instant.parse("2026-12-31T00:00:00Z"), "year-end freeze"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClusterSpec {
    private final ObjectNode doc;

    ClusterSpec(ObjectNode doc) {
        this.doc = doc;
    }

    /** Sets a label ({@code metadata.labels}). */
    public ClusterSpec label(String key, String value) {
        Trees.object(doc, "metadata", "labels").put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Sets several labels. */
    public ClusterSpec labels(Map<String, String> labels) {
        labels.forEach(this::label);
        return this;
    }

    /** Removes a label. */
    public ClusterSpec withoutLabel(String key) {
        Trees.object(doc, "metadata", "labels").remove(key);
        return this;
    }

    /** The release it runs ({@code spec.release}). */
    public ClusterSpec release(String version) {
        Trees.object(doc, "spec").put("release", Objects.requireNonNull(version, "version"));
        return this;
    }

    /** Its infrastructure ({@code spec.infrastructure}: {@code aws}, {@code azure}, ...). */
    public ClusterSpec infrastructure(String name) {
        Trees.object(doc, "spec").put("infrastructure", Objects.requireNonNull(name, "name"));
        return this;
    }

    /** The maintenance schedule it follows ({@code spec.schedule}). */
    public ClusterSpec schedule(String name) {
        Trees.object(doc, "spec").put("schedule", Objects.requireNonNull(name, "name"));
        return this;
    }

    /** No schedule: upgrades may run at any time. */
    public ClusterSpec noSchedule() {
        Trees.object(doc, "spec").remove("schedule");
        return this;
    }

    /** A freeze until an instant, with its reason ({@code spec.freeze}). */
    public ClusterSpec freeze(Instant until, String reason) {
        ObjectNode f = Trees.object(doc, "spec", "freeze");
        f.put("until", until.toString());
        f.put("reason", Objects.requireNonNull(reason, "reason"));
        return this;
    }

    /** No freeze. */
    public ClusterSpec noFreeze() {
        Trees.object(doc, "spec").remove("freeze");
        return this;
    }

    /**
     * Adds one of the cluster's own values ({@code spec.values}): a partial document merged over its
     * documents of {@code kind}, after the release's defaults.
     *
     * @param kind the kind of document they apply to ({@code AWSMachineTemplate})
     * @param yamlValues the partial document, in YAML ({@code {spec: {template: {spec: {instanceType: m6i.2xlarge}}}}})
     */
    public ClusterSpec values(String kind, String yamlValues) {
        ObjectNode item = Trees.array(Trees.object(doc, "spec"), "values").addObject();
        item.putObject("match").put("kind", Objects.requireNonNull(kind, "kind"));
        item.set("values", Trees.parse(yamlValues));
        return this;
    }

    /**
     * Its Kubernetes documents ({@code spec.resources}), in YAML, several separated by {@code ---};
     * they replace any it had.
     */
    public ClusterSpec resources(String yamlDocuments) {
        ArrayNode list = Trees.object(doc, "spec").putArray("resources");
        for (String part : yamlDocuments.split("(?m)^---\\s*$")) {
            if (!part.isBlank()) {
                JsonNode d = Trees.parse(part);
                list.add(d);
            }
        }
        Trees.object(doc, "spec").remove("resourcesFrom");
        return this;
    }

    /** Sets any field of the document, by its dotted path, to a YAML value: {@code set("spec.release", "20.1.0")}. */
    public ClusterSpec set(String dottedPath, String yamlValue) {
        Trees.set(doc, dottedPath, yamlValue);
        return this;
    }
}
