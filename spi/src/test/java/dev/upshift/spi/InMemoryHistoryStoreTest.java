package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The SPI's own history store: snapshots that never change, fencing by epoch, held to a naive model. */
class InMemoryHistoryStoreTest {
    private static final Instant T0 = Instant.parse("2026-03-10T10:00:00Z");

    private static HistoryEntry entry(int n, String cluster, long epoch) {
        return new HistoryEntry(T0.plusSeconds(n), cluster, cluster + ":20.0.0..20.1.0#" + (n + 1),
                Version.parse("20.0.0"), Version.parse("20.1.0"), Optional.empty(), UpgradeState.IN_PROGRESS, "",
                List.of(), Step.STARTING, Hop.only(Version.parse("20.1.0")), 1, List.of(), epoch);
    }

    @Test
    @DisplayName("a snapshot keeps what it showed, in order and as the same objects, while the store grows past it")
    void snapshotsNeverChange() {
        InMemoryHistoryStore store = new InMemoryHistoryStore();
        List<List<HistoryEntry>> snapshots = new ArrayList<>();
        List<HistoryEntry> appended = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            HistoryEntry e = entry(i, "c" + (i % 3), 0);
            store.append(e);
            appended.add(e);
            snapshots.add(store.entries());
        }
        for (int i = 0; i < snapshots.size(); i++) {
            List<HistoryEntry> s = snapshots.get(i);
            assertThat(s).hasSize(i + 1);
            for (int k = 0; k <= i; k++) {
                assertThat(s.get(k)).isSameAs(appended.get(k));
            }
        }
        assertThat(store.history("c1")).hasSize(33).allSatisfy(e -> assertThat(e.clusterId()).isEqualTo("c1"));
        assertThat(store.history("nobody")).isEmpty();
        assertThatThrownBy(() -> store.entries().add(entry(0, "c", 0)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> store.entries().get(100)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(store).hasToString("in-memory history: 100 entries, epoch 0");
    }

    @Test
    @DisplayName("an older epoch is refused with both epochs named, nothing of its group lands; claims raise the fence")
    void fencing() {
        InMemoryHistoryStore store = new InMemoryHistoryStore();
        assertThat(store.acceptedEpoch()).isZero();
        store.append(entry(0, "a", 5));
        assertThatThrownBy(() -> store.appendAll(List.of(entry(1, "a", 6), entry(2, "b", 4))))
                .isInstanceOfSatisfying(StaleWriterException.class, e -> {
                    assertThat(e.epoch()).isEqualTo(4);
                    assertThat(e.acceptedEpoch()).isEqualTo(6);
                });
        assertThat(store.entries()).hasSize(1);
        assertThat(store.acceptedEpoch()).isEqualTo(5);

        store.claimEpoch(7);
        store.claimEpoch(7);
        assertThat(store.acceptedEpoch()).isEqualTo(7);
        assertThatThrownBy(() -> store.append(entry(3, "a", 6))).isInstanceOf(StaleWriterException.class);
        assertThatThrownBy(() -> store.claimEpoch(6)).isInstanceOfSatisfying(StaleWriterException.class, e -> {
            assertThat(e.epoch()).isEqualTo(6);
            assertThat(e.acceptedEpoch()).isEqualTo(7);
            assertThat(e).hasMessage("the history is fenced at epoch 7, newer than the epoch 6 this writer claims;"
                    + " a newer writer took over, and this one stops");
        });
        assertThatThrownBy(() -> store.claimEpoch(-1)).isInstanceOf(IllegalArgumentException.class);
        store.append(entry(4, "a", 7));
        assertThat(store.entries()).extracting(HistoryEntry::epoch).containsExactly(5L, 7L);
    }

    @Test
    @DisplayName("a store over entries it already holds takes them as they are, fenced at their newest epoch")
    void seeded() {
        List<HistoryEntry> held = List.of(entry(0, "a", 3), entry(1, "b", 2));
        InMemoryHistoryStore store = new InMemoryHistoryStore(held);
        assertThat(store.entries()).containsExactlyElementsOf(held);
        assertThat(store.history("b")).containsExactly(held.get(1));
        assertThat(store.acceptedEpoch()).isEqualTo(3);
        assertThatThrownBy(() -> store.append(entry(2, "b", 2))).isInstanceOf(StaleWriterException.class);
    }

    @Test
    @DisplayName("random groups and claims: the store accepts, refuses and reads what a copy-everything model does")
    void agreesWithANaiveModel() {
        qt().withExamples(300).forAll(lists().of(integers().between(-1, 12)).ofSizeBetween(0, 40)).checkAssert(ops -> {
            InMemoryHistoryStore store = new InMemoryHistoryStore();
            List<HistoryEntry> model = new ArrayList<>();
            long fence = 0;
            int n = 0;
            for (int op : ops) {
                if (op < 0 || op > 9) {
                    long claim = op < 0 ? fence : op;
                    boolean refused = claim < fence;
                    if (refused) {
                        assertThatThrownBy(() -> store.claimEpoch(claim)).isInstanceOf(StaleWriterException.class);
                    } else {
                        store.claimEpoch(claim);
                        fence = claim;
                    }
                    continue;
                }
                // a group of two: epochs op / 2 and op % 5, from two clusters
                List<HistoryEntry> group = List.of(entry(n++, "c" + (op % 2), op / 2), entry(n++, "c" + (op % 3), op % 5));
                long newest = fence;
                boolean ok = true;
                for (HistoryEntry e : group) {
                    ok &= e.epoch() >= newest;
                    newest = Math.max(newest, e.epoch());
                }
                List<HistoryEntry> before = store.entries();
                if (ok) {
                    store.appendAll(group);
                    model.addAll(group);
                    fence = newest;
                } else {
                    assertThatThrownBy(() -> store.appendAll(group)).isInstanceOf(StaleWriterException.class);
                }
                assertThat(before).isEqualTo(model.subList(0, before.size()));
            }
            assertThat(store.entries()).isEqualTo(model);
            for (String c : List.of("c0", "c1", "c2")) {
                assertThat(store.history(c)).isEqualTo(model.stream().filter(e -> e.clusterId().equals(c)).toList());
            }
            assertThat(store.acceptedEpoch()).isEqualTo(fence);
        });
    }

    @Test
    @DisplayName("writers and readers on several threads: every snapshot read is a prefix of the final history")
    void threadSafe() throws Exception {
        InMemoryHistoryStore store = new InMemoryHistoryStore();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<List<List<HistoryEntry>>>> readers = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                String cluster = "w" + w;
                pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < 2000; i++) {
                        store.append(entry(i, cluster, 0));
                    }
                    return null;
                });
            }
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    go.await();
                    List<List<HistoryEntry>> seen = new ArrayList<>();
                    for (int i = 0; i < 200; i++) {
                        seen.add(store.entries());
                    }
                    return seen;
                }));
            }
            go.countDown();
            pool.shutdown();
            assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
            List<HistoryEntry> all = store.entries();
            assertThat(all).hasSize(4000);
            for (Future<List<List<HistoryEntry>>> f : readers) {
                for (List<HistoryEntry> s : f.get()) {
                    assertThat(s).isEqualTo(all.subList(0, s.size()));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
