package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.release.NoPath;
import dev.upshift.release.PathResult;
import dev.upshift.release.UpgradePath;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.Optional;

/**
 * {@link Engine#apply}'s judgement of a person's request: what needs a person first is refused
 * (with what is already under way, or nothing to do), else the plan entry to start now, whatever
 * windows and stages say; and the answer once the pass started it.
 */
final class Applying {
    private Applying() {}

    /** A request judged: an answer at once, or an entry to start. */
    sealed interface Verdict permits Answer, Ready {}

    /** Nothing starts: what to tell the person. */
    record Answer(Application.Kind kind, String message) implements Verdict {}

    /** The entry to start now. */
    record Ready(PlanEntry entry) implements Verdict {}

    static Verdict judge(PassView v, String clusterId, Optional<Version> to) {
        Optional<PlanEntry> found = v.plan().entry(clusterId);
        if (found.isEmpty() || v.cluster(clusterId) == null) {
            return new Answer(Application.Kind.REFUSED, "the fleet has no cluster named " + clusterId);
        }
        PlanEntry e = found.get();
        Optional<Attempt> a = v.journal().latest(clusterId);
        if (a.isPresent() && (a.get().inFlight() || a.get().owesFinish())) {
            return new Answer(Application.Kind.ALREADY_UNDER_WAY, "attempt " + a.get().upgradeId() + " of " + clusterId
                    + " is under way (" + a.get().last().step() + " at " + a.get().last().at()
                    + "); nothing new was started");
        }
        Version from = e.from();
        boolean config = e.to().filter(from::equals).isPresent() && e.state() != UpgradeState.UP_TO_DATE;
        Optional<Version> target = to.or(e::to);
        if (target.isEmpty() || target.get().equals(from) && !config) {
            return new Answer(Application.Kind.NOTHING_TO_DO, clusterId + " already runs " + from
                    + (target.isEmpty() ? " and no upgrade selects it" : "") + "; nothing to do");
        }
        if (target.get().isOlderThan(from)) {
            return new Answer(Application.Kind.REFUSED, clusterId + " runs " + from + "; Upshift never goes down to "
                    + target.get());
        }
        return path(v, e, target.get());
    }

    private static Verdict path(PassView v, PlanEntry e, Version target) {
        Version from = e.from();
        List<Version> path = List.of();
        if (!target.equals(from)) {
            PathResult p = v.reading().fleet().graph().path(from, target);
            if (p instanceof NoPath none) {
                return new Answer(Application.Kind.REFUSED, "NO_PATH: " + none.reason());
            }
            List<Version> landed = ((UpgradePath) p).versions();
            path = landed.subList(1, landed.size());
        }
        Optional<String> refused = needsAPerson(v, v.cluster(e.cluster()), path.isEmpty() ? from : path.get(0));
        if (refused.isPresent()) {
            return new Answer(Application.Kind.REFUSED, refused.get());
        }
        return new Ready(new PlanEntry(e.cluster(), from, Optional.of(target), path, e.kind(), e.releaseChange(),
                Optional.empty(), Optional.empty(), UpgradeState.READY, Optional.empty(), Optional.empty(),
                e.reasons().stream().filter(r -> r.code().equals(ReasonCodes.DRIFTED)).toList(), e.impact(),
                e.endOfLife(), e.unchecked()));
    }

    /**
     * A freeze in force, a change that cannot be made as it stands (a failing conflict, an immutable
     * field), or a hop whose Kubernetes no longer serves an API the cluster's documents use and that
     * no one accepted ({@code REMOVED_API}, docs/planning.md "Readiness").
     */
    private static Optional<String> needsAPerson(PassView v, ManagedCluster c, Version hopTo) {
        if (c.freeze().isPresent() && c.freeze().get().blocks(v.now())) {
            return Optional.of("FROZEN: " + c.id() + " is frozen until " + c.freeze().get().until() + " ("
                    + c.freeze().get().reason() + "); lift the freeze first");
        }
        Optional<ClusterChange> change = v.reading().fleet().change(c.id(), hopTo);
        if (change.isPresent() && change.get().isBlocked()) {
            return Optional.of(change.get().blockers().stream().map(Reason::toString)
                    .reduce((x, y) -> x + "\n" + y).orElse(""));
        }
        List<Reason> removed = v.reading().fleet().readiness(c.id(), hopTo).stream()
                .filter(r -> r.code().equals(ReasonCodes.REMOVED_API)).toList();
        if (!removed.isEmpty()) {
            return Optional.of(removed.stream().map(Reason::toString).reduce((x, y) -> x + "\n" + y).orElse("")
                    + "\nmigrate the documents, or accept the finding for this hop in spec.readiness.accept");
        }
        return Optional.empty();
    }

    /**
     * What to tell the person once the start was decided ({@code starts}, journaled) and published
     * ({@code published}): started, held, refused, or why nothing was started ({@code faults}).
     */
    static Answer started(List<HistoryEntry> starts, List<HistoryEntry> published, List<Fault> faults) {
        if (starts.isEmpty()) {
            return new Answer(Application.Kind.FAULTED, faults.stream().map(Fault::toString)
                    .reduce((x, y) -> x + "; " + y).orElse("nothing was started"));
        }
        HistoryEntry first = starts.get(0);
        Application.Kind kind = first.step() == Step.STARTING ? Application.Kind.STARTED
                : first.step() == Step.FAILED ? Application.Kind.REFUSED : Application.Kind.HELD;
        String message = first.step() == Step.STARTING ? first.message()
                + published.stream().map(p -> "\n" + p.step() + ": " + p.message()).reduce("", String::concat)
                : first.reasons().isEmpty() ? first.message() : first.reasons().get(0).toString();
        return new Answer(kind, message);
    }
}
