package dev.upshift.core.run;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * An SPI call did not answer within its deadline ({@link Deadlines}). The engine treats it as any
 * call that throws: a fault, the step tried again on the next reconcile.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeadlineExceededException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    /**
     * A call that hung.
     *
     * @param call which call ({@code publish prod-eu-1:19.3.1..20.1.0#1})
     * @param deadline how long it was given
     */
    public DeadlineExceededException(String call, Duration deadline) {
        super(call + " did not answer within " + dev.upshift.common.value.Durations.format(deadline)
                + "; it is given up for this reconcile and asked again on the next");
    }
}
