package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One run of one declared stage: the stage of an upgrade while that upgrade targets one release
 * (docs/engine.md, "Stage membership"). A new target is a new run. When the engine starts a
 * stage's first attempt of a run it journals an {@link HistoryEntry.Step#ENROLLED enrolled} entry
 * for each member still to upgrade; from then on the run's members are fixed: a cluster that joins
 * the stage later waits for the next run ({@link ReasonCodes#JOINED_LATE}), and a member that leaves
 * it before its attempt starts is recorded as skipped. The implicit stage of an upgrade that names
 * no stages is not a declared stage and has no runs: such an upgrade takes every cluster it selects.
 *
 * @param upgrade the upgrade's name
 * @param target the release the upgrade targets in this run
 * @param stage the stage's name
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StageRun(String upgrade, Version target, String stage) {
    /** Validates the parts. */
    public StageRun {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(stage, "stage");
    }

    /** The run's key: {@code <upgrade>@<target>/<stage>}, such as {@code platform-20@20.1.0/prod}. */
    public String key() {
        return upgrade + "@" + target + "/" + stage;
    }

    /** The {@code upgradeId} of a cluster's enrollment in this run: {@code <cluster>:<key>}. */
    public String enrollmentId(String clusterId) {
        return clusterId + ":" + key();
    }

    /** The run key an {@code enrolled} entry names, from its {@code upgradeId}; empty for any other entry. */
    public static Optional<String> keyOf(HistoryEntry e) {
        String id = e.upgradeId();
        int n = e.clusterId().length();
        if (e.step() != HistoryEntry.Step.ENROLLED || id.length() <= n || id.charAt(n) != ':'
                || !id.startsWith(e.clusterId())) {
            return Optional.empty();
        }
        return Optional.of(id.substring(n + 1));
    }

    /**
     * The run an {@code enrolled} entry names: its upgrade ({@code intent}), target ({@code to}) and
     * the stage its key ends with; empty for any other entry, or one whose key does not start with
     * its own upgrade and target.
     */
    public static Optional<StageRun> of(HistoryEntry e) {
        Optional<String> key = keyOf(e);
        if (key.isEmpty() || e.intent().isEmpty()) {
            return Optional.empty();
        }
        String prefix = e.intent().get() + "@" + e.to() + "/";
        return key.get().startsWith(prefix) && key.get().length() > prefix.length()
                ? Optional.of(new StageRun(e.intent().get(), e.to(), key.get().substring(prefix.length())))
                : Optional.empty();
    }

    /** {@code stage prod of upgrade platform-20 (to 20.1.0)}. */
    @Override
    public String toString() {
        return "stage " + stage + " of upgrade " + upgrade + " (to " + target + ")";
    }
}
