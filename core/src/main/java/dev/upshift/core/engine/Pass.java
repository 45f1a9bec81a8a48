package dev.upshift.core.engine;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One pass of a reconcile over a fixed journal and plan ({@link PassView}), in phases whose entries
 * are appended as one group each, each group before what it announces is acted on: members who
 * left, starts (hooks, strategies, enrollments, the write-ahead {@code starting}), publications,
 * outcomes (probes, and the steps of hops in parts), finishes (after-hooks, event, {@code
 * finished}). Each step returns a {@link StepResult}; the pass sequences them, appends, and stops
 * acting when an append fails.
 */
final class Pass {
    private final PassView v;
    private final Set<String> faulted;
    private final boolean startsAllowed;
    private final List<HistoryEntry> recorded = new ArrayList<>();
    private final List<Fault> faults = new ArrayList<>();
    private final List<PlanEntry> started = new ArrayList<>();
    private final Wakes wakes;
    private boolean stopped;

    /**
     * @param faulted clusters whose steps faulted in an earlier pass of the same reconcile: left alone
     * @param startsAllowed false for a pass that follows what is in flight and starts nothing ({@link Engine#settle})
     */
    Pass(PassView v, Set<String> faulted, boolean startsAllowed) {
        this.v = v;
        this.faulted = faulted;
        this.startsAllowed = startsAllowed;
        this.wakes = new Wakes(v.now());
    }

    List<HistoryEntry> recorded() {
        return recorded;
    }

    List<Fault> faults() {
        return faults;
    }

    /** The plan entries whose hop this pass started. */
    List<PlanEntry> started() {
        return started;
    }

    /** Whether an append failed, so that the pass stopped acting. */
    boolean stopped() {
        return stopped;
    }

    Optional<Instant> nextWake() {
        return wakes.earliest();
    }

    void wakeAt(Instant t) {
        wakes.add(t);
    }

    void run() {
        Triage.Work w = Triage.of(v, faulted, startsAllowed);
        List<HistoryEntry> skipped = Triage.leftTheFleet(v);
        skipped.addAll(v.journal().membership().leftTheirStages(v.reading().fleet(), v.now(), v.ports().epoch()));
        if (append(skipped) && start(w) && publish(w) && probe(w)) {
            finish(w);
        }
    }

    private boolean start(Triage.Work w) {
        List<HistoryEntry> starts = new ArrayList<>();
        for (PlanEntry e : w.toStart) {
            StepResult r = take(Start.decide(v, e));
            starts.addAll(r.entries());
            if (!r.entries().isEmpty() && r.entries().get(r.entries().size() - 1).step() == Step.STARTING) {
                started.add(e);
            }
            w.toPublish.addAll(r.next());
        }
        starts.addAll(0, v.journal().membership().enroll(v.reading().fleet(), v.plan(), starts, v.now(),
                v.ports().epoch()));
        return appendThen(starts, Step.STARTING, CrashPoint.INTENT_JOURNALED);
    }

    private boolean publish(Triage.Work w) {
        List<HistoryEntry> published = new ArrayList<>();
        List<Flight> next = new ArrayList<>();
        for (Flight f : w.toPublish) {
            StepResult r = take(Publishing.step(v, f));
            published.addAll(r.entries());
            next.addAll(r.next());
            w.toFinish.addAll(r.finish());
        }
        if (!appendThen(published, Step.PUBLISHED, CrashPoint.PUBLICATION_JOURNALED)) {
            return false;
        }
        // what was just published is probed in the same pass, as a further pass would
        w.toProbe.addAll(next);
        return true;
    }

    private boolean probe(Triage.Work w) {
        List<HistoryEntry> outcomes = new ArrayList<>();
        List<Flight> inParts = new ArrayList<>();
        for (Flight f : w.toProbe) {
            StepResult r = take(Probing.step(v, f));
            outcomes.addAll(r.entries());
            inParts.addAll(r.next());
            w.toFinish.addAll(r.finish());
        }
        return parts(inParts, outcomes, w.toFinish) && appendThen(outcomes, null, CrashPoint.OUTCOME_JOURNALED);
    }

    /**
     * Takes each hop in parts as far as it can go now: the control plane followed and the part
     * hooks asked, the workers journaled (one group), published (one group) and probed; failures of
     * the control plane and the workers' outcomes go to {@code outcomes}.
     */
    private boolean parts(List<Flight> following, List<HistoryEntry> outcomes, List<Flight> toFinish) {
        List<HistoryEntry> intents = new ArrayList<>();
        List<Flight> toPublish = new ArrayList<>();
        List<Flight> toProbe = new ArrayList<>();
        for (Flight f : following) {
            switch (Parts.stage(v, f)) {
                case PROBE_WORKERS -> toProbe.add(f);
                case PUBLISH_WORKERS -> toPublish.add(f);
                case CONTROL_PLANE -> {
                    StepResult r = take(Parts.controlPlane(v, f));
                    r.entries().forEach(e -> (e.step() == Step.WORKERS_STARTING ? intents : outcomes).add(e));
                    toPublish.addAll(r.next());
                    toFinish.addAll(r.finish());
                }
            }
        }
        if (!appendThen(intents, null, CrashPoint.WORKERS_INTENT_JOURNALED)) {
            return false;
        }
        List<HistoryEntry> published = new ArrayList<>();
        for (Flight f : toPublish) {
            StepResult r = take(Parts.publishWorkers(v, f));
            published.addAll(r.entries());
            toProbe.addAll(r.next());
            toFinish.addAll(r.finish());
        }
        if (!appendThen(published, Step.WORKERS_PUBLISHED, CrashPoint.WORKERS_PUBLICATION_JOURNALED)) {
            return false;
        }
        for (Flight f : toProbe) {
            StepResult r = take(Parts.workers(v, f));
            outcomes.addAll(r.entries());
            toFinish.addAll(r.finish());
        }
        return true;
    }

    private void finish(Triage.Work w) {
        List<HistoryEntry> finishes = new ArrayList<>();
        for (Flight f : w.toFinish) {
            finishes.addAll(take(Finish.step(v, f)).entries());
        }
        appendThen(finishes, Step.FINISHED, CrashPoint.FINISH_JOURNALED);
    }

    /** {@link Engine#apply}: the next hop of one cluster, now, or why not. */
    Application apply(String clusterId, Optional<Version> to, String reason) {
        Applying.Verdict verdict = Applying.judge(v, clusterId, to);
        if (verdict instanceof Applying.Answer a) {
            return answer(a);
        }
        StepResult start = take(Start.asked(v, ((Applying.Ready) verdict).entry(), reason));
        if (!append(start.entries())) {
            return answer(new Applying.Answer(Application.Kind.FAULTED, "the history could not be written; nothing"
                    + " was published"));
        }
        List<HistoryEntry> published = new ArrayList<>();
        for (Flight f : start.next()) {
            published.addAll(take(Publishing.step(v, f)).entries());
        }
        append(published);
        return answer(Applying.started(start.entries(), published, faults));
    }

    private Application answer(Applying.Answer a) {
        return new Application(a.kind(), a.message(), recorded, faults);
    }

    /** Keeps a step's faults and wakes; the caller takes its entries and attempts. */
    private StepResult take(StepResult r) {
        faults.addAll(r.faults());
        r.wakes().forEach(wakes::add);
        return r;
    }

    /** Appends a group and, once it is durable, tells the crash points of its entries of {@code step} (all: null). */
    private boolean appendThen(List<HistoryEntry> group, Step step, CrashPoint point) {
        if (!append(group)) {
            return false;
        }
        group.stream().filter(h -> step == null || h.step() == step).forEach(h -> v.ports().reached(point,
                h.clusterId()));
        return true;
    }

    /** Appends a group; whether it is durable (when not, the pass stops acting). */
    private boolean append(List<HistoryEntry> group) {
        if (group.isEmpty()) {
            return true;
        }
        try {
            v.ports().history().appendAll(group);
        } catch (StaleWriterException e) {
            throw e;
        } catch (RuntimeException e) {
            faults.add(Fault.of(CallSite.APPEND_HISTORY, null, e));
            stopped = true;
            return false;
        }
        recorded.addAll(group);
        return true;
    }
}
