package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.simulate.ScheduleCalendar;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.diff.rule.Impact;
import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.UpgradeKind;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a simulated rollout, in a policy's words: who upgrades before whom and how long
 * after, when nothing may upgrade, how many at once. Cluster patterns are ids where {@code *}
 * stands for any text ({@code "prod-*"}). A failure names every cluster that broke the policy,
 * when, and what it was compared with.
 *
 * <pre>{@code
 * assertThat(rollout).upgradedBefore("staging-*", "prod-*", Duration.ofHours(48));
 * assertThat(rollout).neverUpgradesDuring("year-end");
 * assertThat(rollout).atMostConcurrently(2).per("region");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SimulationAssert extends AbstractAssert<SimulationAssert, Simulation> {
    private final Map<String, Map<String, String>> labels;

    SimulationAssert(Simulation actual, Map<String, Map<String, String>> labels) {
        super(actual, SimulationAssert.class);
        isNotNull();
        this.labels = labels;
    }

    /**
     * Within each upgrade intent, every upgrade of a cluster matching {@code then} starts at least
     * {@code gap} after every cluster matching {@code first} that the intent gave something to do
     * finished reaching its target. An intent that selects clusters of only one side is not
     * compared; when none selects both, the assertion fails (it would compare nothing).
     */
    public SimulationAssert upgradedBefore(String first, String then, Duration gap) {
        Pattern firstIds = Describe.glob(first);
        Pattern thenIds = Describe.glob(then);
        List<String> broken = new ArrayList<>();
        int pairs = 0;
        for (String intent : intents()) {
            List<SimulatedCluster> before = clusters(intent, firstIds).stream().filter(SimulationAssert::hadWork).toList();
            for (SimulatedCluster later : clusters(intent, thenIds)) {
                for (SimulatedUpgrade u : later.upgrades()) {
                    if (!u.upgrade().equals(Optional.of(intent))) {
                        continue;
                    }
                    for (SimulatedCluster b : before) {
                        pairs++;
                        Optional<Instant> done = finished(b, u.start());
                        if (done.isEmpty()) {
                            broken.add(started(u) + ", before " + b.cluster() + notYet(b));
                        } else if (done.get().plus(gap).isAfter(u.start())) {
                            broken.add(started(u) + ", " + Durations.format(Duration.between(done.get(), u.start()))
                                    + " after " + b.cluster() + " finished at " + done.get());
                        }
                    }
                }
            }
        }
        if (pairs == 0) {
            failWithMessage("Expected %s clusters to upgrade at least %s after %s clusters of the same upgrade, but no"
                    + " upgrade of the simulation selects clusters of both%s", then, Durations.format(gap), first, range());
        }
        if (!broken.isEmpty()) {
            failWithMessage("Expected every %s cluster to start upgrading at least %s after every %s cluster of the same"
                    + " upgrade finished, but %d %s too early:%n%s%n%s", then, Durations.format(gap), first, broken.size(),
                    broken.size() == 1 ? "upgrade started" : "upgrades started", lines(broken), range());
        }
        return this;
    }

    /** No upgrade of any cluster runs at any time of {@code interval}. */
    public SimulationAssert neverUpgradesDuring(Interval interval) {
        return neverUpgradesDuring(interval, PlanKind.values());
    }

    /** No upgrade of these kinds runs at any time of {@code interval}. */
    public SimulationAssert neverUpgradesDuring(Interval interval, PlanKind... kinds) {
        Set<PlanKind> which = Set.of(kinds);
        List<String> broken = new ArrayList<>();
        for (SimulatedUpgrade u : actual.upgrades()) {
            if (which.contains(u.kind()) && new Interval(u.start(), u.end()).overlaps(interval)) {
                broken.add(ran(u));
            }
        }
        if (!broken.isEmpty()) {
            failWithMessage("Expected no %s upgrade during %s, but %d ran then:%n%s%n%s", kinds(kinds), interval,
                    broken.size(), lines(broken), range());
        }
        return this;
    }

    /**
     * No cluster upgrades during an occurrence of the maintenance exclusion of this name, in the
     * schedules that have it, where its scope blocks the upgrade's kind. Fails when no simulated
     * schedule has an exclusion of that name within the range (it would check nothing).
     */
    public SimulationAssert neverUpgradesDuring(String exclusion) {
        List<String> broken = new ArrayList<>();
        boolean found = false;
        for (ScheduleCalendar calendar : actual.schedules()) {
            for (ExclusionOccurrence o : calendar.exclusions()) {
                if (!o.name().equals(exclusion)) {
                    continue;
                }
                found = true;
                for (SimulatedCluster c : actual.clusters()) {
                    if (!c.schedule().equals(Optional.of(calendar.name()))) {
                        continue;
                    }
                    for (SimulatedUpgrade u : c.upgrades()) {
                        if (o.scope().blocks(kind(u)) && new Interval(u.start(), u.end()).overlaps(o.interval())) {
                            broken.add(ran(u) + ", in " + calendar.name() + "'s " + o.name() + " (" + o.scope() + ") "
                                    + o.interval());
                        }
                    }
                }
            }
        }
        if (!found) {
            failWithMessage("Expected no upgrade during the exclusion %s, but no simulated schedule has an exclusion of"
                    + " that name%s; the schedules are: %s", exclusion, range(), actual.schedules().stream()
                    .map(ScheduleCalendar::name).collect(Collectors.joining(", ")));
        }
        if (!broken.isEmpty()) {
            failWithMessage("Expected no upgrade the exclusion %s blocks to run during it, but %d did:%n%s%n%s", exclusion,
                    broken.size(), lines(broken), range());
        }
        return this;
    }

    /**
     * How many clusters may upgrade at once: finish with {@link Concurrency#inTotal()},
     * {@link Concurrency#per(String)} or {@link Concurrency#among(String)}.
     */
    @CheckReturnValue
    public Concurrency atMostConcurrently(int clusters) {
        if (clusters < 1) {
            throw new IllegalArgumentException("at least one cluster at a time, not " + clusters);
        }
        return new Concurrency(this, clusters);
    }

    /** Every cluster matching the pattern that had something to do has an upgrade that succeeded. */
    public SimulationAssert upgradesEveryCluster(String pattern) {
        Pattern ids = Describe.glob(pattern);
        List<String> missing = new ArrayList<>();
        for (SimulatedCluster c : actual.clusters()) {
            if (ids.matcher(c.cluster()).matches() && hadWork(c) && !c.upgraded()) {
                missing.add(c.cluster() + " ended " + c.outcome()
                        + (c.reasons().isEmpty() ? "" : ": " + c.reasons().get(0))
                        + c.longestHold().map(h -> "; held back longest by " + h.code() + " (" + h.message() + ")").orElse(""));
            }
        }
        if (!missing.isEmpty()) {
            failWithMessage("Expected every %s cluster with something to do to be upgraded, but %d %s not:%n%s%n%s",
                    pattern, missing.size(), missing.size() == 1 ? "was" : "were", lines(missing), range());
        }
        return this;
    }

    /** No upgrade fails. */
    public SimulationAssert hasNoFailures() {
        List<String> failed = actual.upgrades().stream().filter(u -> u.outcome() == UpgradeState.FAILED)
                .map(SimulationAssert::ran).toList();
        if (!failed.isEmpty()) {
            failWithMessage("Expected no upgrade to fail, but %d did:%n%s%n%s", failed.size(), lines(failed), range());
        }
        return this;
    }

    /** Every upgrade of a cluster matching the pattern finishes by {@code deadline}. */
    public SimulationAssert finishesBy(String pattern, Instant deadline) {
        Pattern ids = Describe.glob(pattern);
        List<String> late = new ArrayList<>();
        for (SimulatedCluster c : actual.clusters()) {
            if (!ids.matcher(c.cluster()).matches()) {
                continue;
            }
            c.upgrades().stream().filter(u -> u.end().isAfter(deadline)).forEach(u -> late.add(ran(u)));
            if (hadWork(c) && c.upgrades().isEmpty()) {
                late.add(c.cluster() + " never started: " + c.outcome()
                        + (c.reasons().isEmpty() ? "" : ", " + c.reasons().get(0)));
            }
        }
        if (!late.isEmpty()) {
            failWithMessage("Expected every %s upgrade to finish by %s, but %d did not:%n%s%n%s", pattern, deadline,
                    late.size(), lines(late), range());
        }
        return this;
    }

    /** One cluster's part of the rollout, to assert on. */
    public SimulatedClusterAssert cluster(String id) {
        Optional<SimulatedCluster> c = actual.cluster(id);
        if (c.isEmpty()) {
            failWithMessage("Expected the simulation to have a cluster %s, but it has none of that name", id);
        }
        return new SimulatedClusterAssert(c.get(), range());
    }

    void checkConcurrency(int limit, String label, Pattern among, String what, Set<PlanKind> kinds) {
        Map<String, List<SimulatedUpgrade>> groups = new java.util.TreeMap<>();
        for (SimulatedUpgrade u : actual.upgrades()) {
            if (among.matcher(u.cluster()).matches() && kinds.contains(u.kind())) {
                String group = label == null ? "" : labels.getOrDefault(u.cluster(), Map.of()).getOrDefault(label, "(none)");
                groups.computeIfAbsent(group, g -> new ArrayList<>()).add(u);
            }
        }
        if (label != null && labels.isEmpty()) {
            failWithMessage("Expected at most %d upgrades at once per %s, but the simulation knows no labels: assert on"
                    + " TestFleet.simulate(...), whose rollout carries them", limit, label);
        }
        List<String> broken = new ArrayList<>();
        groups.forEach((group, upgrades) -> crowded(upgrades, limit).ifPresent(at -> broken.add(
                (label == null ? "" : label + "=" + group + ": ") + at)));
        if (!broken.isEmpty()) {
            String which = (what.isEmpty() ? "" : what + " ") + (kinds.size() == PlanKind.values().length ? ""
                    : kinds.stream().sorted().map(PlanKind::word).collect(Collectors.joining(" or ")) + " ");
            failWithMessage("Expected at most %d %supgrades at once%s, but more ran together:%n%s%n%s", limit, which,
                    label == null ? "" : " per " + label, lines(broken), range());
        }
    }

    /** The first instant at which more than {@code limit} of these upgrades run, and which. */
    private static Optional<String> crowded(List<SimulatedUpgrade> upgrades, int limit) {
        for (SimulatedUpgrade u : upgrades) {
            Instant t = u.start();
            List<SimulatedUpgrade> running = upgrades.stream().filter(o -> !o.start().isAfter(t) && o.end().isAfter(t))
                    .toList();
            if (running.size() > limit) {
                return Optional.of(running.size() + " at " + t + ": " + running.stream()
                        .map(o -> o.cluster() + " (" + o.start() + "–" + o.end() + ")").collect(Collectors.joining(", ")));
            }
        }
        return Optional.empty();
    }

    private List<String> intents() {
        return actual.clusters().stream().map(SimulatedCluster::upgrade).flatMap(Optional::stream).distinct().sorted()
                .toList();
    }

    private List<SimulatedCluster> clusters(String intent, Pattern ids) {
        return actual.clusters().stream().filter(c -> c.upgrade().equals(Optional.of(intent))
                && ids.matcher(c.cluster()).matches()).toList();
    }

    /** Whether the first plan gave the cluster somewhere to go. */
    private static boolean hadWork(SimulatedCluster c) {
        return c.target().filter(t -> t.isNewerThan(c.from())).isPresent() || c.kind().equals(Optional.of(PlanKind.CONFIG))
                || !c.upgrades().isEmpty();
    }

    /** Why a cluster had not finished: when it did, later, or how it ended. */
    private static String notYet(SimulatedCluster c) {
        Optional<Instant> later = finished(c, Instant.MAX);
        if (later.isPresent()) {
            return " finished (at " + later.get() + ")";
        }
        return " had upgraded (it ended " + c.outcome() + (c.reasons().isEmpty() ? "" : ": " + c.reasons().get(0)) + ")";
    }

    /** When the cluster finished reaching its target, if it did by {@code by}. */
    private static Optional<Instant> finished(SimulatedCluster c, Instant by) {
        return c.upgrades().stream().filter(u -> u.outcome() == UpgradeState.SUCCEEDED
                && c.target().map(t -> t.equals(u.to())).orElse(true) && !u.end().isAfter(by))
                .map(SimulatedUpgrade::end).findFirst();
    }

    private UpgradeKind kind(SimulatedUpgrade u) {
        UpgradeKind k = UpgradeKind.of(u.kind().versionChange());
        boolean nodes = actual.firstPlan().entry(u.cluster()).flatMap(PlanEntry::impact)
                .map(i -> i.compareTo(Impact.ROLLING) >= 0).orElse(false);
        return nodes ? k.changingNodes() : k;
    }

    private static String started(SimulatedUpgrade u) {
        return u.cluster() + " started " + u.from() + " → " + u.to() + u.upgrade().map(n -> " (" + n + ")").orElse("")
                + " at " + u.start();
    }

    static String ran(SimulatedUpgrade u) {
        return u.cluster() + " " + u.from() + " → " + u.to() + " (" + u.kind() + ") " + u.start() + "–" + u.end() + " "
                + u.outcome();
    }

    private String range() {
        return "(simulated from " + actual.settings().from() + " to " + actual.end() + ")";
    }

    private static String lines(List<String> lines) {
        return lines.stream().map(l -> "  " + l).collect(Collectors.joining("\n"));
    }

    private static String kinds(PlanKind... kinds) {
        return kinds.length == PlanKind.values().length ? "" : Arrays.stream(kinds).map(PlanKind::word)
                .collect(Collectors.joining(" or "));
    }

    /** How many clusters may upgrade at once, to finish with a scope. */
    public static final class Concurrency {
        private final SimulationAssert simulation;
        private final int limit;
        private final Set<PlanKind> kinds;

        Concurrency(SimulationAssert simulation, int limit) {
            this(simulation, limit, Set.of(PlanKind.values()));
        }

        private Concurrency(SimulationAssert simulation, int limit, Set<PlanKind> kinds) {
            this.simulation = simulation;
            this.limit = limit;
            this.kinds = kinds;
        }

        /** Counts only upgrades of these kinds ({@code of(PATCH, MINOR, MAJOR)}: release upgrades, not configuration changes). */
        @CheckReturnValue
        public Concurrency of(PlanKind... which) {
            if (which.length == 0) {
                throw new IllegalArgumentException("count upgrades of at least one kind");
            }
            return new Concurrency(simulation, limit, Set.of(which));
        }

        /** At most that many upgrades of the whole fleet run at once. */
        public SimulationAssert inTotal() {
            simulation.checkConcurrency(limit, null, Pattern.compile(".*"), "", kinds);
            return simulation;
        }

        /** At most that many upgrades of clusters sharing a value of the label run at once. */
        public SimulationAssert per(String label) {
            simulation.checkConcurrency(limit, label, Pattern.compile(".*"), "", kinds);
            return simulation;
        }

        /** At most that many upgrades of clusters matching the pattern run at once. */
        public SimulationAssert among(String pattern) {
            simulation.checkConcurrency(limit, null, Describe.glob(pattern), pattern, kinds);
            return simulation;
        }
    }
}
