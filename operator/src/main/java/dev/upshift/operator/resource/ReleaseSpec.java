package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A release of the catalog: the fields of the {@code Release} document (docs/formats.md), read by
 * the same reader; the resource's name is the version.
 *
 * @param state {@code active}, {@code deprecated} or {@code withdrawn}
 * @param endOfLife a date
 * @param channels the channels the release is published in
 * @param components component versions; must name {@code kubernetes}
 * @param upgradesFrom which releases may upgrade to this one
 * @param componentUpgradesFrom per component, which of its versions may upgrade
 * @param defaults partial documents the release puts on a cluster ({@code match}, {@code values})
 * @param fieldRules who owns which field
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReleaseSpec(
        @JsonPropertyDescription("active, deprecated or withdrawn") String state,
        @JsonPropertyDescription("when the release stops being supported, YYYY-MM-DD") String endOfLife,
        @JsonPropertyDescription("the channels the release is published in") List<String> channels,
        @JsonPropertyDescription("what the release installs, component to version; must name kubernetes")
                Map<String, String> components,
        @JsonPropertyDescription("which releases may upgrade to this one, e.g. \">=19.2.0 <20.1.0\"")
                String upgradesFrom,
        @JsonPropertyDescription("per component, which of its versions may upgrade to this release's")
                Map<String, String> componentUpgradesFrom,
        @JsonPropertyDescription("partial documents the release puts on a cluster's documents: match and values")
                List<Map<String, Object>> defaults,
        @JsonPropertyDescription("who owns which field, and what changing it costs (docs/formats.md, FieldRules)")
                List<Map<String, Object>> fieldRules) {}
