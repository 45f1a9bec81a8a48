package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.Problem;
import dev.upshift.spi.Listing;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract the four input sources share (docs/spi.md): equal answers while nothing changes, a
 * bad document among the problems while the rest is still listed, and an exception, not an empty
 * listing, when nothing can be read. Extend {@link ClusterInventoryContract},
 * {@link ReleaseSourceContract}, {@link ScheduleSourceContract} or {@link UpgradeSourceContract}.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><td>L1</td><td>two reads with nothing changed in between list the same items in the same order, with the same problems</td></tr>
 *   <tr><td>L2</td><td>({@code BAD_DOCUMENTS}) a document that cannot be read is among the problems, as an error with its place, and the rest is still listed</td></tr>
 *   <tr><td>L3</td><td>({@code UNREACHABLE}) a source that cannot be read at all throws, rather than answer an empty listing</td></tr>
 * </table>
 *
 * @param <T> what the source lists
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ListingContract<T> extends AdapterContract<ListingContract.Capability> {

    /** Subclasses only. */
    protected ListingContract() {}

    /** The optional capabilities of a source. */
    public enum Capability {
        /** Holding a document that cannot be read ({@link #arrangeBadDocument}). */
        BAD_DOCUMENTS,
        /** Being unable to read anything ({@link #arrangeUnreachable}). */
        UNREACHABLE
    }

    /** Reads the source under test once. It must list at least one item unless a rule arranged otherwise. */
    protected abstract Listing<T> list();

    /** What identifies an item (a cluster's id, a release's version, a name). */
    protected abstract String name(T item);

    /** Adds a document that cannot be read beside the good ones. Needed by {@code BAD_DOCUMENTS}. */
    protected void arrangeBadDocument() {
        throw new UnsupportedOperationException("declare BAD_DOCUMENTS unsupported, or override arrangeBadDocument");
    }

    /** Makes the source impossible to read. Needed by {@code UNREACHABLE}. */
    protected void arrangeUnreachable() {
        throw new UnsupportedOperationException("declare UNREACHABLE unsupported, or override arrangeUnreachable");
    }

    private List<String> names(Listing<T> l) {
        return l.items().stream().map(this::name).toList();
    }

    @Test
    @DisplayName("L1 two reads with nothing changed in between list the same items in the same order, with the same"
            + " problems")
    public void stable() {
        Listing<T> first = list();
        Listing<T> second = list();
        assertThat(names(first)).as("what the source lists").isNotEmpty();
        assertThat(names(second)).isEqualTo(names(first));
        assertThat(second.problems()).isEqualTo(first.problems());
    }

    @Test
    @DisplayName("L2 a document that cannot be read is among the problems, as an error with its place, and the rest is"
            + " still listed")
    public void badDocumentsAreProblems() {
        requires("L2", Capability.BAD_DOCUMENTS);
        List<String> good = names(list());
        arrangeBadDocument();
        Listing<T> after = list();
        assertThat(after.problems()).filteredOn(Problem::isError).isNotEmpty()
                .allSatisfy(p -> assertThat(p.location().source()).isNotBlank());
        assertThat(names(after)).containsAll(good);
    }

    @Test
    @DisplayName("L3 a source that cannot be read at all throws, rather than answer an empty listing")
    public void unreachableThrows() {
        requires("L3", Capability.UNREACHABLE);
        arrangeUnreachable();
        assertThatThrownBy(this::list).isInstanceOf(RuntimeException.class);
    }
}
