package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * End of life, ahead of time: which clusters would still run a release once it is past its
 * {@code endOfLife}, under the fleet's schedules, freezes, stages and failure budgets as they are,
 * why, and what one change would bring each off it in time (docs/simulation.md, "End of life").
 *
 * <pre>{@code
 * Simulation sim = Simulator.run(fleet, SimulationSettings.between(from, until));
 * EndOfLifeForecast eol = EndOfLife.forecast(fleet, sim);
 * for (EndOfLifeMiss m : eol.misses()) {
 *     m.cluster(); m.cause(); m.suggestions();     // prod-us-data-2, STAGE, [maxConcurrent 2 ...]
 * }
 * }</pre>
 *
 * <h2>What it looks at</h2>
 * A release is past its end of life from the next day, 00:00 UTC (the plan judges it so). Every
 * release of the catalog past its end of life after the simulation's {@code from} and at the
 * latest {@link #NEAR} after its {@code until} is looked at, when a cluster runs it at {@code from}
 * or a plan's path or a simulated upgrade leads to it. For each such instant the fleet is
 * simulated from {@code from} up to it, with the given simulation's seed, failure rate and step
 * budget (the given simulation itself when it ends there; the simulation is the same up to any
 * instant, whatever its end): a cluster that runs the release there misses its end of life.
 *
 * <h2>Suggestions</h2>
 * For a cluster whose cause is one of timing ({@link EndOfLifeCause#timing()}), three kinds of
 * change are tried, each alone, in a simulation of the changed inputs up to the same instant:
 * <ul>
 * <li>its upgrade's {@code startTime} moved 1, 3, 7, 14, 28 or 56 days earlier, or to the
 *     simulation's start (when it lies after it);
 * <li>a {@code maxConcurrent} of its stage, or of an earlier stage of its upgrade, raised to one
 *     more, twice, four times ... the present number, up to the stage's size;
 * <li>one more window a week in the schedule of a cluster of its stage or of an earlier one: the
 *     schedule's next window from the simulation's start, copied to each day of the week it does
 *     not cover yet, Monday first.
 * </ul>
 * A change is reported for a cluster only when that simulation has the cluster on a release that
 * is not past its end of life at the instant; of each ladder, the first rung that does. Every
 * change is simulated once for all the clusters it may help, the ladders are climbed rung by rung
 * side by side, and a ladder stops once every cluster it may help has its rung. A freeze across
 * the day, a blocked or failed upgrade, and a cluster no upgrade moves get no suggestion: they need
 * a person's decision, which the cause names.
 *
 * <h2>Cost</h2>
 * At most {@code maxSimulations} simulations besides the given one (by default
 * {@link #DEFAULT_MAX_SIMULATIONS}): one per distinct instant of end of life first, then the
 * changes; when the budget runs out the forecast says so ({@link EndOfLifeForecast#exhausted()})
 * and what it reports is still true. Pure: no clock, no I/O, no threads.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EndOfLife {
    /** How far after a simulation's end a release's end of life is still looked at: 13 weeks, a quarter. */
    public static final Duration NEAR = Duration.ofDays(91);

    /** How many simulations a forecast runs at most, besides the one it is given: 32. */
    public static final int DEFAULT_MAX_SIMULATIONS = 32;

    private EndOfLife() {}

    /** The forecast for a simulated fleet, looking {@link #NEAR} past its end, within {@link #DEFAULT_MAX_SIMULATIONS}. */
    public static EndOfLifeForecast forecast(PreparedFleet fleet, Simulation sim) {
        return forecast(fleet, sim, NEAR, DEFAULT_MAX_SIMULATIONS);
    }

    /**
     * The forecast for a simulated fleet.
     *
     * @param fleet the fleet {@code sim} simulated
     * @param sim its simulation
     * @param near how far past the simulation's end to look; not negative
     * @param maxSimulations how many more simulations it may run; not negative
     */
    public static EndOfLifeForecast forecast(PreparedFleet fleet, Simulation sim, Duration near, int maxSimulations) {
        Objects.requireNonNull(fleet, "fleet");
        Objects.requireNonNull(sim, "sim");
        if (near.isNegative() || maxSimulations < 0) {
            throw new IllegalArgumentException("look a positive time ahead with a budget of simulations, not " + near
                    + " and " + maxSimulations);
        }
        Instant from = sim.settings().from();
        Instant horizon = sim.settings().until().plus(near);
        ReleaseCatalog catalog = fleet.input().catalog();
        TreeMap<Instant, List<Release>> byInstant = new TreeMap<>();
        Set<Version> touched = touched(sim);
        for (Release r : catalog.releases()) {
            Optional<Instant> past = r.endOfLife().map(EndOfLife::pastAt);
            if (past.isPresent() && past.get().isAfter(from) && !past.get().isAfter(horizon) && touched.contains(r.version())) {
                byInstant.computeIfAbsent(past.get(), k -> new ArrayList<>()).add(r);
            }
        }
        EndOfLifeRuns runs = new EndOfLifeRuns(fleet, sim, maxSimulations);
        List<ReleaseEndOfLife> out = new ArrayList<>();
        List<Version> unexamined = new ArrayList<>();
        TreeMap<Instant, Simulation> baselines = new TreeMap<>();
        byInstant.forEach((at, releases) -> runs.baseline(at).ifPresentOrElse(b -> baselines.put(at, b),
                () -> releases.forEach(r -> unexamined.add(r.version()))));
        baselines.forEach((at, baseline) -> {
            List<ReleaseEndOfLife> found = new ArrayList<>();
            for (Release r : byInstant.get(at)) {
                release(r, at, baseline, catalog).ifPresent(found::add);
            }
            out.addAll(new EndOfLifeSearch(runs, baseline, at, catalog).suggest(found));
        });
        out.sort(Comparator.comparing(ReleaseEndOfLife::past).thenComparing(ReleaseEndOfLife::release));
        unexamined.sort(null);
        return new EndOfLifeForecast(from, horizon, out, unexamined, runs.runs(), runs.exhausted());
    }

    /** The instant a release whose last supported day is {@code endOfLife} is past it: the next day, 00:00 UTC. */
    public static Instant pastAt(LocalDate endOfLife) {
        return endOfLife.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** Whether {@code version} is past its end of life at {@code at} in the catalog (an unknown release is not). */
    static boolean pastAt(ReleaseCatalog catalog, Version version, Instant at) {
        return catalog.get(version).flatMap(Release::endOfLife).map(d -> !pastAt(d).isAfter(at)).orElse(false);
    }

    /** The releases some cluster may run: at the start, on a planned path, or after a simulated upgrade. */
    private static Set<Version> touched(Simulation sim) {
        Set<Version> out = new HashSet<>();
        for (PlanEntry e : sim.firstPlan().entries()) {
            out.add(e.from());
            out.addAll(e.path());
            e.to().ifPresent(out::add);
        }
        for (SimulatedCluster c : sim.clusters()) {
            out.add(c.from());
            c.upgrades().forEach(u -> out.add(u.to()));
        }
        return out;
    }

    private static Optional<ReleaseEndOfLife> release(Release r, Instant at, Simulation baseline, ReleaseCatalog catalog) {
        List<String> inTime = new ArrayList<>();
        List<EndOfLifeMiss> misses = new ArrayList<>();
        for (SimulatedCluster c : baseline.clusters()) {
            boolean ran = c.from().equals(r.version()) || c.upgrades().stream()
                    .anyMatch(u -> u.outcome() == UpgradeState.SUCCEEDED && u.to().equals(r.version()));
            if (!ran) {
                continue;
            }
            if (c.reached().equals(r.version())) {
                misses.add(miss(c, r.version(), at));
            } else {
                inTime.add(c.cluster());
            }
        }
        return inTime.isEmpty() && misses.isEmpty() ? Optional.empty()
                : Optional.of(new ReleaseEndOfLife(r.version(), r.endOfLife().orElseThrow(), at, inTime, misses));
    }

    /** Why a cluster still runs the release at {@code at}, as {@link EndOfLifeMiss} says it is judged. */
    static EndOfLifeMiss miss(SimulatedCluster c, Version release, Instant at) {
        Optional<Reason> first = c.reasons().stream().findFirst();
        boolean running = c.lastUpgrade().filter(u -> !u.finished()).isPresent();
        EndOfLifeCause cause;
        Optional<Reason> reason = Optional.empty();
        Optional<Duration> held = Optional.empty();
        if (!running && (c.state() == UpgradeState.BLOCKED || c.state() == UpgradeState.FAILED)) {
            cause = first.map(r -> EndOfLifeCause.of(r.code())).orElse(EndOfLifeCause.FAILED);
            reason = first.or(() -> Optional.of(Reason.of(ReasonCodes.UPGRADE_FAILED, "its upgrade failed")));
        } else if (!running && (c.state() == UpgradeState.UP_TO_DATE || c.target().filter(t -> t.isNewerThan(release)).isEmpty())) {
            cause = EndOfLifeCause.NO_UPGRADE;
        } else if (c.freeze().filter(f -> !f.until().isBefore(at)).isPresent()) {
            cause = EndOfLifeCause.FROZEN;
            reason = c.freeze().map(f -> Reason.until(ReasonCodes.FROZEN, "frozen until " + f.until() + " ("
                    + f.reason() + ")", f.until()));
        } else if (c.longestHold().isPresent()) {
            HeldBack h = c.longestHold().get();
            cause = EndOfLifeCause.of(h.code());
            reason = Optional.of(Reason.until(h.code(), h.message(), h.until()));
            held = Optional.of(h.total());
        } else {
            cause = EndOfLifeCause.UPGRADING;
        }
        if (held.isEmpty() && reason.isPresent()) {
            String code = reason.get().code();
            held = c.heldBack().stream().filter(h -> h.code().equals(code)).findFirst().map(HeldBack::total);
        }
        return new EndOfLifeMiss(c.cluster(), release, c.upgrade(), c.stage(), c.target(),
                running ? UpgradeState.IN_PROGRESS : c.state(), cause, reason, held, List.of());
    }
}
