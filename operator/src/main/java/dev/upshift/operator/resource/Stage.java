package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One stage of a {@code ClusterUpgrade} (docs/formats.md, ClusterUpgrade).
 *
 * @param name unique within the upgrade
 * @param matchers which of the upgrade's clusters belong to the stage
 * @param soak how long after the stage's last success the next stage waits (a duration)
 * @param maxConcurrent a whole number or a percentage text
 * @param maxFailures how many failed upgrades the stage tolerates
 * @param approval the stage's approval gates: {@code before}, {@code after} or {@code beforeAndAfter}
 * @param startTime none of the stage's clusters starts before this instant
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Stage(
        @JsonPropertyDescription("unique within the upgrade") String name,
        @JsonPropertyDescription("which of the upgrade's clusters belong to the stage") List<Matcher> matchers,
        @JsonPropertyDescription("how long after the stage's last success the next stage waits, e.g. 24h") String soak,
        @JsonPropertyDescription("how many clusters may upgrade at once: a number, or a percentage such as \"25%\"")
                IntOrString maxConcurrent,
        @JsonPropertyDescription("how many failed upgrades the stage tolerates") Integer maxFailures,
        @JsonPropertyDescription("approval gates: before, after or beforeAndAfter") String approval,
        @JsonPropertyDescription("none of the stage's clusters starts before this RFC 3339 instant") String startTime) {

    /** A stage with no approval gate and no scheduled start. */
    public Stage(String name, List<Matcher> matchers, String soak, IntOrString maxConcurrent, Integer maxFailures) {
        this(name, matchers, soak, maxConcurrent, maxFailures, null, null);
    }
}
