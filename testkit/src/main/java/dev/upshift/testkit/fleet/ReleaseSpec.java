package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.LocalDate;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A {@code Release} document as a {@link FleetBuilder} writes it (docs/formats.md): components,
 * compatibility, defaults and field rules.
 *
 * <pre>{@code
 * fleet.release("20.1.0", r -> r.kubernetes("1.30.2").component("etcd", "3.5.12").upgradesFrom(">=19.3.0 <20.1.0")
 *         .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
 *         .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReleaseSpec {
    private final ObjectNode doc;

    ReleaseSpec(ObjectNode doc) {
        this.doc = doc;
    }

    /** A component's version ({@code spec.components}). */
    public ReleaseSpec component(String name, String version) {
        Trees.object(doc, "spec", "components").put(Objects.requireNonNull(name, "name"),
                Objects.requireNonNull(version, "version"));
        return this;
    }

    /** The {@code kubernetes} component's version. */
    public ReleaseSpec kubernetes(String version) {
        return component("kubernetes", version);
    }

    /** The releases it upgrades from, as a constraint ({@code spec.upgradesFrom}: {@code ">=19.2.0 <20.1.0"}). */
    public ReleaseSpec upgradesFrom(String constraint) {
        Trees.object(doc, "spec").put("upgradesFrom", Objects.requireNonNull(constraint, "constraint"));
        return this;
    }

    /** A component's own compatibility ({@code spec.componentUpgradesFrom}). */
    public ReleaseSpec componentUpgradesFrom(String component, String constraint) {
        Trees.object(doc, "spec", "componentUpgradesFrom").put(Objects.requireNonNull(component, "component"),
                Objects.requireNonNull(constraint, "constraint"));
        return this;
    }

    /** Its state: {@code active}, {@code deprecated} or {@code withdrawn}. */
    public ReleaseSpec state(String word) {
        Trees.object(doc, "spec").put("state", Objects.requireNonNull(word, "word"));
        return this;
    }

    /** Its end of life ({@code spec.endOfLife}). */
    public ReleaseSpec endOfLife(LocalDate day) {
        Trees.object(doc, "spec").put("endOfLife", day.toString());
        return this;
    }

    /** Adds a channel it belongs to ({@code spec.channels}). */
    public ReleaseSpec channel(String name) {
        Trees.array(Trees.object(doc, "spec"), "channels").add(Objects.requireNonNull(name, "name"));
        return this;
    }

    /**
     * Adds defaults it puts on every document of a kind ({@code spec.defaults}).
     *
     * @param kind the kind ({@code KubeadmControlPlane})
     * @param yamlValues the partial document ({@code {spec: {version: v1.30.2}}})
     */
    public ReleaseSpec defaults(String kind, String yamlValues) {
        ObjectNode item = Trees.array(Trees.object(doc, "spec"), "defaults").addObject();
        item.putObject("match").put("kind", Objects.requireNonNull(kind, "kind"));
        item.set("values", Trees.parse(yamlValues));
        return this;
    }

    /**
     * Adds a field rule ({@code spec.fieldRules}).
     *
     * @param kind the kind of document it is about, or null for any
     * @param path the field path ({@code spec.template.spec.instanceType})
     * @param onConflict {@code overwrite}, {@code keep} or {@code fail}
     * @param impact {@code none}, {@code inPlace}, {@code rolling} or {@code replace}
     */
    public ReleaseSpec fieldRule(String kind, String path, String onConflict, String impact) {
        ObjectNode rule = Trees.array(Trees.object(doc, "spec"), "fieldRules").addObject();
        if (kind != null) {
            rule.putObject("match").put("kind", kind);
        }
        rule.put("path", Objects.requireNonNull(path, "path"));
        rule.put("onConflict", Objects.requireNonNull(onConflict, "onConflict"));
        rule.put("impact", Objects.requireNonNull(impact, "impact"));
        return this;
    }

    /** Adds a field rule written in YAML, for the fields the other methods do not set ({@code {path: x, mutable: false}}). */
    public ReleaseSpec fieldRule(String yamlRule) {
        Trees.array(Trees.object(doc, "spec"), "fieldRules").add(Trees.parse(yamlRule));
        return this;
    }

    /** Sets any field of the document, by its dotted path, to a YAML value. */
    public ReleaseSpec set(String dottedPath, String yamlValue) {
        Trees.set(doc, dottedPath, yamlValue);
        return this;
    }
}
