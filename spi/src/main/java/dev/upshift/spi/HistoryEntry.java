package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One state change of one upgrade, as the {@link HistoryStore} journals it (seed 001's result
 * history: what was upgraded, from what to what, when, and how it ended).
 *
 * @param at when the state changed
 * @param clusterId the cluster's id
 * @param upgradeId the upgrade's stable {@link Upgrade#id() id}
 * @param from the release before the upgrade
 * @param to the release after it; never older than {@code from}
 * @param intent the {@link ClusterUpgrade} that asked for it, if any
 * @param state the state the upgrade entered
 * @param message what happened, for a person ({@code "published as commit 3f2a1c9"}); may be empty
 * @param reasons why, when the state is one a reason explains (blocked, waiting, failed)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryEntry(Instant at, String clusterId, String upgradeId, Version from, Version to,
        Optional<String> intent, UpgradeState state, String message, List<Reason> reasons) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when an id is blank or {@code to} is older than {@code from}
     */
    public HistoryEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(upgradeId, "upgradeId");
        if (clusterId.isBlank() || upgradeId.isBlank()) {
            throw new IllegalArgumentException("a history entry names its cluster and upgrade");
        }
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isOlderThan(from)) {
            throw new IllegalArgumentException("upgrade " + upgradeId + " cannot go down from " + from + " to " + to);
        }
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(message, "message");
        reasons = List.copyOf(reasons);
    }

    /** An entry for an upgrade entering a state. */
    public static HistoryEntry of(Instant at, Upgrade upgrade, UpgradeState state, String message,
            List<Reason> reasons) {
        return new HistoryEntry(at, upgrade.cluster().id(), upgrade.id(), upgrade.from(), upgrade.to(),
                upgrade.intent(), state, message, reasons);
    }

    /** An entry for an upgrade entering a state, with no reasons. */
    public static HistoryEntry of(Instant at, Upgrade upgrade, UpgradeState state, String message) {
        return of(at, upgrade, state, message, List.of());
    }

    /** {@code 2026-03-10T07:00:00Z prod-eu-1 19.3.1 → 20.1.0 inProgress} */
    @Override
    public String toString() {
        return at + " " + clusterId + " " + from + " → " + to + " " + state;
    }
}
