package dev.upshift.bench;

import dev.upshift.schedule.AllowedIntervals;
import dev.upshift.schedule.Interval;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.schedule.ScheduleIndex;
import dev.upshift.schedule.UpgradeKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Next-allowed-interval queries on 50 schedules: the index (expanded once, binary search) against
 * the plain approach, which expands the recurrences for every query (32 days ahead,
 * then two years when that finds nothing). Both answer the same random queries within the
 * two-year horizon, asking for an interval that leaves at least two hours.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ScheduleIndexBench {
    private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration AT_LEAST = Duration.ofHours(2);
    private static final int QUERIES = 1 << 12;

    private List<MaintenanceSchedule> schedules;
    private AllowedIntervals[] indexed;
    private Instant[] queries;
    private int next;

    @Setup
    public void setUp() {
        schedules = ScheduleFleet.schedules(50, 42);
        ScheduleIndex index = ScheduleIndex.build(schedules, ORIGIN);
        indexed = schedules.stream().map(s -> index.get(s.name()).orElseThrow()).toArray(AllowedIntervals[]::new);
        Random r = new Random(7);
        queries = new Instant[QUERIES];
        for (int i = 0; i < QUERIES; i++) {
            queries[i] = ORIGIN.plusSeconds(r.nextInt(700 * 86_400));
        }
        for (int i = 0; i < QUERIES; i += 17) {
            if (!indexNext(i).equals(plainNext(i))) {
                throw new IllegalStateException("the index and the plain approach disagree on query " + i);
            }
        }
    }

    @Benchmark
    public Optional<Interval> index() {
        return indexNext(next++ & (QUERIES - 1));
    }

    @Benchmark
    public Optional<Interval> plain() {
        return plainNext(next++ & (QUERIES - 1));
    }

    private Optional<Interval> indexNext(int i) {
        return indexed[i % indexed.length].next(queries[i], UpgradeKind.PATCH, AT_LEAST);
    }

    private Optional<Interval> plainNext(int i) {
        MaintenanceSchedule s = schedules.get(i % schedules.size());
        Instant at = queries[i];
        for (Duration ahead : List.of(Duration.ofDays(32), AllowedIntervals.DEFAULT_SEARCH)) {
            for (Interval candidate : s.allowed(at, at.plus(ahead), UpgradeKind.PATCH)) {
                if (candidate.lastsAtLeast(AT_LEAST) && candidate.end().orElseThrow().isBefore(at.plus(ahead))) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
