package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.Outcome;
import dev.upshift.spi.UpgradeState;
import dev.upshift.testing.TestPostgres;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Queries across fleets, against a brute force: the same conditions checked one entry at a time
 * over everything appended. Entries sit nanoseconds apart around the bounds (a column keeps
 * microseconds) and some ids hold text PostgreSQL's text cannot (U+0000), next to ids that look the
 * same in a column.
 */
class QueryTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String[] CLUSTERS = {"prod-eu-1", "prod-us-1", "dev-1", "c\u0000", "c\uFFFD", "c\uD800"};
    private static final String[] INTENTS = {"fleet-to-20.1", "patches", "x\u0000"};
    private static final Step[] STEPS = {Step.STARTING, Step.PUBLISHED, Step.SUCCEEDED, Step.FAILED, Step.FINISHED,
        Step.HELD};
    private static final Instant BASE = Instant.parse("2026-07-01T00:00:00Z");

    private static String url;
    private static PostgresHistoryStore reader;

    @BeforeAll
    static void database() {
        url = TestPostgres.shared().freshDatabase();
        reader = PostgresHistoryStore.builder().url(url).build();
    }

    @AfterAll
    static void close() {
        reader.close();
    }

    @Test
    @DisplayName("every query returns what a brute force finds, in append order, up to its limit")
    void queriesAgreeWithABruteForce() {
        qt().withExamples(20).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            String tag = "q" + DATABASES.incrementAndGet() + "-";
            List<Recorded> appended = new ArrayList<>();
            for (String fleet : List.of(tag + "a", tag + "b")) {
                try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet(fleet).build()) {
                    List<HistoryEntry> group = new ArrayList<>();
                    for (int i = 0; i < 40; i++) {
                        group.add(entry(r, i, tag));
                    }
                    store.appendAll(group);
                    group.forEach(e -> appended.add(new Recorded(fleet, e)));
                }
            }
            for (int q = 0; q < 10; q++) {
                HistoryQuery query = query(r, tag);
                List<Recorded> expected = appended.stream().filter(a -> bruteForce(query, a)).limit(query.limit()).toList();
                List<Recorded> got = reader.query(query).stream().map(e -> new Recorded(e.fleet(), e.entry())).toList();
                assertThat(got).as("%s", query).isEqualTo(expected);
            }
        });
    }

    @Test
    @DisplayName("a query's entries carry their fleet, their place, and when the database recorded them")
    void recordedEntriesSayWhereTheyCameFrom() {
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet("recorded").build()) {
            store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
            store.append(Entries.of("a", Step.PUBLISHED, 1, 1, 0));
            List<RecordedEntry> got = reader.query(HistoryQuery.builder().fleet("recorded").build());
            assertThat(got).extracting(RecordedEntry::fleet).containsOnly("recorded");
            assertThat(got.get(1).sequence()).isGreaterThan(got.get(0).sequence());
            assertThat(got.get(0).recordedAt()).isAfter(Instant.parse("2026-01-01T00:00:00Z"));
            assertThat(got).extracting(RecordedEntry::entry).isEqualTo(store.entries());
        }
    }

    @Test
    @DisplayName("a query with a period that ends before it starts, or a limit below 1, is refused")
    void badQueries() {
        assertThatThrownBy(() -> HistoryQuery.builder().between(BASE, BASE).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a history query's period ends after it starts: 2026-07-01T00:00:00Z to 2026-07-01T00:00:00Z");
        assertThatThrownBy(() -> HistoryQuery.builder().limit(0).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a history query returns at least 1 entry, not 0");
    }

    private static HistoryEntry entry(Random r, int i, String tag) {
        Step step = STEPS[r.nextInt(STEPS.length)];
        UpgradeState state = switch (step) {
            case HELD -> UpgradeState.WAITING;
            case SUCCEEDED -> UpgradeState.SUCCEEDED;
            case FAILED -> UpgradeState.FAILED;
            case FINISHED -> r.nextBoolean() ? UpgradeState.SUCCEEDED : UpgradeState.FAILED;
            default -> UpgradeState.IN_PROGRESS;
        };
        String cluster = tag + CLUSTERS[r.nextInt(CLUSTERS.length)];
        Version to = Version.parse("20.1.0");
        return new HistoryEntry(instant(r), cluster, cluster + "#" + i, Version.parse("20.0.0"), to,
                r.nextInt(4) == 0 ? Optional.empty() : Optional.of(INTENTS[r.nextInt(INTENTS.length)]), state, "m",
                List.of(), step, Hop.only(to), 1, List.of(), 0);
    }

    /** Instants a few nanoseconds around a few bounds, so that microseconds alone cannot decide. */
    private static Instant instant(Random r) {
        return BASE.plusSeconds(r.nextInt(4) * 3600L).plusNanos(r.nextInt(5000) - 2500);
    }

    private static HistoryQuery query(Random r, String tag) {
        HistoryQuery.Builder b = HistoryQuery.builder();
        // the database holds other examples' entries too: a query across fleets names one of this example's clusters
        boolean acrossFleets = r.nextBoolean();
        if (!acrossFleets) {
            b.fleet(tag + (r.nextBoolean() ? "a" : "b"));
        }
        if (acrossFleets || r.nextInt(3) == 0) {
            b.cluster(tag + CLUSTERS[r.nextInt(CLUSTERS.length)]);
        }
        if (r.nextInt(3) == 0) {
            b.intent(INTENTS[r.nextInt(INTENTS.length)]);
        }
        switch (r.nextInt(4)) {
            case 0 -> b.outcome(r.nextBoolean() ? Outcome.SUCCEEDED : Outcome.FAILED);
            case 1 -> b.steps(EnumSet.of(STEPS[r.nextInt(STEPS.length)], STEPS[r.nextInt(STEPS.length)]));
            default -> { }
        }
        if (r.nextBoolean()) {
            Instant from = instant(r);
            b.between(from, from.plusNanos(1 + r.nextInt(3) * 3600_000_000_000L + r.nextInt(3000)));
        }
        b.limit(r.nextInt(3) == 0 ? 1 + r.nextInt(10) : 1000);
        return b.build();
    }

    /** The query's conditions, checked one by one, written apart from the store's. */
    private static boolean bruteForce(HistoryQuery q, Recorded a) {
        HistoryEntry e = a.entry();
        if (q.fleet().isPresent() && !q.fleet().get().equals(a.fleet())) {
            return false;
        }
        if (q.cluster().isPresent() && !q.cluster().get().equals(e.clusterId())) {
            return false;
        }
        if (q.intent().isPresent() && !(e.intent().isPresent() && q.intent().get().equals(e.intent().get()))) {
            return false;
        }
        if (!q.steps().isEmpty() && !q.steps().contains(e.step())) {
            return false;
        }
        if (q.from().isPresent() && e.at().compareTo(q.from().get()) < 0) {
            return false;
        }
        return q.until().isEmpty() || e.at().compareTo(q.until().get()) < 0;
    }

    private record Recorded(String fleet, HistoryEntry entry) {}
}
