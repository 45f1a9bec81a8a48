package dev.upshift.testkit.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * One stage of a {@code ClusterUpgrade} as a {@link FleetBuilder} writes it: which clusters, its
 * soak, how many at once, how many failures it tolerates.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class StageSpec {
    private final ObjectNode stage;

    StageSpec(ObjectNode stage) {
        this.stage = stage;
    }

    /** Adds a matcher: clusters whose label {@code key} is {@code value}. */
    public StageSpec matchLabel(String key, String value) {
        Trees.array(stage, "matchers").add(Trees.matcher(key, value, false));
        return this;
    }

    /** Adds a matcher: clusters whose label {@code key} matches an RE2 expression (the whole value). */
    public StageSpec matchLabelRegex(String key, String regex) {
        Trees.array(stage, "matchers").add(Trees.matcher(key, regex, true));
        return this;
    }

    /** Adds a matcher: the cluster of this id. */
    public StageSpec matchCluster(String id) {
        Trees.array(stage, "matchers").add(Trees.matcher(null, id, false));
        return this;
    }

    /** Removes every matcher. */
    public StageSpec clearMatchers() {
        stage.remove("matchers");
        return this;
    }

    /** How long the next stage waits after this one finished ({@code soak}). */
    public StageSpec soak(Duration soak) {
        stage.put("soak", Trees.duration(soak));
        return this;
    }

    /** At most this many clusters at once. */
    public StageSpec maxConcurrent(int clusters) {
        stage.put("maxConcurrent", clusters);
        return this;
    }

    /** At most this share of the stage's clusters at once ({@code "50%"}). */
    public StageSpec maxConcurrentPercent(int percent) {
        stage.put("maxConcurrent", percent + "%");
        return this;
    }

    /**
     * The stage's approval gate ({@code approval}): {@code before}, {@code after} or
     * {@code beforeAndAfter}, written as given.
     */
    public StageSpec approval(String gates) {
        stage.put("approval", gates);
        return this;
    }

    /** None of the stage's clusters starts before this instant ({@code startTime}). */
    public StageSpec startTime(java.time.Instant notBefore) {
        stage.put("startTime", notBefore.toString());
        return this;
    }

    /** How many failed upgrades the stage tolerates before it halts. */
    public StageSpec maxFailures(int failures) {
        stage.put("maxFailures", failures);
        return this;
    }
}
