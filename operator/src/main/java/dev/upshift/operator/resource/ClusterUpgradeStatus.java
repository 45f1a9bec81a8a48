package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What the operator writes back on a {@code ClusterUpgrade}: seed 001's fields, the counts of each
 * stage and the conditions (docs/operator.md, "Status").
 *
 * @param observedGeneration the spec generation this status was computed from
 * @param triggeredAt when the first hop of the upgrade started (its first journaled start)
 * @param state {@code pending}, {@code inProgress} or {@code finished}; {@code invalid} when the
 *     resource could not be read
 * @param outcome once finished: {@code success} or {@code failure}
 * @param finishedAt once finished: when its last cluster finished
 * @param fromRelease the oldest release its clusters ran when it started (or run, before)
 * @param toRelease the release its clusters go to
 * @param clusters how many clusters it selects
 * @param stages per stage, where its clusters stand
 * @param conditions {@code Accepted}, {@code UpgradeInProgress}, {@code UpgradeSucceeded}, {@code UpgradeFailed}
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterUpgradeStatus(
        @JsonPropertyDescription("the spec generation this status was computed from") Long observedGeneration,
        @JsonPropertyDescription("when the first hop of the upgrade started") String triggeredAt,
        @JsonPropertyDescription("pending, inProgress, finished or invalid") String state,
        @JsonPropertyDescription("once finished: success or failure") String outcome,
        @JsonPropertyDescription("once finished: when its last cluster finished") String finishedAt,
        @JsonPropertyDescription("the oldest release its clusters ran when it started") String fromRelease,
        @JsonPropertyDescription("the release its clusters go to") String toRelease,
        @JsonPropertyDescription("how many clusters it selects") Integer clusters,
        @JsonPropertyDescription("per stage, where its clusters stand") List<StageStatus> stages,
        @JsonPropertyDescription("Accepted, UpgradeInProgress, UpgradeSucceeded and UpgradeFailed")
                List<Condition> conditions) {}
