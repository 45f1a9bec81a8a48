package dev.upshift.core.engine;

import dev.upshift.core.engine.Pass.Flight;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link Engine#apply} within one pass: what needs a person first is refused, else the next hop starts now. */
final class Applying {
    private final Pass pass;

    Applying(Pass pass) {
        this.pass = pass;
    }

    Application apply(String clusterId, Optional<Version> to, String reason) {
        Optional<PlanEntry> found = pass.plan().entry(clusterId);
        if (found.isEmpty() || pass.cluster(clusterId) == null) {
            return answer(Application.Kind.REFUSED, "the fleet has no cluster named " + clusterId);
        }
        PlanEntry e = found.get();
        Optional<Attempt> a = pass.attempts().latest(clusterId);
        if (a.isPresent() && (a.get().inFlight() || a.get().owesFinish())) {
            return answer(Application.Kind.ALREADY_UNDER_WAY, "attempt " + a.get().upgradeId() + " of " + clusterId
                    + " is under way (" + a.get().last().step() + " at " + a.get().last().at()
                    + "); nothing new was started");
        }
        Version from = e.from();
        boolean config = e.to().filter(from::equals).isPresent() && e.state() != UpgradeState.UP_TO_DATE;
        Optional<Version> target = to.or(e::to);
        if (target.isEmpty() || target.get().equals(from) && !config) {
            return answer(Application.Kind.NOTHING_TO_DO, clusterId + " already runs " + from
                    + (target.isEmpty() ? " and no upgrade selects it" : "") + "; nothing to do");
        }
        if (target.get().isOlderThan(from)) {
            return answer(Application.Kind.REFUSED, clusterId + " runs " + from + "; Upshift never goes down to "
                    + target.get());
        }
        List<Version> path = List.of();
        if (!target.get().equals(from)) {
            PathResult p = pass.reading().fleet().graph().path(from, target.get());
            if (p instanceof NoPath none) {
                return answer(Application.Kind.REFUSED, "NO_PATH: " + none.reason());
            }
            List<Version> landed = ((UpgradePath) p).versions();
            path = landed.subList(1, landed.size());
        }
        Optional<String> refused = needsAPerson(pass.cluster(clusterId), path.isEmpty() ? from : path.get(0));
        if (refused.isPresent()) {
            return answer(Application.Kind.REFUSED, refused.get());
        }
        PlanEntry ready = new PlanEntry(clusterId, from, target, path, e.kind(), e.releaseChange(), Optional.empty(),
                Optional.empty(), UpgradeState.READY, Optional.empty(), Optional.empty(), e.reasons().stream()
                        .filter(r -> r.code().equals(ReasonCodes.DRIFTED)).toList(), e.impact(),
                e.endOfLife(), e.unchecked());
        return start(ready, reason);
    }

    /** A freeze in force, or a change that cannot be made as it stands (a failing conflict, an immutable field). */
    private Optional<String> needsAPerson(ManagedCluster c, Version hopTo) {
        if (c.freeze().isPresent() && c.freeze().get().blocks(pass.now())) {
            return Optional.of("FROZEN: " + c.id() + " is frozen until " + c.freeze().get().until() + " ("
                    + c.freeze().get().reason() + "); lift the freeze first");
        }
        Optional<ClusterChange> change = pass.reading().fleet().change(c.id(), hopTo);
        if (change.isPresent() && change.get().isBlocked()) {
            return Optional.of(change.get().blockers().stream().map(Reason::toString)
                    .reduce((x, y) -> x + "\n" + y).orElse(""));
        }
        return Optional.empty();
    }

    private Application start(PlanEntry ready, String reason) {
        List<HistoryEntry> starts = new ArrayList<>();
        List<Flight> toPublish = new ArrayList<>();
        new Start(pass, ready, Optional.of(reason)).decide(starts, toPublish);
        if (!pass.append(starts)) {
            return answer(Application.Kind.FAULTED, "the history could not be written; nothing was published");
        }
        List<HistoryEntry> published = new ArrayList<>();
        List<Flight> finishing = new ArrayList<>();
        for (Flight f : toPublish) {
            pass.publish(f, published, finishing);
        }
        pass.append(published);
        if (starts.isEmpty()) {
            return answer(Application.Kind.FAULTED, pass.faults().stream().map(Fault::toString)
                    .reduce((x, y) -> x + "; " + y).orElse("nothing was started"));
        }
        HistoryEntry first = starts.get(0);
        Application.Kind kind = first.step() == Step.STARTING ? Application.Kind.STARTED
                : first.step() == Step.FAILED ? Application.Kind.REFUSED : Application.Kind.HELD;
        String message = first.step() == Step.STARTING ? first.message()
                + published.stream().map(p -> "\n" + p.step() + ": " + p.message()).reduce("", String::concat)
                : first.reasons().isEmpty() ? first.message() : first.reasons().get(0).toString();
        return answer(kind, message);
    }

    private Application answer(Application.Kind kind, String message) {
        return new Application(kind, message, pass.recorded(), pass.faults());
    }
}
