package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A {@code ClusterUpgrade} document (an upgrade intent) as a {@link FleetBuilder} writes it
 * (docs/formats.md): which clusters, to which release, when, and in which stages.
 *
 * <pre>{@code
 * fleet.upgrade("fleet-to-20.1", u -> u.release("20.1.0").matchLabel("region", "eu")
 *         .startTime(Instant.parse("2026-12-07T07:00:00Z")).expectedDuration(Duration.ofHours(2))
 *         .stage("staging", s -> s.matchLabel("stage", "staging").soak(Duration.ofHours(48)))
 *         .stage("prod", s -> s.matchLabel("stage", "prod").maxConcurrent(2)));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpgradeSpec {
    private final ObjectNode doc;

    UpgradeSpec(ObjectNode doc) {
        this.doc = doc;
    }

    private ObjectNode spec() {
        return Trees.object(doc, "spec");
    }

    /** The target release ({@code spec.release}); removes a channel target. */
    public UpgradeSpec release(String version) {
        spec().remove("target");
        spec().put("release", Objects.requireNonNull(version, "version"));
        return this;
    }

    /** The target: the newest release of a channel within a constraint ({@code spec.target}); constraint may be null. */
    public UpgradeSpec channel(String channel, String constraint) {
        spec().remove("release");
        ObjectNode t = spec().putObject("target");
        t.put("channel", Objects.requireNonNull(channel, "channel"));
        if (constraint != null) {
            t.put("constraint", constraint);
        }
        return this;
    }

    /** Adds a matcher: clusters whose label {@code key} is {@code value}. */
    public UpgradeSpec matchLabel(String key, String value) {
        Trees.array(spec(), "matchers").add(Trees.matcher(key, value, false));
        return this;
    }

    /** Adds a matcher: clusters whose label {@code key} matches an RE2 expression (the whole value). */
    public UpgradeSpec matchLabelRegex(String key, String regex) {
        Trees.array(spec(), "matchers").add(Trees.matcher(key, regex, true));
        return this;
    }

    /** Adds a matcher: the cluster of this id. */
    public UpgradeSpec matchCluster(String id) {
        Trees.array(spec(), "matchers").add(Trees.matcher(null, id, false));
        return this;
    }

    /** Adds a matcher: the clusters whose id matches an RE2 expression. */
    public UpgradeSpec matchClusterRegex(String regex) {
        Trees.array(spec(), "matchers").add(Trees.matcher(null, regex, true));
        return this;
    }

    /** Removes every matcher. */
    public UpgradeSpec clearMatchers() {
        spec().remove("matchers");
        return this;
    }

    /** Not before this instant ({@code spec.startTime}). */
    public UpgradeSpec startTime(Instant start) {
        spec().put("startTime", start.toString());
        return this;
    }

    /** How long one upgrade takes ({@code spec.expectedDuration}). */
    public UpgradeSpec expectedDuration(Duration d) {
        spec().put("expectedDuration", Trees.duration(d));
        return this;
    }

    /** {@code startWithin}, {@code completeWithin} or {@code pauseAndResume}. */
    public UpgradeSpec windowPolicy(String word) {
        spec().put("windowPolicy", Objects.requireNonNull(word, "word"));
        return this;
    }

    /** {@code rolling}, {@code inPlace} or {@code external}. */
    public UpgradeSpec strategy(String word) {
        spec().put("strategy", Objects.requireNonNull(word, "word"));
        return this;
    }

    /** {@code rolling} or {@code none}: what happens when every strategy declines. */
    public UpgradeSpec fallback(String word) {
        spec().put("fallback", Objects.requireNonNull(word, "word"));
        return this;
    }

    /** {@code report} or {@code repair}: what the plan does with a selected cluster that drifted from its release ({@code spec.drift}). */
    public UpgradeSpec drift(String word) {
        spec().put("drift", Objects.requireNonNull(word, "word"));
        return this;
    }

    /** How long one hop may stay in progress before the engine fails it ({@code spec.timeout}). */
    public UpgradeSpec timeout(Duration d) {
        spec().put("timeout", Trees.duration(d));
        return this;
    }

    /** Adds a stage, or changes the stage of this name, after those added before it. */
    public UpgradeSpec stage(String name, Consumer<StageSpec> stage) {
        stage.accept(new StageSpec(Trees.named(Trees.array(spec(), "stages"), Objects.requireNonNull(name, "name"))));
        return this;
    }

    /** Removes a stage by name. */
    public UpgradeSpec withoutStage(String name) {
        var stages = Trees.array(spec(), "stages");
        for (int i = stages.size() - 1; i >= 0; i--) {
            if (name.equals(stages.get(i).path("name").asText(null))) {
                stages.remove(i);
            }
        }
        return this;
    }

    /** Sets any field of the document, by its dotted path, to a YAML value. */
    public UpgradeSpec set(String dottedPath, String yamlValue) {
        Trees.set(doc, dottedPath, yamlValue);
        return this;
    }
}
