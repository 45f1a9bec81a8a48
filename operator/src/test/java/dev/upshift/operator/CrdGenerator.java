package dev.upshift.operator;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a CustomResourceDefinition from a resource class: its names from the fabric8 annotations,
 * its OpenAPI schema from the spec and status records (field names, types, descriptions). The
 * schema states types only: every rule about values is the document reader's, so that a resource
 * and a file are refused with the same words (docs/operator.md). fabric8's crd-generator does not
 * resolve here at the client's version; this is the small, checked substitute.
 */
final class CrdGenerator {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR));

    private CrdGenerator() {}

    /** One printer column: what {@code kubectl get} shows. */
    record Column(String name, String type, String jsonPath, String description) {}

    static String yaml(Class<? extends CustomResource<?, ?>> resource, List<Column> columns) {
        ObjectNode crd = YAML.createObjectNode();
        String group = resource.getAnnotation(Group.class).value();
        String kind = resource.getAnnotation(Kind.class).value();
        String plural = resource.getAnnotation(Plural.class).value();
        crd.put("apiVersion", "apiextensions.k8s.io/v1");
        crd.put("kind", "CustomResourceDefinition");
        crd.putObject("metadata").put("name", plural + "." + group);
        ObjectNode spec = crd.putObject("spec");
        spec.put("group", group);
        ObjectNode names = spec.putObject("names");
        names.put("kind", kind);
        names.put("listKind", kind + "List");
        names.put("plural", plural);
        names.put("singular", kind.toLowerCase(Locale.ROOT));
        ArrayNode shortNames = names.putArray("shortNames");
        for (String s : resource.getAnnotation(ShortNames.class).value()) {
            shortNames.add(s);
        }
        spec.put("scope", "Namespaced");
        ObjectNode version = spec.putArray("versions").addObject();
        version.put("name", resource.getAnnotation(Version.class).value());
        version.put("served", true);
        version.put("storage", true);
        ObjectNode root = version.putObject("schema").putObject("openAPIV3Schema");
        root.put("type", "object");
        ObjectNode properties = root.putObject("properties");
        ParameterizedType parts = (ParameterizedType) resource.getGenericSuperclass();
        properties.set("spec", schema(parts.getActualTypeArguments()[0]));
        Type status = parts.getActualTypeArguments()[1];
        if (status != Void.class) {
            properties.set("status", schema(status));
            version.putObject("subresources").putObject("status");
        }
        if (!columns.isEmpty()) {
            ArrayNode printed = version.putArray("additionalPrinterColumns");
            for (Column c : columns) {
                ObjectNode col = printed.addObject();
                col.put("name", c.name());
                col.put("type", c.type());
                col.put("jsonPath", c.jsonPath());
                col.put("description", c.description());
            }
        }
        try {
            return YAML.writeValueAsString(crd);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A record component's field: where Jackson's annotations on the component land. */
    static java.lang.reflect.Field field(Class<?> record, String name) {
        try {
            return record.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode schema(Type type) {
        ObjectNode s = YAML.createObjectNode();
        if (type == String.class) {
            s.put("type", "string");
        } else if (type == Boolean.class) {
            s.put("type", "boolean");
        } else if (type == Integer.class) {
            s.put("type", "integer");
        } else if (type == Long.class) {
            s.put("type", "integer");
            s.put("format", "int64");
        } else if (type == IntOrString.class) {
            s.put("x-kubernetes-int-or-string", true);
        } else if (type == Object.class) {
            s.put("x-kubernetes-preserve-unknown-fields", true);
        } else if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            s.put("type", "array");
            s.set("items", schema(p.getActualTypeArguments()[0]));
        } else if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
            s.put("type", "object");
            Type value = p.getActualTypeArguments()[1];
            if (value == Object.class) {
                s.put("x-kubernetes-preserve-unknown-fields", true);
            } else {
                s.set("additionalProperties", schema(value));
            }
        } else if (type instanceof Class<?> c && c.isRecord()) {
            s.put("type", "object");
            ObjectNode properties = s.putObject("properties");
            for (RecordComponent rc : c.getRecordComponents()) {
                java.lang.reflect.Field f = field(c, rc.getName());
                JsonProperty named = f.getAnnotation(JsonProperty.class);
                String name = named != null ? named.value() : rc.getName();
                ObjectNode field = schema(rc.getGenericType());
                JsonPropertyDescription d = f.getAnnotation(JsonPropertyDescription.class);
                if (d != null) {
                    ObjectNode described = YAML.createObjectNode();
                    described.put("description", d.value());
                    described.setAll(field);
                    field = described;
                }
                properties.set(name, field);
            }
        } else {
            throw new IllegalArgumentException("no schema for " + type);
        }
        return s;
    }
}
