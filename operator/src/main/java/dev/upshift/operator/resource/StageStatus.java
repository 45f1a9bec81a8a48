package dev.upshift.operator.resource;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import org.apiguardian.api.API;

/**
 * How many of a stage's clusters stand where, as the last reconcile's plan saw them (the states of
 * docs/planning.md).
 *
 * @param name the stage ({@code all} when the upgrade names none)
 * @param clusters how many clusters the stage has
 * @param upToDate at the target, or with nothing to do
 * @param ready may start now
 * @param scheduled will start in a known window
 * @param waiting wait for a time, a stage or a hook
 * @param blocked need a person or a change
 * @param inProgress upgrading
 * @param succeeded whose upgrade succeeded
 * @param failed whose upgrade failed
 */
@API(status = EXPERIMENTAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StageStatus(
        @JsonPropertyDescription("the stage; all when the upgrade names none") String name,
        @JsonPropertyDescription("how many clusters the stage has") Integer clusters,
        @JsonPropertyDescription("clusters at the target or with nothing to do") Integer upToDate,
        @JsonPropertyDescription("clusters that may start now") Integer ready,
        @JsonPropertyDescription("clusters that will start in a known window") Integer scheduled,
        @JsonPropertyDescription("clusters waiting for a time, a stage or a hook") Integer waiting,
        @JsonPropertyDescription("clusters that need a person or a change") Integer blocked,
        @JsonPropertyDescription("clusters upgrading") Integer inProgress,
        @JsonPropertyDescription("clusters whose upgrade succeeded") Integer succeeded,
        @JsonPropertyDescription("clusters whose upgrade failed") Integer failed) {}
