package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * An approval of a stage's gate in a {@code ClusterUpgrade}'s {@code spec.approvals} (docs/formats.md,
 * ClusterUpgrade; docs/operator.md, "Steering").
 *
 * @param stage the stage
 * @param gate {@code before} (the default) or {@code after}
 * @param release the release of the run it grants; a new target asks again
 * @param by who approved
 * @param comment why, or a change reference
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StageApproval(
        @JsonPropertyDescription("the stage whose gate it grants") String stage,
        @JsonPropertyDescription("before (default) or after") String gate,
        @JsonPropertyDescription("the release of the run it grants") String release,
        @JsonPropertyDescription("who approved") String by,
        @JsonPropertyDescription("why, or a change reference") String comment) {}
