package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.StageRun;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/** Assertions on one cluster's history entries, oldest first. Failures list its entries. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClusterHistoryAssert extends AbstractAssert<ClusterHistoryAssert, List<HistoryEntry>> {
    private final String cluster;

    ClusterHistoryAssert(String cluster, List<HistoryEntry> actual) {
        super(actual, ClusterHistoryAssert.class);
        this.cluster = cluster;
    }

    /**
     * Its entries' steps are exactly these, in this order: {@code enrolled}, when its stage's run
     * started with it, included.
     */
    public ClusterHistoryAssert wentThrough(Step... steps) {
        List<Step> found = actual.stream().map(HistoryEntry::step).toList();
        if (!found.equals(List.of(steps))) {
            fail("to go through " + List.of(steps), "it went through " + found);
        }
        return this;
    }

    /**
     * It was enrolled in a run of this stage (an {@code enrolled} entry: a member of the stage when
     * the stage started; docs/engine.md, "Stage membership").
     */
    public ClusterHistoryAssert enrolledIn(String stage) {
        List<StageRun> runs = actual.stream().flatMap(e -> StageRun.of(e).stream()).toList();
        if (runs.stream().noneMatch(r -> r.stage().equals(stage))) {
            fail("to be enrolled in a run of stage " + stage, "it was enrolled in "
                    + runs.stream().map(StageRun::key).toList());
        }
        return this;
    }

    /** It has no entry. */
    public ClusterHistoryAssert hasNoEntries() {
        if (!actual.isEmpty()) {
            fail("to have no history", "it has " + actual.size() + " entries");
        }
        return this;
    }

    /** Its last successful hop lands on this release. */
    public ClusterHistoryAssert reached(String version) {
        Optional<Version> last = actual.stream().filter(e -> e.step() == Step.SUCCEEDED).map(HistoryEntry::to)
                .reduce((a, b) -> b);
        if (!last.equals(Optional.of(Version.parse(version)))) {
            fail("to reach " + version, last.map(v -> "its last success reached " + v).orElse("no hop of it succeeded"));
        }
        return this;
    }

    /** Exactly this many attempts started (write-ahead {@code starting} entries). */
    public ClusterHistoryAssert startedAttempts(int count) {
        long started = actual.stream().filter(e -> e.step() == Step.STARTING).count();
        if (started != count) {
            fail("to start " + count + " attempts", "it started " + started);
        }
        return this;
    }

    private void fail(String expected, String found) {
        failWithMessage("Expected %s %s, but %s:%n%s", cluster, expected, found, Describe.entries(actual));
    }
}
