package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PlanKind;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One cluster through a simulation: what it was asked to do, what it ran, where it ended, what held
 * it back, and the calendar it was planned against.
 *
 * @param cluster the cluster's id
 * @param upgrade the {@code ClusterUpgrade} that selects it, as the first plan named it
 * @param stage its stage in that upgrade, as the first plan named it
 * @param from the release it ran when the simulation started
 * @param target where the first plan sent it, if anywhere (the end of its path)
 * @param kind the kind of that upgrade, as the first plan judged it
 * @param reached the release it ran when the simulation stopped
 * @param state where it stood when the simulation stopped
 * @param reasons the reasons of the last plan (why it stood there)
 * @param upgrades the upgrades it ran, in order of start: one per hop of a path of several
 * @param heldBack what held it back, longest first (then by code): for each reason code, the total
 *     time it was the cluster's first reason
 * @param schedule the name of its maintenance schedule, if it names one
 * @param allowed the time its schedule and freeze allowed its upgrade's kind within the simulated
 *     range (patch upgrades when it had none to do), merged and sorted; the whole range when it has
 *     no schedule and no freeze, nothing when its schedule is unknown
 * @param freeze its freeze, when one holds at some time of the simulated range
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SimulatedCluster(String cluster, Optional<String> upgrade, Optional<String> stage, Version from,
        Optional<Version> target, Optional<PlanKind> kind, Version reached, UpgradeState state, List<Reason> reasons,
        List<SimulatedUpgrade> upgrades, List<HeldBack> heldBack, Optional<String> schedule, List<Interval> allowed,
        Optional<Freeze> freeze) {

    /** Validates and copies the parts. */
    public SimulatedCluster {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reached, "reached");
        Objects.requireNonNull(state, "state");
        reasons = List.copyOf(reasons);
        upgrades = List.copyOf(upgrades);
        heldBack = List.copyOf(heldBack);
        Objects.requireNonNull(schedule, "schedule");
        allowed = List.copyOf(allowed);
        Objects.requireNonNull(freeze, "freeze");
    }

    /** The reason that held it back longest, if any did. */
    public Optional<HeldBack> longestHold() {
        return heldBack.stream().findFirst();
    }

    /** Its last upgrade, if it ran any. */
    public Optional<SimulatedUpgrade> lastUpgrade() {
        return upgrades.isEmpty() ? Optional.empty() : Optional.of(upgrades.get(upgrades.size() - 1));
    }

    /**
     * How its part of the simulation ended: its last upgrade's outcome ({@code succeeded},
     * {@code failed}, {@code inProgress}) when it ran one, otherwise its {@link #state()}; and its
     * state when its last upgrade was a hop that succeeded with more of its path ahead (it waits for
     * the next hop's window: {@code scheduled}, say).
     */
    public UpgradeState outcome() {
        if (midPath()) {
            return state;
        }
        return lastUpgrade().map(SimulatedUpgrade::outcome).orElse(state);
    }

    /**
     * Whether it got where it was going at least once: an upgrade that was the last hop of its path,
     * or a configuration upgrade, succeeded. A cluster that stopped part-way along a path of several
     * hops is not upgraded: see {@link #midPath()}.
     */
    public boolean upgraded() {
        return upgrades.stream().anyMatch(u -> u.outcome() == UpgradeState.SUCCEEDED && u.lastHop());
    }

    /** Whether it stopped part-way along a path of several hops: its last upgrade was a hop that succeeded, with more ahead. */
    public boolean midPath() {
        return lastUpgrade().filter(u -> u.outcome() == UpgradeState.SUCCEEDED && !u.lastHop()).isPresent();
    }

    /** Whether its last upgrade failed. */
    public boolean failed() {
        return lastUpgrade().map(u -> u.outcome() == UpgradeState.FAILED).orElse(false);
    }

    /**
     * Whether the first plan gave it somewhere to go (a newer release, or a configuration upgrade)
     * and it never started: no upgrade ran and it ended neither upgrading nor done.
     */
    public boolean neverStarted() {
        boolean somewhere = target.filter(t -> t.isNewerThan(from)).isPresent() || kind.equals(Optional.of(PlanKind.CONFIG));
        return somewhere && upgrades.isEmpty() && state != UpgradeState.IN_PROGRESS && state != UpgradeState.SUCCEEDED
                && state != UpgradeState.UP_TO_DATE;
    }

    @Override
    public String toString() {
        return cluster + " " + from + " → " + reached + " " + state + " " + upgrades;
    }
}
