package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.CallSite;
import dev.upshift.core.engine.Fault;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/** Assertions on what one engine reconcile did. Failures list what it recorded and which calls failed. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReconciliationAssert extends AbstractAssert<ReconciliationAssert, Reconciliation> {

    ReconciliationAssert(Reconciliation actual) {
        super(actual, ReconciliationAssert.class);
        isNotNull();
    }

    /** No call it made threw. */
    public ReconciliationAssert hasNoFaults() {
        if (!actual.faults().isEmpty()) {
            fail("to have no faults", actual.faults().size() + " calls failed");
        }
        return this;
    }

    /** A call at this site threw (for this cluster, when one is given). */
    public ReconciliationAssert hasFault(CallSite site, String clusterId) {
        boolean found = actual.faults().stream().anyMatch(f -> f.site() == site
                && (clusterId == null || f.cluster().filter(clusterId::equals).isPresent()));
        if (!found) {
            fail("to have a " + site + " fault" + (clusterId == null ? "" : " for " + clusterId), "it has none");
        }
        return this;
    }

    /** It recorded nothing: a second reconcile at the same instant must not. */
    public ReconciliationAssert changedNothing() {
        if (actual.changed()) {
            fail("to record nothing", "it recorded " + actual.recorded().size() + " entries");
        }
        return this;
    }

    /** The steps it recorded are exactly these, in order. */
    public ReconciliationAssert recorded(Step... steps) {
        List<Step> found = actual.recorded().stream().map(HistoryEntry::step).toList();
        if (!found.equals(List.of(steps))) {
            fail("to record " + List.of(steps), "it recorded " + found);
        }
        return this;
    }

    private void fail(String expected, String found) {
        String faults = actual.faults().stream().map(Fault::toString).map(f -> "  fault: " + f)
                .collect(Collectors.joining("\n"));
        failWithMessage("Expected the reconcile at %s %s, but %s:%n%s%s", actual.now(), expected, found,
                Describe.entries(actual.recorded()), faults.isEmpty() ? "" : "\n" + faults);
    }
}
