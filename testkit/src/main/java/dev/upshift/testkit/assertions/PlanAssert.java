package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link Plan}, in the planner's words; {@link #cluster(String)} goes on to one
 * cluster's entry. Failures name the clusters and quote the plan's explanation of each.
 *
 * <pre>{@code
 * assertThat(plan).hasNoProblems().hasNoClusterIn(UpgradeState.BLOCKED);
 * assertThat(plan).cluster("prod-1").isScheduledWithin(window);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PlanAssert extends AbstractAssert<PlanAssert, Plan> {

    PlanAssert(Plan actual) {
        super(actual, PlanAssert.class);
        isNotNull();
    }

    /** The entry of one cluster, to assert on; fails when the plan has no such cluster. */
    public PlanEntryAssert cluster(String id) {
        PlanEntry e = actual.entry(id).orElse(null);
        if (e == null) {
            failWithMessage("Expected the plan at %s to have a cluster %s, but it has none of that name; it has: %s",
                    actual.now(), id, actual.entries().stream().map(PlanEntry::cluster).collect(Collectors.joining(", ")));
        }
        return new PlanEntryAssert(e, actual.now());
    }

    /** The plan found nothing wrong with its input (no errors, no warnings). */
    public PlanAssert hasNoProblems() {
        if (!actual.problems().isEmpty()) {
            failWithMessage("Expected the plan at %s to find nothing wrong with its input, but it found %d problems:%n%s",
                    actual.now(), actual.problems().size(), problems(actual.problems()));
        }
        return this;
    }

    /** The plan found no error in its input (warnings allowed). */
    public PlanAssert hasNoErrors() {
        List<Problem> errors = actual.problems().stream().filter(Problem::isError).toList();
        if (!errors.isEmpty()) {
            failWithMessage("Expected the plan at %s to find no error in its input, but it found %d:%n%s", actual.now(),
                    errors.size(), problems(errors));
        }
        return this;
    }

    /** No cluster is in this state; a failure lists each that is, with the plan's explanation. */
    public PlanAssert hasNoClusterIn(UpgradeState state) {
        List<PlanEntry> in = actual.inState(state);
        if (!in.isEmpty()) {
            failWithMessage("Expected no cluster to be %s at %s, but %d are:%n%s", state, actual.now(), in.size(),
                    in.stream().map(e -> Describe.explanation(e, actual.now())).collect(Collectors.joining("\n")));
        }
        return this;
    }

    /** Exactly {@code count} clusters are in this state. */
    public PlanAssert hasCount(UpgradeState state, int count) {
        List<PlanEntry> in = actual.inState(state);
        if (in.size() != count) {
            failWithMessage("Expected %d clusters to be %s at %s, but %d are%s", count, state, actual.now(), in.size(),
                    in.isEmpty() ? "" : ": " + in.stream().map(PlanEntry::cluster).collect(Collectors.joining(", ")));
        }
        return this;
    }

    private static String problems(List<Problem> problems) {
        return problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n"));
    }
}
