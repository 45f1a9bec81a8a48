package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The engine on a virtual clock ({@code upshift run --virtual-clock}): it reconciles at an instant,
 * then jumps to the next at which anything can change — a window opens, a reason lifts, a hook's
 * retry comes, an attempt times out, or a simulated attempt ends — until the range ends.
 *
 * <p>At {@code until} it settles ({@link Engine#settle}): what is in flight is followed, nothing
 * new starts, as {@code simulate} ends.
 *
 * <p>Restarted on the same history after a kill, it resumes at the last instant its history
 * recorded (or {@code from}, when later), where a reconcile takes again whatever step the kill
 * interrupted: the engine is idempotent at one instant.
 *
 * <p><b>Contract.</b> Reads no clock and starts no threads; its effects are the engine's.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TimeLapse {
    private TimeLapse() {}

    /**
     * Runs the engine from {@code from} to {@code until}.
     *
     * @param engine the engine, built over {@code history} and {@code probe}
     * @param history the engine's history: where a resumed run starts, and what {@code probe} reads
     * @param probe the simulated probe the engine uses, which tells when attempts end
     * @param from the first instant, unless the history reaches later
     * @param until the last instant
     * @param maxSteps at most this many reconciles
     * @param each told of every reconcile, in order
     * @return how far it got
     * @throws UpshiftException when it would take more than {@code maxSteps} reconciles
     */
    public static Result run(Engine engine, HistoryStore history, SimulatedProbe probe, Instant from, Instant until,
            int maxSteps, Consumer<Reconciliation> each) {
        return run(engine, history, probe, from, until, maxSteps, each, (t, steps) -> new UpshiftException(
                "the time-lapse took more than " + steps + " reconciles and stopped at " + t
                        + "; give it a shorter range"));
    }

    /** The same, with the error of a run over its budget: given where it would go next, and the budget. */
    static Result run(Engine engine, HistoryStore history, SimulatedProbe probe, Instant from, Instant until,
            int maxSteps, Consumer<Reconciliation> each, BiFunction<Instant, Integer, UpshiftException> overBudget) {
        return run(engine, history, probe, from, until, maxSteps, each, overBudget, new AssumedApprovals(Optional.empty()));
    }

    /** The same, with the approvals a forecast assumes journaled as they come due. */
    static Result run(Engine engine, HistoryStore history, SimulatedProbe probe, Instant from, Instant until,
            int maxSteps, Consumer<Reconciliation> each, BiFunction<Instant, Integer, UpshiftException> overBudget,
            AssumedApprovals approvals) {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(each, "each");
        if (until.isBefore(from)) {
            throw new IllegalArgumentException("a time-lapse ends (" + until + ") after it starts (" + from + ")");
        }
        List<HistoryEntry> journal = history.entries();
        Instant t = journal.isEmpty() ? from : latest(journal, from);
        Instant resumedAt = t;
        int steps = 0;
        while (true) {
            if (steps >= maxSteps) {
                throw overBudget.apply(t, maxSteps);
            }
            boolean last = !t.isBefore(until);
            if (!last) {
                approvals.grant(engine, t);
            }
            Reconciliation r = last ? engine.settle(t) : engine.reconcile(t);
            steps++;
            probe.observe(r);
            Instant at = t;
            r.plan().ifPresent(p -> approvals.observe(p, at));
            each.accept(r);
            if (last) {
                break;
            }
            Optional<Instant> next = earliest(earliest(r.nextWake(), probe.nextChange(t)), approvals.next(t));
            if (next.isEmpty()) {
                break;
            }
            t = next.get().isBefore(until) ? next.get() : until;
        }
        return new Result(resumedAt, t, steps);
    }

    private static Instant latest(List<HistoryEntry> journal, Instant from) {
        Instant last = from;
        for (HistoryEntry e : journal) {
            if (e.at().isAfter(last)) {
                last = e.at();
            }
        }
        return last;
    }

    private static Optional<Instant> earliest(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        return Optional.of(a.get().isBefore(b.get()) ? a.get() : b.get());
    }

    /**
     * How far a time-lapse got.
     *
     * @param startedAt the instant it started (or resumed) at
     * @param reached the last instant it reconciled at
     * @param reconciles how many reconciles it made
     */
    public record Result(Instant startedAt, Instant reached, int reconciles) {
        /** Validates the parts. */
        public Result {
            Objects.requireNonNull(startedAt, "startedAt");
            Objects.requireNonNull(reached, "reached");
        }
    }
}
