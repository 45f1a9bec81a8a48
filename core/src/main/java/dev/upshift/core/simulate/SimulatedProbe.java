package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * A status probe for runs without real clusters (the demo, tests, {@code run --probe simulated} and
 * the time-lapse): an attempt succeeds once it has run for its upgrade's {@code expectedDuration}
 * (the planner's configuration-change duration for a configuration change), unless a draw made from
 * the seed, the cluster, the upgrade and the hop's releases is below the failure rate, in which case
 * it fails then. The draw is {@code simulate}'s, so one cluster's outcome never depends on others.
 *
 * <p>When an attempt started is read from the history (its {@code starting} entry), so the probe
 * answers the same after a restart. It changes nothing and reads no clock.
 *
 * <p>Told of each reconcile ({@link #observe(Reconciliation)}), it ends the attempts it saw start
 * when their plan expected them to end, as {@code simulate} always did: a {@code pauseAndResume}
 * upgrade at the end of the windows its expected duration spans, a configuration change at the end
 * the planner gave it. An attempt started before a restart, whose start it did not see, ends after
 * its plain expected duration.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SimulatedProbe implements StatusProbe {
    private final HistoryStore history;
    private final Supplier<PreparedFleet> fleet;
    private final long seed;
    private final double failureRate;
    private final Map<String, Instant> plannedEnds = new HashMap<>();
    private final Map<String, HistoryEntry> open = new HashMap<>();
    /** The intents' durations, for the fleet last read: read again when another fleet is read. */
    private Map<String, Duration> durations;
    private PreparedFleet durationsOf;
    /** When each attempt started, once found: a start never moves. */
    private final Map<String, Instant> starts = new HashMap<>();
    private int seen;
    private HistoryEntry lastSeen;

    /**
     * A probe.
     *
     * @param history where attempts' starts are read
     * @param fleet the fleet whose upgrades give the durations (read at each call)
     * @param seed the draw's seed
     * @param failureRate the share of attempts that fail, from 0 to 1
     * @throws IllegalArgumentException when the rate is outside [0, 1]
     */
    public SimulatedProbe(HistoryStore history, Supplier<PreparedFleet> fleet, long seed, double failureRate) {
        this.history = Objects.requireNonNull(history, "history");
        this.fleet = Objects.requireNonNull(fleet, "fleet");
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new IllegalArgumentException("a failure rate is between 0 and 1, not " + failureRate);
        }
        this.seed = seed;
        this.failureRate = failureRate;
    }

    @Override
    public UpgradeStatus probe(Upgrade upgrade, Instant now) {
        Optional<Instant> started = Optional.ofNullable(starts.get(upgrade.id()))
                .or(() -> start(history.history(upgrade.cluster().id()), upgrade.id()));
        started.ifPresent(t -> starts.putIfAbsent(upgrade.id(), t));
        if (started.isEmpty()) {
            return UpgradeStatus.inProgress("Simulated", "not started yet", now);
        }
        Instant end = plannedEnds.getOrDefault(upgrade.id(), started.get().plus(duration(upgrade, durations())));
        if (now.isBefore(end)) {
            return UpgradeStatus.inProgress("Simulated", "simulated until " + end, now);
        }
        if (fails(upgrade)) {
            return UpgradeStatus.failed("SimulatedFailure", "the simulation's draw failed it (seed " + seed
                    + ", failure rate " + failureRate + ")", end);
        }
        return UpgradeStatus.succeeded("SimulatedUpgrade", "as simulated, after its expected "
                + dev.upshift.common.value.Durations.format(Duration.between(started.get(), end)), end);
    }

    /**
     * A part of a hop published in two parts: the control plane's is done halfway through the
     * attempt's expected run (the draw decides the hop at its end, so the control plane never
     * fails here); the workers' part is the whole hop, as {@link #probe(Upgrade, Instant)} answers
     * for the attempt whose part it is.
     */
    @Override
    public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
        String suffix = "/" + which.word();
        String id = part.id().endsWith(suffix) ? part.id().substring(0, part.id().length() - suffix.length()) : part.id();
        Upgrade hop = new Upgrade(id, part.cluster(), part.from(), part.to(), part.intent());
        if (which == UpgradePart.WORKERS) {
            return probe(hop, now);
        }
        Optional<Instant> started = start(history.history(part.cluster().id()), id);
        if (started.isEmpty()) {
            return UpgradeStatus.inProgress("Simulated", "not started yet", now);
        }
        Instant end = plannedEnds.getOrDefault(id, started.get().plus(duration(hop, durations())));
        Instant half = started.get().plus(Duration.between(started.get(), end).dividedBy(2));
        if (now.isBefore(half)) {
            return UpgradeStatus.inProgress("Simulated", "control plane simulated until " + half, now);
        }
        return UpgradeStatus.succeeded("SimulatedControlPlane", "as simulated, halfway through the hop", half);
    }

    /**
     * When an attempt started: its {@code starting} entry, or, for one recorded by another writer
     * without it (an import, an older journal), its first entry.
     */
    private static Optional<Instant> start(List<HistoryEntry> entries, String upgradeId) {
        Instant first = null;
        for (HistoryEntry e : entries) {
            if (!e.upgradeId().equals(upgradeId)) {
                continue;
            }
            if (e.step() == HistoryEntry.Step.STARTING) {
                return Optional.of(e.at());
            }
            first = first == null || e.at().isBefore(first) ? e.at() : first;
        }
        return Optional.ofNullable(first);
    }

    /**
     * The earliest instant after {@code now} at which an attempt in flight in {@code journal} will
     * end: where a virtual clock jumps next.
     */
    public Optional<Instant> nextChange(List<HistoryEntry> journal, Instant now) {
        Map<String, HistoryEntry> open = new HashMap<>();
        for (HistoryEntry e : journal) {
            follow(open, e);
        }
        return earliestEnd(open, now);
    }

    /**
     * {@link #nextChange(List, Instant)} of this probe's own history, read on from where the last
     * call stopped while the history only grows: what a time-lapse asks at each instant.
     */
    Optional<Instant> nextChange(Instant now) {
        List<HistoryEntry> journal = history.entries();
        int size = journal.size();
        if (size < seen || seen > 0 && journal.get(seen - 1) != lastSeen) {
            open.clear();
            seen = 0;
        }
        for (int k = seen; k < size; k++) {
            follow(open, journal.get(k));
        }
        seen = size;
        lastSeen = size == 0 ? null : journal.get(size - 1);
        return earliestEnd(open, now);
    }

    private static void follow(Map<String, HistoryEntry> open, HistoryEntry e) {
        switch (e.step()) {
            case STARTING -> open.put(e.upgradeId(), e);
            case SUCCEEDED, FAILED, SKIPPED, FINISHED -> open.remove(e.upgradeId());
            default -> {
                if (e.state() == dev.upshift.spi.UpgradeState.IN_PROGRESS) {
                    open.putIfAbsent(e.upgradeId(), e);
                }
            }
        }
    }

    private Optional<Instant> earliestEnd(Map<String, HistoryEntry> open, Instant now) {
        Map<String, Duration> known = durations();
        Instant next = null;
        for (HistoryEntry e : open.values()) {
            Instant end = plannedEnds.getOrDefault(e.upgradeId(),
                    e.at().plus(duration(e.intent(), e.from().equals(e.to()), known)));
            if (end.isAfter(now) && (next == null || end.isBefore(next))) {
                next = end;
            }
        }
        return Optional.ofNullable(next);
    }

    /**
     * Learns when the attempts a reconcile started are planned to end: the plan's expected end of
     * a configuration change or of a {@code pauseAndResume} upgrade; others end after their
     * upgrade's {@code expectedDuration}.
     *
     * @param r a reconcile of the engine this probe serves
     */
    public void observe(Reconciliation r) {
        Map<String, PlanEntry> startedBy = new HashMap<>();
        r.started().forEach(e -> startedBy.putIfAbsent(e.cluster(), e));
        for (HistoryEntry h : r.recorded()) {
            PlanEntry e = startedBy.get(h.clusterId());
            if (h.step() == HistoryEntry.Step.STARTING && e != null) {
                plannedEnd(e, h).ifPresent(end -> plannedEnds.put(h.upgradeId(), end));
            }
        }
    }

    private Optional<Instant> plannedEnd(PlanEntry e, HistoryEntry start) {
        Optional<Instant> planned = e.expectedEnd().filter(start.at()::isBefore);
        Optional<ClusterUpgrade> intent = start.intent().flatMap(n -> fleet.get().input().upgrades().stream()
                .filter(u -> u.name().equals(n)).findFirst());
        if (start.from().equals(start.to()) || intent.isEmpty()) {
            return Optional.of(planned.orElse(start.at().plus(ClusterUpgrade.DEFAULT_EXPECTED_DURATION)));
        }
        return intent.get().windowPolicy() == WindowPolicy.PAUSE_AND_RESUME ? planned : Optional.empty();
    }

    private boolean fails(Upgrade u) {
        boolean config = u.from().equals(u.to());
        return Outcomes.fails(seed, failureRate, u.cluster().id(), u.intent().orElse(""), u.from().toString(),
                u.to().toString(), config ? "config" : "");
    }

    private Map<String, Duration> durations() {
        PreparedFleet now = fleet.get();
        if (now != durationsOf) {
            Map<String, Duration> out = new HashMap<>();
            for (ClusterUpgrade u : now.input().upgrades()) {
                out.putIfAbsent(u.name(), u.expectedDuration());
            }
            out.put("", now.planner().configExpectedDuration());
            durations = out;
            durationsOf = now;
        }
        return durations;
    }

    private static Duration duration(Upgrade u, Map<String, Duration> known) {
        return duration(u.intent(), u.from().equals(u.to()), known);
    }

    private static Duration duration(Optional<String> intent, boolean config, Map<String, Duration> known) {
        if (config || intent.isEmpty()) {
            return known.get("");
        }
        return known.getOrDefault(intent.get(), ClusterUpgrade.DEFAULT_EXPECTED_DURATION);
    }
}
