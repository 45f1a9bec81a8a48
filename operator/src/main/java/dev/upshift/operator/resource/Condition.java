package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * A condition of a {@code ClusterUpgrade}, in Kubernetes' shape.
 *
 * @param type {@code Accepted}, {@code UpgradeInProgress}, {@code UpgradeSucceeded} or {@code UpgradeFailed}
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param reason a word for machines
 * @param message what a person should know
 * @param lastTransitionTime when {@code status} last changed (RFC 3339)
 * @param observedGeneration the generation of the spec the condition was computed from
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Condition(
        @JsonPropertyDescription("Accepted, UpgradeInProgress, UpgradeSucceeded or UpgradeFailed") String type,
        @JsonPropertyDescription("True, False or Unknown") String status,
        @JsonPropertyDescription("a word for machines") String reason,
        @JsonPropertyDescription("what a person should know") String message,
        @JsonPropertyDescription("when status last changed") String lastTransitionTime,
        @JsonPropertyDescription("the spec generation the condition was computed from") Long observedGeneration) {}
