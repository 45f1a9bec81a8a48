package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * When one cluster will really move: its first upgrade in a simulation of the whole fleet, and what
 * it waited for last (docs/simulation.md, "Forecasts"). A plan's reasons say why not now; a forecast
 * says when, because it is read off the simulation itself, so a forecast and {@code upshift simulate}
 * over the same range cannot disagree.
 *
 * <pre>{@code
 * Simulation sim = Forecast.simulate(fleet, now);                 // the whole fleet, 26 weeks, no failures
 * Forecast f = Forecast.of(sim, "prod-eu-1").orElseThrow();
 * f.start();                                                      // when its first upgrade starts, if it does
 * f.text();  // expected to start 2027-01-05 21:00 UTC in stage prod, after ...; finished by 23:00
 * }</pre>
 *
 * @param cluster the cluster's id
 * @param start when its first upgrade of the simulation starts; empty when none starts in the range
 * @param end when that upgrade ends (as simulated; it may lie past the range); for a path of several
 *     hops, when the last of its hops that starts in the range ends
 * @param hopsRun how many hops of its path start in the range, the first included (1 for a path of
 *     one hop or a configuration upgrade; 0 when nothing starts)
 * @param hops how many hops its path has (1 for a path of one hop or a configuration upgrade; 0 when
 *     nothing starts)
 * @param repair whether the first upgrade that starts is the repair of its drift: its {@code DRIFTED}
 *     reason is what the repair lifts, never what held it back
 * @param stage the stage it starts in, if it has one
 * @param after what held it back last before it started, not counting the wait for its window (its
 *     {@code until} is when that hold ended), or, when it never starts, the first reason of the
 *     simulation's last plan: what holds it at the range's end
 * @param range how far the simulation looked
 * @param state where it stood when the simulation stopped
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Forecast(String cluster, Optional<Instant> start, Optional<Instant> end, Optional<String> stage,
        Optional<Reason> after, Duration range, UpgradeState state, int hopsRun, int hops, boolean repair) {

    /** A forecast of one hop (or none, when {@code start} is empty). */
    public Forecast(String cluster, Optional<Instant> start, Optional<Instant> end, Optional<String> stage,
            Optional<Reason> after, Duration range, UpgradeState state) {
        this(cluster, start, end, stage, after, range, state, start.isPresent() ? 1 : 0, start.isPresent() ? 1 : 0);
    }

    /** A forecast of no repair. */
    public Forecast(String cluster, Optional<Instant> start, Optional<Instant> end, Optional<String> stage,
            Optional<Reason> after, Duration range, UpgradeState state, int hopsRun, int hops) {
        this(cluster, start, end, stage, after, range, state, hopsRun, hops, false);
    }

    /** How far a forecast looks by default: 26 weeks. */
    public static final Duration DEFAULT_RANGE = Duration.ofDays(7L * 26);

    /** Validates the parts. */
    public Forecast {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(state, "state");
        if (hopsRun < 0 || hopsRun > hops) {
            throw new IllegalArgumentException("a forecast of " + hopsRun + " hops of " + hops + "?");
        }
    }

    /**
     * The simulation forecasts are read from: the whole fleet from {@code now} over
     * {@link #DEFAULT_RANGE}, with {@code upshift simulate}'s defaults (seed 0, no failures).
     */
    public static Simulation simulate(PreparedFleet fleet, Instant now) {
        return simulate(fleet, now, DEFAULT_RANGE);
    }

    /** The same over another range. */
    public static Simulation simulate(PreparedFleet fleet, Instant now, Duration range) {
        return Simulator.run(fleet, SimulationSettings.between(now, now.plus(range)));
    }

    /** A cluster's forecast in a simulation; empty when the simulation has no such cluster. */
    public static Optional<Forecast> of(Simulation sim, String cluster) {
        return sim.cluster(cluster).map(c -> of(sim, c));
    }

    /** Every cluster's forecast in a simulation, by id, in the simulation's order of clusters. */
    public static Map<String, Forecast> all(Simulation sim) {
        Map<String, Forecast> out = new LinkedHashMap<>();
        for (SimulatedCluster c : sim.clusters()) {
            out.put(c.cluster(), of(sim, c));
        }
        return Collections.unmodifiableMap(out);
    }

    /** A simulated cluster's forecast. */
    public static Forecast of(Simulation sim, SimulatedCluster c) {
        Duration range = Duration.between(sim.settings().from(), sim.settings().until());
        if (c.upgrades().isEmpty()) {
            // a repair still to come is held by what follows its DRIFTED reason, which it lifts itself
            boolean blocked = c.state() == UpgradeState.BLOCKED || c.state() == UpgradeState.FAILED;
            return new Forecast(c.cluster(), Optional.empty(), Optional.empty(), c.stage(), c.reasons().stream()
                    .filter(r -> blocked || !r.code().equals(ReasonCodes.DRIFTED)).findFirst(), range, c.state());
        }
        SimulatedUpgrade first = c.upgrades().get(0);
        SimulatedUpgrade last = first;
        for (SimulatedUpgrade u : c.upgrades().subList(1, c.upgrades().size())) {
            if (last.lastHop() || last.outcome() != UpgradeState.SUCCEEDED || u.hop() != last.hop() + 1) {
                break;
            }
            last = u;
        }
        Optional<Reason> after = c.heldBack().stream()
                .filter(h -> !h.code().equals(ReasonCodes.OUTSIDE_WINDOW) && !h.until().isAfter(first.start())
                        && !(first.repair() && h.code().equals(ReasonCodes.DRIFTED)))
                .max(Comparator.comparing(HeldBack::until))
                .map(h -> Reason.until(h.code(), h.message(), h.until()));
        return new Forecast(c.cluster(), Optional.of(first.start()), Optional.of(last.end()), first.stage(), after,
                range, c.state(), last.hop() - first.hop() + 1, first.hops() - first.hop() + 1, first.repair());
    }

    /**
     * The forecast in words: {@code expected to start 2027-01-05 21:00 UTC in stage prod, after the
     * stage before it soaks until 2027-01-04 13:00; finished by 23:00}, or {@code not within 26
     * weeks: ...} with what holds it, or what it has to do at all.
     */
    public String text() {
        if (start.isEmpty()) {
            String weeks = weeks();
            return switch (state) {
                case UP_TO_DATE -> "nothing to do";
                case SUCCEEDED -> "its upgrade has succeeded";
                case IN_PROGRESS -> "its upgrade is under way";
                case BLOCKED, FAILED -> "not within " + weeks + ": " + state.word()
                        + after.map(r -> " (" + r.code() + ")").orElse("") + " until someone acts";
                default -> "not within " + weeks + after.map(r -> ": " + r.message()).orElse(" (" + state.word() + ")");
            };
        }
        StringBuilder s = new StringBuilder(repair ? "the repair of its drift is expected to start " : "expected to start ")
                .append(minute(start.get())).append(" UTC");
        stage.ifPresent(n -> s.append(" in stage ").append(n));
        after.ifPresent(h -> s.append(", after ").append(phrase(h, start.get())));
        LocalDateTime a = LocalDateTime.ofInstant(start.get(), ZoneOffset.UTC);
        LocalDateTime b = LocalDateTime.ofInstant(end.orElseThrow(), ZoneOffset.UTC);
        String by = a.toLocalDate().equals(b.toLocalDate())
                ? String.format(Locale.ROOT, "%02d:%02d", b.getHour(), b.getMinute()) : minute(end.get());
        if (hops < 2) {
            s.append("; finished by ").append(by);
        } else if (hopsRun == hops) {
            s.append("; ").append(hops).append(" hops, finished by ").append(by);
        } else {
            s.append("; hop ").append(hopsRun).append(" of ").append(hops).append(" finished by ").append(by)
                    .append(", the next not within ").append(weeks());
        }
        return s.toString();
    }

    private String weeks() {
        long days = range.toDays();
        if (days % 7 == 0 && days > 0) {
            return days / 7 + (days == 7 ? " week" : " weeks");
        }
        return days + (days == 1 ? " day" : " days");
    }

    private static String phrase(Reason r, Instant start) {
        String at = r.until().map(Forecast::minute).orElse("?");
        String when = r.until().filter(t -> t.isBefore(start)).map(t -> " (" + minute(t) + ")").orElse("");
        return switch (r.code()) {
            case ReasonCodes.WAITING_STAGE -> "the stage before it finishes" + when;
            case ReasonCodes.SOAKING -> "the stage before it soaks until " + at;
            case ReasonCodes.MAX_CONCURRENT -> "its stage has room again" + when;
            case ReasonCodes.FROZEN -> "its freeze ends at " + at;
            case ReasonCodes.WAITING_START_TIME -> "its upgrade's start time, " + at;
            case ReasonCodes.EXCLUDED -> "a maintenance exclusion ends at " + at;
            default -> r.code() + " until " + at;
        };
    }

    private static String minute(Instant t) {
        LocalDateTime d = LocalDateTime.ofInstant(t, ZoneOffset.UTC);
        return String.format(Locale.ROOT, "%04d-%02d-%02d %02d:%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth(),
                d.getHour(), d.getMinute());
    }
}
