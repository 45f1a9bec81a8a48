package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What a {@code ClusterUpgrade} asks for: the fields of the {@code ClusterUpgrade} document
 * (docs/formats.md), read by the same reader. Times and durations are text, as in a file.
 *
 * @param matchers a cluster is selected when any matcher selects it
 * @param release the release to go to; or {@code target}
 * @param target or: follow a channel
 * @param startTime no cluster starts before this instant
 * @param expectedDuration how long one hop takes
 * @param windowPolicy {@code startWithin}, {@code completeWithin} or {@code pauseAndResume}
 * @param strategy {@code rolling}, {@code inPlace} or {@code external}
 * @param fallback {@code rolling} or {@code none}
 * @param timeout how long a hop may stay in progress
 * @param stages ordered groups of the selected clusters
 * @param drift {@code report} or {@code repair}: what a selected cluster whose fields drifted from its
 *     release gets
 * @param paused true: no cluster starts a new hop of the upgrade; hops in flight finish (as a
 *     Deployment's {@code spec.paused}): what {@code kubectl patch --type merge -p '{"spec":{"paused":true}}'} writes
 * @param approvals stage gates granted, each for one run (a release): what a GitOps change or
 *     {@code kubectl} writes to approve a stage
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterUpgradeSpec(
        @JsonPropertyDescription("a cluster is selected when any matcher selects it") List<Matcher> matchers,
        @JsonPropertyDescription("the release the selected clusters go to; exactly one of release and target")
                String release,
        @JsonPropertyDescription("or: follow a channel") Target target,
        @JsonPropertyDescription("no cluster starts before this RFC 3339 instant") String startTime,
        @JsonPropertyDescription("how long one hop of one cluster's upgrade takes, e.g. 2h") String expectedDuration,
        @JsonPropertyDescription("startWithin, completeWithin or pauseAndResume") String windowPolicy,
        @JsonPropertyDescription("rolling, inPlace or external") String strategy,
        @JsonPropertyDescription("when every strategy declines: rolling or none") String fallback,
        @JsonPropertyDescription("how long one hop may stay in progress before it fails") String timeout,
        @JsonPropertyDescription("ordered groups of the selected clusters") List<Stage> stages,
        @JsonPropertyDescription("drift from the release: report (default) or repair") String drift,
        @JsonPropertyDescription("true: no cluster starts a new hop of this upgrade; hops in flight finish") Boolean paused,
        @JsonPropertyDescription("stage approval gates granted, each for one release") List<StageApproval> approvals) {

    /** A spec with no pause and no approval. */
    public ClusterUpgradeSpec(List<Matcher> matchers, String release, Target target, String startTime,
            String expectedDuration, String windowPolicy, String strategy, String fallback, String timeout,
            List<Stage> stages, String drift) {
        this(matchers, release, target, startTime, expectedDuration, windowPolicy, strategy, fallback, timeout, stages,
                drift, null, null);
    }
}
