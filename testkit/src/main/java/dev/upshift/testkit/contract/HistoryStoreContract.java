package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.release.Version;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link HistoryStore} and of a {@link FencedHistoryStore} (their Javadoc,
 * docs/spi.md): durable, ordered, whole after a torn write, snapshots, fencing and claims.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>H1</td><td>entries read back in append order, equal to what was appended, every field kept</td></tr>
 *   <tr><td>H2</td><td>a cluster's history is its entries in append order; a cluster without entries has none</td></tr>
 *   <tr><td>H3</td><td>a read is a snapshot: a later append does not change a list already returned</td></tr>
 *   <tr><td>H4</td><td>a group lands whole and in order; an empty group does nothing</td></tr>
 *   <tr><td>H5</td><td>({@code FENCING}) an entry of an older epoch is refused with {@code StaleWriterException}, nothing of its group appended</td></tr>
 *   <tr><td>H6</td><td>({@code REOPEN}) durable: a store opened again reads every entry appended, whole</td></tr>
 *   <tr><td>H7</td><td>({@code TORN_WRITE}) after a crash in the middle of a group, a store opened again reads the earlier entries and at most a prefix of the group, and takes appends again</td></tr>
 *   <tr><td>H8</td><td>({@code FENCING}) the store is a {@link FencedHistoryStore}: it says its fence, and a claim raises it before the first entry; an older entry or claim is then refused, the same claim again changes nothing</td></tr>
 *   <tr><td>H9</td><td>({@code FENCING}, {@code REOPEN}) a claim is as durable as an entry: a store opened again keeps the fence</td></tr>
 * </table>
 *
 * <p>Close what {@link #newStore()} opens in {@link #close(HistoryStore)} (by default: an
 * {@code AutoCloseable} is closed); every store a rule opened is closed after it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class HistoryStoreContract extends AdapterContract<HistoryStoreContract.Capability> {
    private final List<HistoryStore> opened = new ArrayList<>();

    /** Subclasses only. */
    protected HistoryStoreContract() {}

    /** The optional capabilities of a history store. */
    public enum Capability {
        /** Refusing entries of an older epoch than one accepted, and claiming one: a {@link FencedHistoryStore}. */
        FENCING,
        /** Being opened again over what an earlier store wrote ({@link #reopen}). */
        REOPEN,
        /** Surviving a crash in the middle of a write ({@link #crashWhileAppending}). */
        TORN_WRITE
    }

    /** A new, empty store, for one rule. */
    protected abstract HistoryStore newStore();

    /**
     * The store opened again over what {@code store} wrote, as a restarted process opens it; close
     * {@code store} first where the store needs that. Needed by {@code REOPEN} and {@code TORN_WRITE}.
     */
    protected HistoryStore reopen(HistoryStore store) {
        throw new UnsupportedOperationException("declare REOPEN unsupported, or override reopen");
    }

    /**
     * Appends {@code group} as a process killed in the middle of writing it would have: for a file,
     * part of its bytes reach the disk. Needed by {@code TORN_WRITE}.
     */
    protected void crashWhileAppending(HistoryStore store, List<HistoryEntry> group) {
        throw new UnsupportedOperationException("declare TORN_WRITE unsupported, or override crashWhileAppending");
    }

    /** Releases a store (by default: closes an {@code AutoCloseable}). */
    protected void close(HistoryStore store) throws Exception {
        if (store instanceof AutoCloseable c) {
            c.close();
        }
    }

    @AfterEach
    final void closeStores() throws Exception {
        for (HistoryStore s : opened) {
            close(s);
        }
        opened.clear();
    }

    private HistoryStore store() {
        return track(newStore());
    }

    private HistoryStore track(HistoryStore s) {
        opened.add(s);
        return s;
    }

    /** Entries of three clusters with every field set: reasons with an end, hop 2 of 3, owed hooks, an epoch. */
    protected static List<HistoryEntry> sample(long epoch) {
        List<HistoryEntry> out = new ArrayList<>();
        String[] clusters = {"prod-1", "dev-1", "prod-1", "staging-é"};
        Step[] steps = {Step.STARTING, Step.STARTING, Step.PUBLISHED, Step.HELD};
        UpgradeState[] states = {UpgradeState.IN_PROGRESS, UpgradeState.IN_PROGRESS, UpgradeState.IN_PROGRESS,
                UpgradeState.WAITING};
        for (int i = 0; i < clusters.length; i++) {
            List<Reason> reasons = steps[i] == Step.HELD
                    ? List.of(Reason.until("HOOK_HELD", "the change board meets at 11:00 — «approval»",
                            NOW.plus(Duration.ofHours(1))))
                    : List.of();
            out.add(new HistoryEntry(NOW.plusSeconds(i), clusters[i], clusters[i] + ":19.3.1..20.0.0#2",
                    Version.parse("19.3.1"), Version.parse("20.0.0"), i == 1 ? Optional.empty() : Optional.of("to-21"),
                    states[i], "entry " + i + ": published as commit 3f2a1c9", reasons, steps[i],
                    new Hop(2, 3, Version.parse("21.0.0")), 2, steps[i] == Step.STARTING ? List.of("alerts", "ticket")
                            : List.of(), epoch));
        }
        return out;
    }

    @Test
    @DisplayName("H1 entries are read back in append order, equal to what was appended, every field kept")
    public void readsBackInOrder() {
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        entries.forEach(s::append);
        assertThat(s.entries()).containsExactlyElementsOf(entries);
    }

    @Test
    @DisplayName("H2 a cluster's history is its own entries in append order; a cluster without entries has none")
    public void historyOfOneCluster() {
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        s.appendAll(entries);
        assertThat(s.history("prod-1")).containsExactly(entries.get(0), entries.get(2));
        assertThat(s.history("nobody")).isEmpty();
    }

    @Test
    @DisplayName("H3 a read is a snapshot: a later append does not change a list already returned")
    public void readsAreSnapshots() {
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        s.append(entries.get(0));
        List<HistoryEntry> all = s.entries();
        List<HistoryEntry> one = s.history("prod-1");
        s.append(entries.get(2));
        assertThat(all).containsExactly(entries.get(0));
        assertThat(one).containsExactly(entries.get(0));
    }

    @Test
    @DisplayName("H4 a group lands whole and in order after what was there; an empty group does nothing")
    public void groupsLandWhole() {
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        s.append(entries.get(0));
        s.appendAll(List.of());
        s.appendAll(entries.subList(1, 4));
        assertThat(s.entries()).containsExactlyElementsOf(entries);
    }

    @Test
    @DisplayName("H5 an entry of an older epoch than one accepted is refused with StaleWriterException, nothing of its group appended")
    public void fencing() {
        requires("H5", Capability.FENCING);
        HistoryStore s = store();
        s.appendAll(sample(7).subList(0, 1));
        List<HistoryEntry> stale = List.of(sample(7).get(1), sample(6).get(2));
        assertThatThrownBy(() -> s.appendAll(stale)).isInstanceOf(StaleWriterException.class);
        assertThatThrownBy(() -> s.append(sample(3).get(3))).isInstanceOf(StaleWriterException.class);
        assertThat(s.entries()).containsExactly(sample(7).get(0));
        s.append(sample(8).get(3));
        assertThat(s.entries()).hasSize(2);
    }

    @Test
    @DisplayName("H6 durable: a store opened again reads every entry appended, whole and in order")
    public void durable() {
        requires("H6", Capability.REOPEN);
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        s.append(entries.get(0));
        s.appendAll(entries.subList(1, 4));
        HistoryStore again = track(reopen(s));
        assertThat(again.entries()).containsExactlyElementsOf(entries);
        assertThat(again.history("prod-1")).containsExactly(entries.get(0), entries.get(2));
    }

    @Test
    @DisplayName("H7 after a crash in the middle of a group, a store opened again reads the earlier entries and at most"
            + " a prefix of the group, and takes appends again")
    public void wholeAfterATornWrite() {
        requires("H7", Capability.TORN_WRITE);
        HistoryStore s = store();
        List<HistoryEntry> entries = sample(0);
        s.append(entries.get(0));
        List<HistoryEntry> group = entries.subList(1, 4);
        crashWhileAppending(s, group);
        HistoryStore again = track(reopen(s));
        List<HistoryEntry> read = again.entries();
        assertThat(read).startsWith(entries.get(0));
        assertThat(read.size() - 1).as("entries of the group read back").isLessThanOrEqualTo(group.size());
        assertThat(read.subList(1, read.size())).as("a prefix of the group").isEqualTo(group.subList(0, read.size() - 1));
        HistoryEntry next = sample(0).get(3);
        again.append(next);
        assertThat(again.entries()).endsWith(next).hasSize(read.size() + 1);
    }

    @Test
    @DisplayName("H8 a fenced store says its fence, and a claim raises it before the first entry: an older entry or"
            + " claim is then refused, the same claim again changes nothing")
    public void claims() {
        requires("H8", Capability.FENCING);
        FencedHistoryStore s = fenced(store());
        assertThat(s.acceptedEpoch()).as("the fence of an empty store").isZero();
        s.claimEpoch(5);
        s.claimEpoch(5);
        assertThat(s.acceptedEpoch()).isEqualTo(5);
        assertThatThrownBy(() -> s.append(sample(4).get(0))).isInstanceOf(StaleWriterException.class);
        assertThatThrownBy(() -> s.claimEpoch(4)).isInstanceOfSatisfying(StaleWriterException.class, e -> {
            assertThat(e.epoch()).as("the refused claim's epoch").isEqualTo(4);
            assertThat(e.acceptedEpoch()).as("the fence").isEqualTo(5);
        });
        assertThat(s.entries()).isEmpty();
        s.append(sample(5).get(0));
        s.append(sample(6).get(1));
        assertThat(s.acceptedEpoch()).as("an entry raises the fence too").isEqualTo(6);
        assertThatThrownBy(() -> s.claimEpoch(5)).isInstanceOf(StaleWriterException.class);
        assertThat(s.entries()).hasSize(2);
    }

    @Test
    @DisplayName("H9 a claim is as durable as an entry: a store opened again keeps the fence")
    public void claimsAreDurable() {
        requires("H9", Capability.FENCING);
        requires("H9", Capability.REOPEN);
        FencedHistoryStore s = fenced(store());
        s.claimEpoch(3);
        FencedHistoryStore again = fenced(track(reopen(s)));
        assertThat(again.acceptedEpoch()).isEqualTo(3);
        assertThatThrownBy(() -> again.append(sample(2).get(0))).isInstanceOf(StaleWriterException.class);
        assertThat(again.entries()).isEmpty();
    }

    private static FencedHistoryStore fenced(HistoryStore s) {
        assertThat(s).as("a store that fences says so as a FencedHistoryStore, or declares FENCING unsupported")
                .isInstanceOf(FencedHistoryStore.class);
        return (FencedHistoryStore) s;
    }
}
