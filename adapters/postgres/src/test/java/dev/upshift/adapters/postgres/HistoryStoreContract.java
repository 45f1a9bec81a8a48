package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HistoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What every {@link HistoryStore} promises (the SPI's contract): entries read back equal and in
 * append order, per cluster and in all; reads are snapshots; a group is appended whole or not at
 * all; an entry of an epoch older than one accepted is refused with a {@link StaleWriterException},
 * nothing of its group appended; what was appended is there after the store is opened again.
 *
 * <p>Written here until the testkit publishes its own contract test for history stores; a store's
 * test then extends that one instead, with the same two methods.
 */
abstract class HistoryStoreContract {
    /** A new, empty store. */
    protected abstract HistoryStore newStore();

    /** A new instance over what {@code store} holds, as after a restart (the store itself may be closed). */
    protected abstract HistoryStore reopen(HistoryStore store);

    @Test
    @DisplayName("random entries appended in random groups read back equal, in append order, in all and per cluster")
    void entriesReadBackEqualInOrder() {
        qt().withExamples(25).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            HistoryStore store = newStore();
            List<HistoryEntry> written = new ArrayList<>();
            long epoch = 0;
            for (int groups = r.nextInt(6); groups > 0; groups--) {
                List<HistoryEntry> group = new ArrayList<>();
                for (int n = r.nextInt(5); n > 0; n--) {
                    epoch += r.nextInt(2);
                    group.add(Entries.random(r, epoch));
                }
                store.appendAll(group);
                written.addAll(group);
            }
            assertThat(store.entries()).isEqualTo(written);
            HistoryStore again = reopen(store);
            assertThat(again.entries()).isEqualTo(written);
            for (HistoryEntry e : written) {
                assertThat(again.history(e.clusterId())).as("history of %s", e.clusterId())
                        .isEqualTo(written.stream().filter(w -> w.clusterId().equals(e.clusterId())).toList());
            }
        });
    }

    @Test
    @DisplayName("a list already returned does not change when entries are appended")
    void readsAreSnapshots() {
        HistoryStore store = newStore();
        store.append(Entries.of("a", Step.STARTING, 1, 0, 0));
        List<HistoryEntry> all = store.entries();
        List<HistoryEntry> ofA = store.history("a");
        store.appendAll(List.of(Entries.of("a", Step.PUBLISHED, 1, 1, 0), Entries.of("b", Step.STARTING, 1, 2, 0)));
        assertThat(all).hasSize(1);
        assertThat(ofA).hasSize(1);
        assertThat(store.entries()).hasSize(3);
        assertThat(store.history("a")).hasSize(2);
    }

    @Test
    @DisplayName("an empty group appends nothing, and a cluster with no entries has an empty history")
    void emptyGroupsAndUnknownClusters() {
        HistoryStore store = newStore();
        store.appendAll(List.of());
        assertThat(store.entries()).isEmpty();
        assertThat(store.history("nobody")).isEmpty();
    }

    @Test
    @DisplayName("an entry of an older epoch than one accepted is refused, and nothing of its group is appended")
    void olderEpochsAreRefusedWithTheirGroup() {
        HistoryStore store = newStore();
        store.append(Entries.of("a", Step.STARTING, 1, 0, 5));
        List<HistoryEntry> stale = List.of(Entries.of("b", Step.STARTING, 1, 1, 5), Entries.of("c", Step.STARTING, 1, 2, 4));
        assertThatThrownBy(() -> store.appendAll(stale)).isInstanceOf(StaleWriterException.class)
                .satisfies(e -> {
                    assertThat(((StaleWriterException) e).epoch()).isEqualTo(4);
                    assertThat(((StaleWriterException) e).acceptedEpoch()).isEqualTo(5);
                });
        assertThat(store.entries()).extracting(HistoryEntry::clusterId).containsExactly("a");
        assertThat(reopen(store).entries()).extracting(HistoryEntry::clusterId).containsExactly("a");
    }

    @Test
    @DisplayName("entries of the accepted epoch and of newer ones are appended; then the newer one fences the rest")
    void equalAndNewerEpochsAreAccepted() {
        HistoryStore store = newStore();
        store.append(Entries.of("a", Step.STARTING, 1, 0, 3));
        store.append(Entries.of("a", Step.PUBLISHED, 1, 1, 3));
        store.append(Entries.of("b", Step.STARTING, 1, 2, 7));
        assertThatThrownBy(() -> store.append(Entries.of("a", Step.SUCCEEDED, 1, 3, 3)))
                .isInstanceOf(StaleWriterException.class);
        store.append(Entries.of("a", Step.SUCCEEDED, 1, 3, 7));
        assertThat(store.entries()).extracting(HistoryEntry::epoch).containsExactly(3L, 3L, 7L, 7L);
    }

    @Test
    @DisplayName("a group whose epochs go down is refused whole, even when the first is new")
    void groupsWhoseEpochsGoDownAreRefused() {
        HistoryStore store = newStore();
        List<HistoryEntry> down = List.of(Entries.of("a", Step.STARTING, 1, 0, 2), Entries.of("b", Step.STARTING, 1, 1, 1));
        assertThatThrownBy(() -> store.appendAll(down)).isInstanceOf(StaleWriterException.class);
        assertThat(store.entries()).isEmpty();
    }
}
