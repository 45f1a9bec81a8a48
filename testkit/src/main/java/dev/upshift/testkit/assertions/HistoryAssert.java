package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.testkit.oracle.HistoryRules;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a history: the entries of a {@code HistoryStore}, oldest first.
 *
 * <pre>{@code
 * assertThat(world.history()).isValid();
 * assertThat(world.history()).cluster("prod-1").wentThrough(STARTING, PUBLISHED, SUCCEEDED, FINISHED);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryAssert extends AbstractAssert<HistoryAssert, List<HistoryEntry>> {

    HistoryAssert(List<HistoryEntry> actual) {
        super(List.copyOf(actual), HistoryAssert.class);
    }

    /** It keeps every rule of {@link HistoryRules}; a failure lists each broken rule with its entry. */
    public HistoryAssert isValid() {
        List<String> broken = HistoryRules.violations(actual);
        if (!broken.isEmpty()) {
            failWithMessage("Expected a valid history, but %d rules are broken:%n%s", broken.size(),
                    broken.stream().map(b -> "  " + b).collect(Collectors.joining("\n")));
        }
        return this;
    }

    /** It has no entry. */
    public HistoryAssert isEmpty() {
        if (!actual.isEmpty()) {
            failWithMessage("Expected an empty history, but it has %d entries:%n%s", actual.size(),
                    Describe.entries(actual));
        }
        return this;
    }

    /** One cluster's entries, to assert on. */
    public ClusterHistoryAssert cluster(String id) {
        return new ClusterHistoryAssert(id, actual.stream().filter(e -> e.clusterId().equals(id)).toList());
    }
}
