package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.diff.rule.Impact;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** One cluster's entry while a round builds it; {@code state} is null while the cluster still needs a window. */
final class Draft {
    final ManagedCluster cluster;
    final Version from;
    final Optional<LocalDate> endOfLife;
    Optional<Version> to = Optional.empty();
    List<Version> path = List.of();
    Optional<PlanKind> kind = Optional.empty();
    Optional<VersionChange> releaseChange = Optional.empty();
    Optional<String> upgrade = Optional.empty();
    Optional<String> stage = Optional.empty();
    UpgradeState state;
    Optional<Interval> window = Optional.empty();
    Optional<Instant> expectedEnd = Optional.empty();
    final List<Reason> blockers = new ArrayList<>();
    final List<Reason> holds = new ArrayList<>();
    final List<Reason> times = new ArrayList<>();
    Optional<Impact> impact = Optional.empty();
    boolean unchecked;

    /** Set for clusters that need a window: what exclusions judge, and how the window is used. */
    UpgradeKind upgradeKind;
    Duration expectedDuration;
    WindowPolicy policy;
    Optional<Instant> startTime = Optional.empty();
    /** Whether the release part is done (at or past the target, or succeeded): what stage gating counts. */
    boolean releaseDone;
    /** Whether the cluster takes part in its stage's gating (a release upgrade in a stage). */
    boolean staged;
    /** Whether it joined its stage after the stage's run started: the stage neither counts nor waits for it. */
    boolean joinedLate;
    /** When its upgrade to the target last succeeded, from history. */
    Instant succeededAt;
    /** Per later hop of {@code path} (index 1 on), the readiness reasons that block it; empty when none. */
    List<List<Reason>> hopBlocks = List.of();
    /** The kind of each hop of {@code path}, in order. */
    List<PlanKind> hopKinds = List.of();
    /** The path's hops without windows, shared by the entries of every cluster on that path; empty when none. */
    List<PlannedHop> unplacedHops = List.of();
    /** Whether history shows it part-way along its path: a hop of its upgrade succeeded and landed where it is. */
    boolean midPath;
    /** How long it runs past its window, when a {@code startWithin} upgrade does. */
    Optional<Duration> overrun = Optional.empty();
    /** Its hops, once windows are placed; derived from the path when null. */
    List<PlannedHop> hops;
    /**
     * The earliest instant at which its entry could read differently with the same history and
     * releases: what lets a {@link PlanSession} keep the entry until then. The round's instant means
     * "plan it again next time".
     */
    Instant validUntil = Instant.MAX;
    /** The part of {@link #validUntil} that only its window and the reason naming it ({@code OUTSIDE_WINDOW}) need. */
    Instant windowValidUntil = Instant.MAX;
    /**
     * What stands for {@link #windowValidUntil} once a stage that holds it drops its window
     * ({@link KnownTimes#earliestOnly}): until its window gets too short or an exclusion comes in
     * reach of it, the window's opening changes nothing the entry says.
     */
    Instant droppedValidUntil = Instant.MAX;

    Draft(ManagedCluster cluster, Version from, Optional<LocalDate> endOfLife) {
        this.cluster = cluster;
        this.from = from;
        this.endOfLife = endOfLife;
    }

    boolean needsWindow() {
        return state == null;
    }

    /** Until when the entry holds: the earliest of its own and its window's instants. */
    Instant validity() {
        return windowValidUntil.isBefore(validUntil) ? windowValidUntil : validUntil;
    }

    /** Notes that the entry may change at {@code t}. */
    void validUntil(Instant t) {
        if (t.isBefore(validUntil)) {
            validUntil = t;
        }
    }

    void block(Reason reason) {
        blockers.add(reason);
        state = UpgradeState.BLOCKED;
    }

    PlanEntry entry() {
        List<Reason> reasons = new ArrayList<>(blockers);
        reasons.addAll(holds);
        List<Reason> timed = new ArrayList<>(times);
        timed.sort(Comparator.comparing((Reason r) -> r.until().orElse(Instant.MAX)));
        reasons.addAll(timed);
        List<PlannedHop> planned = Hops.blocked(hops != null ? hops : Hops.unplaced(this), hopBlocks);
        return new PlanEntry(cluster.id(), from, to, path, kind, releaseChange, upgrade, stage, state, window,
                expectedEnd, reasons, impact, endOfLife, unchecked, overrun, planned);
    }
}
