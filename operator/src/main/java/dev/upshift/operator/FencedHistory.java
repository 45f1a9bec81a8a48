package dev.upshift.operator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryStore;
import org.apiguardian.api.API;

/**
 * A {@link HistoryStore} that several operator replicas share and that can be fenced ahead of the
 * first write: a replica that wins the lease claims its epoch at once, so that a replica of an older
 * lease term is refused from then on, even before the new leader has anything to record.
 *
 * <p><b>Contract.</b> {@link #claim} is called by the replica that just acquired the lease, on the
 * leader-election thread, before its engine runs. It returns only when every later append of an
 * older epoch will be refused; it throws {@link dev.upshift.common.problem.StaleWriterException}
 * when the store has already accepted a newer epoch than {@code epoch} (this replica's term is
 * already over, or the lease was recreated: docs/operator.md), and any other exception when the
 * store cannot be reached. Claiming the epoch the store already holds does nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface FencedHistory extends HistoryStore {

    /**
     * Raises the store's fence to {@code epoch}.
     *
     * @param epoch the lease term's epoch, at least 1
     * @throws dev.upshift.common.problem.StaleWriterException when the fence is already newer
     */
    void claim(long epoch);
}
