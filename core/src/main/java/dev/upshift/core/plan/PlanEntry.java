package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the plan says about one cluster at the plan's instant: where it goes, by which path, in
 * which stage, when, and why not sooner (DESIGN.md section 8; docs/planning.md has the JSON form).
 *
 * <p>Invariants: {@code to} is present exactly when there is something to do or something was done
 * ({@code state} is not {@code upToDate}, or it is and a target was resolved); when {@code to} is
 * present it is never older than {@code from}; a {@link PlanKind#CONFIG config} entry has
 * {@code to} equal to {@code from} and an empty {@code path}; {@code window} is present for
 * {@code ready} and {@code scheduled} entries (and for {@code waiting} ones whose earliest start is
 * known), and never starts before the plan's instant.
 *
 * @param cluster the cluster's id
 * @param from the release the cluster runs
 * @param to the release it goes to (equal to {@code from} for a configuration upgrade); empty when
 *     it has nothing to go to (no upgrade selects it and its values are applied) or the target is
 *     unknown
 * @param path the releases the cluster lands on after {@code from}, ending with {@code to}; empty
 *     when there is no path, for a configuration upgrade and when nothing is to be done
 * @param kind the largest change of the {@code kubernetes} component along the path, or
 *     {@code config}; empty when nothing is planned or no path exists. Maintenance exclusions judge
 *     each hop's own kind ({@link PlannedHop#kind()}), which for a path of one hop is this
 * @param releaseChange how far the release version itself moves from {@code from} to {@code to}
 * @param upgrade the name of the {@code ClusterUpgrade} that selects the cluster, if any
 * @param stage the name of the cluster's stage in that upgrade ({@code all} when it names none)
 * @param state where the cluster stands
 * @param window the allowed interval in which it will (or may now) start, its next hop on a path of
 *     several: closed, or open (no end) when the allowed time goes on past what was looked at
 * @param expectedEnd when the upgrade (its next hop, on a path of several) is expected to finish if it
 *     starts at {@code window.start} ({@code pauseAndResume} counts only allowed time)
 * @param reasons why the cluster is not upgrading now (or what it waits for), in the order they
 *     must be lifted; empty for {@code ready}, {@code upToDate} and {@code succeeded} entries
 * @param impact the highest impact of the cluster's reviewable change, when it has resources and
 *     something to do
 * @param endOfLife the end-of-life day of the release the cluster runs, present only when the plan's
 *     instant is past it (the day after it, in UTC, or later); it never blocks
 * @param unchecked whether some hop of the path assumed a component's compatibility instead of
 *     checking it (no {@code componentUpgradesFrom} rule)
 * @param overrun how long a {@code startWithin} upgrade (its next hop) is expected to run past the
 *     end of its window, when it does (it may; it never runs into an exclusion that blocks it);
 *     empty otherwise
 * @param hops one per hop of {@code path}, in order: the first is the hop the cluster takes next
 *     (its window, expected end and overrun are this entry's {@code window}, {@code expectedEnd} and
 *     {@code overrun}), each later one in a window of its own after the one before it ends
 *     ({@link PlannedHop}); empty when {@code path} is
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PlanEntry(String cluster, Version from, Optional<Version> to, List<Version> path,
        Optional<PlanKind> kind, Optional<VersionChange> releaseChange, Optional<String> upgrade,
        Optional<String> stage, UpgradeState state, Optional<Interval> window, Optional<Instant> expectedEnd,
        List<Reason> reasons, Optional<Impact> impact, Optional<LocalDate> endOfLife, boolean unchecked,
        Optional<Duration> overrun, List<PlannedHop> hops) {

    /**
     * An entry whose hops are derived from its path: the first with this entry's window, expected
     * end and overrun, the later ones without windows, each of the entry's kind.
     */
    public PlanEntry(String cluster, Version from, Optional<Version> to, List<Version> path,
            Optional<PlanKind> kind, Optional<VersionChange> releaseChange, Optional<String> upgrade,
            Optional<String> stage, UpgradeState state, Optional<Interval> window, Optional<Instant> expectedEnd,
            List<Reason> reasons, Optional<Impact> impact, Optional<LocalDate> endOfLife, boolean unchecked,
            Optional<Duration> overrun) {
        this(cluster, from, to, path, kind, releaseChange, upgrade, stage, state, window, expectedEnd, reasons, impact,
                endOfLife, unchecked, overrun, derivedHops(from, path, kind, window, expectedEnd, overrun));
    }

    /** An entry that does not run past its window, its hops derived from its path. */
    public PlanEntry(String cluster, Version from, Optional<Version> to, List<Version> path,
            Optional<PlanKind> kind, Optional<VersionChange> releaseChange, Optional<String> upgrade,
            Optional<String> stage, UpgradeState state, Optional<Interval> window, Optional<Instant> expectedEnd,
            List<Reason> reasons, Optional<Impact> impact, Optional<LocalDate> endOfLife, boolean unchecked) {
        this(cluster, from, to, path, kind, releaseChange, upgrade, stage, state, window, expectedEnd, reasons, impact,
                endOfLife, unchecked, Optional.empty());
    }

    /** Validates and copies the parts. */
    public PlanEntry {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        path = List.copyOf(path);
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(releaseChange, "releaseChange");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(expectedEnd, "expectedEnd");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(impact, "impact");
        Objects.requireNonNull(endOfLife, "endOfLife");
        Objects.requireNonNull(overrun, "overrun");
        if (overrun.isPresent() && (overrun.get().isNegative() || overrun.get().isZero())) {
            throw new IllegalArgumentException("cluster " + cluster + ": an overrun must be positive, got " + overrun.get());
        }
        if (to.isPresent() && to.get().isOlderThan(from)) {
            throw new IllegalArgumentException("cluster " + cluster + ": a plan never goes down from " + from
                    + " to " + to.get());
        }
        hops = List.copyOf(hops);
        checkHops(cluster, from, path, hops);
    }

    private static void checkHops(String cluster, Version from, List<Version> path, List<PlannedHop> hops) {
        if (hops.size() != path.size()) {
            throw new IllegalArgumentException("cluster " + cluster + ": " + hops.size() + " hops for a path of "
                    + path.size() + " releases");
        }
        Version at = from;
        for (int i = 0; i < hops.size(); i++) {
            PlannedHop h = hops.get(i);
            if (!h.from().equals(at) || !h.to().equals(path.get(i))) {
                throw new IllegalArgumentException("cluster " + cluster + ": hop " + (i + 1) + " goes " + h.from()
                        + " → " + h.to() + ", not " + at + " → " + path.get(i) + " as the path does");
            }
            at = h.to();
        }
    }

    private static List<PlannedHop> derivedHops(Version from, List<Version> path, Optional<PlanKind> kind,
            Optional<Interval> window, Optional<Instant> expectedEnd, Optional<Duration> overrun) {
        PlanKind each = kind.filter(k -> k != PlanKind.CONFIG).orElse(PlanKind.PATCH);
        List<PlannedHop> out = new ArrayList<>(path.size());
        Version at = from;
        for (Version v : path) {
            out.add(out.isEmpty() ? new PlannedHop(at, v, each, window, expectedEnd, overrun, List.of())
                    : PlannedHop.unplaced(at, v, each));
            at = v;
        }
        return out;
    }

    /** The same entry, expected to run {@code past} beyond its window's end (its first hop too). */
    public PlanEntry withOverrun(Duration past) {
        List<PlannedHop> moved = hops;
        if (!hops.isEmpty()) {
            PlannedHop h = hops.get(0);
            List<PlannedHop> copy = new ArrayList<>(hops);
            copy.set(0, new PlannedHop(h.from(), h.to(), h.kind(), h.window(), h.expectedEnd(), Optional.of(past),
                    h.reasons()));
            moved = copy;
        }
        return new PlanEntry(cluster, from, to, path, kind, releaseChange, upgrade, stage, state, window, expectedEnd,
                reasons, impact, endOfLife, unchecked, Optional.of(past), moved);
    }

    /** The hop the cluster takes next: the first of {@link #hops()}; empty when there is none. */
    public Optional<PlannedHop> nextHop() {
        return hops.isEmpty() ? Optional.empty() : Optional.of(hops.get(0));
    }

    /** Whether the plan has a reason of this code for the cluster. */
    public boolean hasReason(String code) {
        return reasons.stream().anyMatch(r -> r.code().equals(code));
    }

    /** The first reason of this code, if any. */
    public Optional<Reason> reason(String code) {
        return reasons.stream().filter(r -> r.code().equals(code)).findFirst();
    }

    /** {@code prod-eu-1 19.3.1 → 20.1.0 scheduled}, for logs and tests. */
    @Override
    public String toString() {
        return cluster + " " + from + to.map(t -> " → " + t).orElse("") + " " + state
                + (reasons.isEmpty() ? "" : " " + reasons.stream().map(Reason::code).toList());
    }
}
