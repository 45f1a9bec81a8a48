package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * One matcher of a {@code ClusterUpgrade} or of one of its stages (docs/formats.md, ClusterUpgrade).
 *
 * @param name for messages
 * @param key the label to look at; absent: the cluster's id
 * @param value the text the label or id must equal, or the expression it must match whole
 * @param isRegex whether {@code value} is an RE2 expression
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Matcher(
        @JsonPropertyDescription("for messages") String name,
        @JsonPropertyDescription("the label to look at; absent: the cluster's id") String key,
        @JsonPropertyDescription("the text the label (or id) must equal, or match with isRegex") String value,
        @JsonProperty("isRegex") @JsonPropertyDescription("value is an RE2 expression matching the whole value")
                Boolean isRegex) {}
