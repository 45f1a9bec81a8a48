package dev.upshift.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link EndOfLife} against a brute force on random small fleets (seeded, so a failure names its
 * fleet): one long simulation of the fleet as it is, read at each end of life by folding each
 * cluster's upgrades, gives exactly the clusters reported and those that leave in time; and every
 * suggestion, made by this test's own hand (a schedule's extra window written as a document) and
 * simulated, really has the cluster off the release in time, where the rung before it does not.
 */
class EndOfLifeOracleTest {
    private static final Instant FROM = Instant.parse("2026-03-02T00:00:00Z");
    private static final String[] ZONES = {"UTC", "Europe/Berlin", "America/New_York"};
    private static final String[] DAYS = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"};
    private static final int EXAMPLES = 60;
    private static final AtomicInteger MISSES = new AtomicInteger();
    private static final AtomicInteger SUGGESTIONS = new AtomicInteger();
    private static final AtomicInteger IN_TIME = new AtomicInteger();

    /** A random fleet: three reachable releases with end-of-life days in or near the range, one unreachable. */
    private record RandomFleet(PlanInput input, SimulationSettings settings, Map<String, String> scheduleSpecs) {
        static RandomFleet of(long seed) {
            Random r = new Random(seed);
            LocalDate day = LocalDate.ofInstant(FROM, ZoneOffset.UTC);
            ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                    Release.builder("1.0.0").component("kubernetes", "1.28.0").endOfLife(day.plusDays(r.nextInt(40))).build(),
                    Release.builder("1.1.0").component("kubernetes", "1.29.0").endOfLife(day.plusDays(3 + r.nextInt(80))).build(),
                    Release.builder("2.0.0").component("kubernetes", "1.30.0").endOfLife(day.plusDays(60 + r.nextInt(200))).build(),
                    Release.builder("3.0.0").component("kubernetes", "1.31.0").upgradesFrom(">=9.0.0").build()));
            Map<String, String> specs = new HashMap<>();
            List<MaintenanceSchedule> schedules = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                String spec = scheduleSpec(r);
                specs.put("s" + i, spec);
                schedules.add(Fleets.schedule("s" + i, spec));
            }
            List<ManagedCluster> clusters = new ArrayList<>();
            int n = 2 + r.nextInt(9);
            String[] releases = {"1.0.0", "1.1.0", "2.0.0"};
            for (int i = 0; i < n; i++) {
                ManagedCluster.Builder b = ManagedCluster.builder("k" + i).infrastructure("aws")
                        .release(releases[r.nextInt(releases.length)]).label("team", r.nextInt(4) == 0 ? "b" : "a")
                        .label("stage", r.nextBoolean() ? "dev" : "prod");
                int schedule = r.nextInt(3);
                if (schedule < 2) {
                    b.schedule("s" + schedule);
                }
                if (r.nextInt(6) == 0) {
                    b.freeze(new Freeze(FROM.plus(Duration.ofDays(1 + r.nextInt(30))), "a freeze"));
                }
                clusters.add(b.build());
            }
            List<ClusterUpgrade> upgrades = List.of(staged(r), unstaged(r));
            SimulationSettings settings = SimulationSettings.between(FROM, FROM.plus(Duration.ofDays(7 + r.nextInt(21))))
                    .withSeed(r.nextLong()).withFailureRate(r.nextInt(3) == 0 ? 0.3 : 0);
            return new RandomFleet(new PlanInput(catalog, clusters, schedules, upgrades, List.of()), settings, specs);
        }

        private static String scheduleSpec(Random r) {
            Set<String> days = new TreeSet<>();
            for (int k = 1 + r.nextInt(3); days.size() < k; ) {
                days.add(DAYS[r.nextInt(7)]);
            }
            return "  timeZone: " + ZONES[r.nextInt(ZONES.length)] + "\n  maintenanceWindows:\n"
                    + String.format(Locale.ROOT, "    - name: w\n      startTime: 2026-01-05T%02d:00:00\n", r.nextInt(24))
                    + "      duration: " + (2 + r.nextInt(5)) + "h\n      recurrence: FREQ=WEEKLY;BYDAY="
                    + String.join(",", days) + "\n";
        }

        private static ClusterUpgrade staged(Random r) {
            String[] targets = {"1.1.0", "2.0.0", "2.0.0", "3.0.0"};
            ClusterUpgrade.Builder b = ClusterUpgrade.builder("to-a").matcher(ClusterMatcher.label("team", "a"))
                    .release(targets[r.nextInt(targets.length)]).expectedDuration(Duration.ofHours(1 + r.nextInt(4)))
                    .stage(Stage.of("dev", ClusterMatcher.label("stage", "dev"))
                            .withSoak(Duration.ofHours(r.nextInt(3) * 24L)).withMaxConcurrent(MaxConcurrent.clusters(1)))
                    .stage(Stage.of("prod", ClusterMatcher.label("stage", "prod"))
                            .withMaxConcurrent(r.nextBoolean() ? MaxConcurrent.clusters(1) : MaxConcurrent.percent(50)));
            if (r.nextBoolean()) {
                b.startTime(FROM.plus(Duration.ofHours(r.nextInt(24 * 12))));
            }
            return b.build();
        }

        private static ClusterUpgrade unstaged(Random r) {
            ClusterUpgrade.Builder b = ClusterUpgrade.builder("to-b").matcher(ClusterMatcher.label("team", "b"))
                    .release(r.nextBoolean() ? "2.0.0" : "1.1.0").expectedDuration(Duration.ofHours(2));
            if (r.nextBoolean()) {
                b.startTime(FROM.plus(Duration.ofHours(r.nextInt(24 * 20))));
            }
            return b.build();
        }

        Simulation simulate(PlanInput in, Instant until) {
            return Simulator.run(Planner.standard().prepare(in), new SimulationSettings(FROM, until, settings.seed(),
                    settings.failureRate(), settings.maxSteps()));
        }
    }

    /** The release a cluster runs at {@code t}: where its last success that ended by then took it. */
    private static Version runsAt(SimulatedCluster c, Instant t) {
        Version v = c.from();
        for (SimulatedUpgrade u : c.upgrades()) {
            if (u.outcome() == UpgradeState.SUCCEEDED && !u.end().isAfter(t)) {
                v = u.to();
            }
        }
        return v;
    }

    private static boolean past(ReleaseCatalog catalog, Version v, Instant t) {
        return catalog.get(v).flatMap(Release::endOfLife)
                .map(d -> !d.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().isAfter(t)).orElse(false);
    }

    @Test
    @DisplayName("the clusters reported, and those in time, are what one long simulation shows at each end of life")
    void missesAreWhatTheSimulationShows() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleet f = RandomFleet.of(seed);
            PreparedFleet fleet = Planner.standard().prepare(f.input());
            Simulation sim = Simulator.run(fleet, f.settings());
            EndOfLifeForecast eol = EndOfLife.forecast(fleet, sim);
            Instant horizon = f.settings().until().plus(EndOfLife.NEAR);
            assertThat(eol.horizon()).isEqualTo(horizon);
            assertThat(eol.unexamined()).as("seed %d: the budget has room for every day of end of life", seed).isEmpty();
            assertThat(eol.simulations()).as("seed %d: simulations run", seed).isLessThanOrEqualTo(EndOfLife.DEFAULT_MAX_SIMULATIONS);
            Simulation longRun = f.simulate(f.input(), horizon);
            Map<Version, ReleaseEndOfLife> reported = new HashMap<>();
            eol.releases().forEach(r -> reported.put(r.release(), r));
            for (Release release : f.input().catalog().releases()) {
                if (release.endOfLife().isEmpty()) {
                    continue;
                }
                Instant at = EndOfLife.pastAt(release.endOfLife().get());
                assertThat(at).isEqualTo(release.endOfLife().get().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
                Set<String> missed = new TreeSet<>();
                Set<String> left = new TreeSet<>();
                for (SimulatedCluster c : longRun.clusters()) {
                    boolean ran = c.from().equals(release.version()) || c.upgrades().stream().anyMatch(u ->
                            u.outcome() == UpgradeState.SUCCEEDED && u.to().equals(release.version()) && !u.end().isAfter(at));
                    if (ran) {
                        (runsAt(c, at).equals(release.version()) ? missed : left).add(c.cluster());
                    }
                }
                boolean inSpan = at.isAfter(FROM) && !at.isAfter(horizon);
                if (!inSpan || missed.size() + left.size() == 0) {
                    assertThat(reported).as("seed %d: %s", seed, release.version()).doesNotContainKey(release.version());
                    continue;
                }
                ReleaseEndOfLife r = reported.get(release.version());
                assertThat(r).as("seed %d: %s is reported", seed, release.version()).isNotNull();
                assertThat(r.past()).isEqualTo(at);
                assertThat(r.misses()).extracting(EndOfLifeMiss::cluster).as("seed %d", seed).containsExactlyElementsOf(missed);
                assertThat(r.inTime()).as("seed %d", seed).containsExactlyElementsOf(left);
                MISSES.addAndGet(missed.size());
                IN_TIME.addAndGet(left.size());
                for (EndOfLifeMiss m : r.misses()) {
                    checkCause(m, longRun.cluster(m.cluster()).orElseThrow(), at, seed);
                }
            }
        });
    }

    private static void checkCause(EndOfLifeMiss m, SimulatedCluster c, Instant at, long seed) {
        switch (m.cause()) {
            case FROZEN -> assertThat(c.freeze()).as("seed %d: %s", seed, m).isPresent();
            case NO_UPGRADE -> assertThat(m.target().filter(t -> t.isNewerThan(m.release()))).as("seed %d", seed).isEmpty();
            case NO_PATH -> assertThat(m.state()).as("seed %d", seed).isEqualTo(UpgradeState.BLOCKED);
            default -> { }
        }
        if (!m.cause().timing()) {
            assertThat(m.suggestions()).as("seed %d: a person's decision gets no suggestion: %s", seed, m).isEmpty();
        }
        if (m.cause() == EndOfLifeCause.UPGRADING) {
            assertThat(c.upgrades().stream().anyMatch(u -> !u.start().isAfter(at) && u.end().isAfter(at)))
                    .as("seed %d: %s upgrades across the day", seed, m).isTrue();
        }
    }

    @Test
    @DisplayName("every suggestion, made by hand and simulated, has the cluster off the release in time; the rung before does not")
    void suggestionsWork() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            RandomFleet f = RandomFleet.of(seed);
            PreparedFleet fleet = Planner.standard().prepare(f.input());
            Simulation sim = Simulator.run(fleet, f.settings());
            EndOfLifeForecast eol = EndOfLife.forecast(fleet, sim);
            ReleaseCatalog catalog = f.input().catalog();
            for (ReleaseEndOfLife r : eol.releases()) {
                for (EndOfLifeMiss m : r.misses()) {
                    for (EndOfLifeChange change : m.suggestions()) {
                        SUGGESTIONS.incrementAndGet();
                        PlanInput changed = byHand(f, change);
                        SimulatedCluster c = f.simulate(changed, r.past()).cluster(m.cluster()).orElseThrow();
                        assertThat(past(catalog, runsAt(c, r.past()), r.past()))
                                .as("seed %d: %s with %s", seed, m.cluster(), change.text()).isFalse();
                        firstRung(f, sim, change).ifPresent(less -> {
                            SimulatedCluster d = f.simulate(byHand(f, less), r.past()).cluster(m.cluster()).orElseThrow();
                            assertThat(past(catalog, runsAt(d, r.past()), r.past()))
                                    .as("seed %d: %s with only %s", seed, m.cluster(), less.text()).isTrue();
                        });
                    }
                }
            }
        });
    }

    /** The change made by this test's own hand: builders for upgrades, a document for a schedule's window. */
    private static PlanInput byHand(RandomFleet f, EndOfLifeChange change) {
        PlanInput in = f.input();
        List<ClusterUpgrade> upgrades = new ArrayList<>(in.upgrades());
        List<MaintenanceSchedule> schedules = new ArrayList<>(in.schedules());
        if (change instanceof EndOfLifeChange.StartEarlier s) {
            ClusterUpgrade u = upgrades.stream().filter(x -> x.name().equals(s.upgrade())).findFirst().orElseThrow();
            assertThat(u.startTime().orElseThrow().minus(s.earlier())).isEqualTo(s.startTime());
            upgrades.set(upgrades.indexOf(u), u.toBuilder().startTime(s.startTime()).build());
        } else if (change instanceof EndOfLifeChange.RaiseConcurrency c) {
            ClusterUpgrade u = upgrades.stream().filter(x -> x.name().equals(c.upgrade())).findFirst().orElseThrow();
            ClusterUpgrade.Builder b = ClusterUpgrade.builder(u.name()).matchers(u.matchers()).target(u.target())
                    .expectedDuration(u.expectedDuration());
            u.startTime().ifPresent(b::startTime);
            for (Stage st : u.stages()) {
                b.stage(st.name().equals(c.stage()) ? new Stage(st.name(), st.matchers(), st.soak(),
                        Optional.of(MaxConcurrent.clusters(c.maxConcurrent())), st.maxFailures()) : st);
            }
            upgrades.set(upgrades.indexOf(u), b.build());
        } else if (change instanceof EndOfLifeChange.ExtraWindow w) {
            String spec = f.scheduleSpecs().get(w.schedule());
            assertThat(spec).contains("timeZone: " + w.zone().getId() + "\n");
            String extra = "    - name: extra\n      startTime: " + w.firstStart().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    + "\n      duration: PT" + w.length().getSeconds() + "S\n      recurrence: FREQ=WEEKLY;BYDAY="
                    + w.firstStart().getDayOfWeek().name().substring(0, 2) + "\n";
            int i = schedules.indexOf(schedules.stream().filter(s -> s.name().equals(w.schedule())).findFirst().orElseThrow());
            schedules.set(i, Fleets.schedule(w.schedule(), spec + extra));
        }
        return new PlanInput(in.catalog(), in.clusters(), schedules, upgrades, in.history());
    }

    /**
     * The first rung of a suggestion's ladder when the suggestion is not it: a day earlier, or one
     * cluster more than the stage's limit. The search stops at the first rung that works, so that one
     * must not.
     */
    private static Optional<EndOfLifeChange> firstRung(RandomFleet f, Simulation sim, EndOfLifeChange change) {
        if (change instanceof EndOfLifeChange.StartEarlier s && !s.earlier().equals(Duration.ofDays(1))) {
            Instant start = s.startTime().plus(s.earlier());
            Instant oneDay = start.minus(Duration.ofDays(1));
            return oneDay.isAfter(FROM) ? Optional.of(new EndOfLifeChange.StartEarlier(s.upgrade(), oneDay,
                    Duration.ofDays(1))) : Optional.empty();
        }
        if (change instanceof EndOfLifeChange.RaiseConcurrency c) {
            long size = sim.clusters().stream().filter(x -> x.upgrade().equals(Optional.of(c.upgrade()))
                    && x.stage().equals(Optional.of(c.stage()))).count();
            int limit = c.was() instanceof MaxConcurrent.Clusters n ? n.count()
                    : (int) Math.max(1, size * ((MaxConcurrent.Percent) c.was()).percent() / 100);
            return c.maxConcurrent() > limit + 1 ? Optional.of(new EndOfLifeChange.RaiseConcurrency(c.upgrade(), c.stage(),
                    limit + 1, c.was())) : Optional.empty();
        }
        return Optional.empty();
    }

    @AfterAll
    static void theFleetsShowedSomething() {
        assertThat(MISSES.get()).as("clusters that miss an end of life, over all fleets").isGreaterThan(EXAMPLES / 2);
        assertThat(IN_TIME.get()).as("clusters that leave in time, over all fleets").isGreaterThan(EXAMPLES / 4);
        assertThat(SUGGESTIONS.get()).as("suggestions checked, over all fleets").isPositive();
    }
}
