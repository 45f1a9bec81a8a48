package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A cluster that would still run a release when the release's end of life has passed, why, and what
 * one change would bring it off the release in time (docs/simulation.md, "End of life").
 *
 * <p>The cause is judged in this order, on the simulation up to the instant the release is past its
 * end of life: when its plan there is {@code blocked} or {@code failed}, the cause of that plan's
 * first reason ({@code NO_PATH}, a failure or a halted stage, a missing window, or anything else a
 * person must lift); then {@link EndOfLifeCause#NO_UPGRADE} when no upgrade takes it anywhere newer;
 * then {@link EndOfLifeCause#FROZEN} when its freeze lasts past the instant; otherwise the
 * cause of the reason that held it back longest ({@link SimulatedCluster#longestHold()}), or
 * {@link EndOfLifeCause#UPGRADING} when nothing held it back.
 *
 * @param cluster the cluster's id
 * @param release the release it would still run
 * @param upgrade the {@code ClusterUpgrade} that selects it, if one does
 * @param stage its stage in that upgrade
 * @param target where its upgrade sends it, if anywhere
 * @param state its state in the plan at that instant ({@code inProgress} when its upgrade is running)
 * @param cause why, in a word
 * @param reason the reason behind the cause: the plan's reason that blocks it, its freeze, or the
 *     reason that held it back longest (its {@code until} is when that last stopped holding it);
 *     empty when none applies (no upgrade, or nothing held it back)
 * @param held how long that reason held it back in the simulation, when it did
 * @param suggestions the changes that, each alone, bring it off the release in time in a simulation
 *     of the changed inputs; empty when none of those tried does, or when its cause is not one of
 *     timing ({@link EndOfLifeCause#timing()})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EndOfLifeMiss(String cluster, Version release, Optional<String> upgrade, Optional<String> stage,
        Optional<Version> target, UpgradeState state, EndOfLifeCause cause, Optional<Reason> reason,
        Optional<Duration> held, List<EndOfLifeChange> suggestions) {

    /** Validates and copies the parts. */
    public EndOfLifeMiss {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(held, "held");
        suggestions = List.copyOf(suggestions);
    }

    /** The same miss with these suggestions. */
    EndOfLifeMiss withSuggestions(List<EndOfLifeChange> changes) {
        return new EndOfLifeMiss(cluster, release, upgrade, stage, target, state, cause, reason, held, changes);
    }
}
