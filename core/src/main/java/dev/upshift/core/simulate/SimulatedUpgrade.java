package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PlanKind;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One upgrade the simulation ran: which cluster, from and to which release, when it started and
 * when it ended (or would end), and how. A path of several hops runs as one upgrade per hop, as the
 * engine publishes it: {@code from} and {@code to} are the hop's, and {@code hop} of {@code hops}
 * says where it lies on the path.
 *
 * @param cluster the cluster's id
 * @param upgrade the {@code ClusterUpgrade} that asked for it; empty when none did (a configuration
 *     upgrade of a cluster no intent selects)
 * @param stage the cluster's stage in that upgrade, as the plan named it
 * @param from the release before
 * @param to the release after ({@code from} for a configuration upgrade)
 * @param kind what kind of upgrade it was, as the plan judged it
 * @param start when it started: the instant of the plan that found the cluster {@code ready}
 * @param end when it finished, or, for one still {@linkplain UpgradeState#IN_PROGRESS in progress}
 *     when the simulation stopped, when it would finish; after {@code start}
 * @param outcome {@link UpgradeState#SUCCEEDED}, {@link UpgradeState#FAILED} or
 *     {@link UpgradeState#IN_PROGRESS}
 * @param window the window the plan gave it, which {@code start} lies in (empty when the plan gave
 *     none)
 * @param hop which hop of the cluster's path it is, from 1 (1 for a configuration upgrade)
 * @param hops how many hops the path had when its first hop started in the simulation: the hops
 *     done before this one and those the plan still gave (1 for a configuration upgrade)
 * @param repair whether it was a configuration upgrade that repairs drift (the plan gave the
 *     cluster the reason {@code DRIFTED})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SimulatedUpgrade(String cluster, Optional<String> upgrade, Optional<String> stage, Version from,
        Version to, PlanKind kind, Instant start, Instant end, UpgradeState outcome, Optional<Interval> window, int hop,
        int hops, boolean repair) {

    /** An upgrade that repairs no drift. */
    public SimulatedUpgrade(String cluster, Optional<String> upgrade, Optional<String> stage, Version from, Version to,
            PlanKind kind, Instant start, Instant end, UpgradeState outcome, Optional<Interval> window, int hop,
            int hops) {
        this(cluster, upgrade, stage, from, to, kind, start, end, outcome, window, hop, hops, false);
    }

    /** An upgrade of one hop (or a configuration upgrade): hop 1 of 1. */
    public SimulatedUpgrade(String cluster, Optional<String> upgrade, Optional<String> stage, Version from, Version to,
            PlanKind kind, Instant start, Instant end, UpgradeState outcome, Optional<Interval> window) {
        this(cluster, upgrade, stage, from, to, kind, start, end, outcome, window, 1, 1);
    }

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when {@code end} is not after {@code start}, {@code to} is
     *     older than {@code from}, the outcome is not one an upgrade ends in (or is in), or
     *     {@code hop} is not from 1 to {@code hops}
     */
    public SimulatedUpgrade {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(window, "window");
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("an upgrade of " + cluster + " ends at " + end + ", not after its start " + start);
        }
        if (to.isOlderThan(from)) {
            throw new IllegalArgumentException("an upgrade of " + cluster + " cannot go down from " + from + " to " + to);
        }
        if (outcome != UpgradeState.SUCCEEDED && outcome != UpgradeState.FAILED && outcome != UpgradeState.IN_PROGRESS) {
            throw new IllegalArgumentException("an upgrade ends succeeded or failed, or is in progress; not " + outcome);
        }
        if (hop < 1 || hop > hops) {
            throw new IllegalArgumentException("an upgrade of " + cluster + " is hop " + hop + " of " + hops + "?");
        }
    }

    /** Whether it is the last hop of its path (or a configuration upgrade): once it succeeds, the cluster is where it was going. */
    public boolean lastHop() {
        return hop == hops;
    }

    /** The same upgrade, ended as {@code how} says. */
    SimulatedUpgrade ended(UpgradeState how) {
        return new SimulatedUpgrade(cluster, upgrade, stage, from, to, kind, start, end, how, window, hop, hops, repair);
    }

    /** Whether it finished (succeeded or failed) before the simulation stopped. */
    public boolean finished() {
        return outcome != UpgradeState.IN_PROGRESS;
    }

    /** {@code prod-eu-1 19.3.1 → 20.1.0 2026-03-10T07:00:00Z–2026-03-10T09:00:00Z succeeded}, with {@code hop 1 of 2} on a longer path. */
    @Override
    public String toString() {
        return cluster + " " + from + " → " + to + (hops > 1 ? " hop " + hop + " of " + hops : "") + " " + start + "–"
                + end + " " + outcome;
    }
}
