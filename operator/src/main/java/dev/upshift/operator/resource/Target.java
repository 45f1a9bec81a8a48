package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * A {@code ClusterUpgrade}'s target by channel (docs/formats.md, ClusterUpgrade).
 *
 * @param channel follow the newest release published in this channel…
 * @param constraint …that satisfies this constraint
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Target(
        @JsonPropertyDescription("the channel whose newest release is the target") String channel,
        @JsonPropertyDescription("a constraint the target must satisfy, e.g. \"~20.1\"") String constraint) {}
