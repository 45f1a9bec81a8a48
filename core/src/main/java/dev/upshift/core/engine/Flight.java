package dev.upshift.core.engine;

import dev.upshift.core.plan.Attempt;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A hop's attempt that a pass works on: the upgrade the publisher sees (its id the idempotency
 * key), which hop of how many, which attempt, when it started, the after-hooks it owes, its outcome
 * once journaled, and how it is published.
 */
record Flight(Upgrade upgrade, Hop hop, int attempt, Instant startedAt, List<String> owed,
        Optional<HistoryEntry> outcome, Shape shape) {

    /** How a hop is published (docs/engine.md, "Hops in two parts"). */
    enum Shape {
        /** At once, with no part hooks around it. */
        WHOLE,
        /** In two parts, control plane then workers, with the part hooks between them. */
        IN_PARTS,
        /** At once, moving only the control plane: its part hooks are asked around it. */
        CONTROL_PLANE_ONLY,
        /** At once, moving only the workers: their part hooks are asked around it. */
        WORKERS_ONLY;

        /** The one part a hop published at once moves, when part hooks are asked around it. */
        Optional<UpgradePart> onePart() {
            return switch (this) {
                case CONTROL_PLANE_ONLY -> Optional.of(UpgradePart.CONTROL_PLANE);
                case WORKERS_ONLY -> Optional.of(UpgradePart.WORKERS);
                default -> Optional.empty();
            };
        }

        static Shape onePart(UpgradePart part) {
            return part == UpgradePart.CONTROL_PLANE ? CONTROL_PLANE_ONLY : WORKERS_ONLY;
        }
    }

    /** How a {@code starting} entry says that a person asked for the hop; their reason follows after ": ". */
    static final String APPLIED = "; applied by a person, regardless of windows and stages";
    /** How a {@code starting} entry ends for a hop published in two parts. */
    static final String IN_TWO_PARTS = "; in two parts: control plane, then workers";

    /**
     * The attempt the journal holds, on the cluster as the fleet has it now; its context as it
     * started: the hop, the stage the plan holds it in, a person's request as its {@code starting}
     * entry says it.
     */
    static Flight of(Attempt a, ManagedCluster cluster, PassView v) {
        HistoryEntry first = a.defining();
        Upgrade.Context context = Upgrade.Context.of(first.hop());
        Optional<String> stage = v.plan().entry(first.clusterId())
                .filter(e -> e.upgrade().equals(first.intent()))
                .flatMap(e -> stage(v, e.upgrade(), e.stage()));
        context = stage.map(context::withStage).orElse(context);
        context = request(a).map(context::withPersonsRequest).orElse(context);
        Upgrade u = new Upgrade(a.upgradeId(), cluster, first.from(), first.to(), first.intent(), context);
        Shape shape = Parts.inParts(a) ? Shape.IN_PARTS : Parts.onePart(a).map(Shape::onePart).orElse(Shape.WHOLE);
        return new Flight(u, first.hop(), UpgradeIds.attemptOf(a.upgradeId()), a.startedAt(), a.owedHooks(),
                a.outcome(), shape);
    }

    /** The stage of a plan entry a reviewer is told of: none when its upgrade names no stages (the one stage "all"). */
    static Optional<String> stage(PassView v, Optional<String> upgrade, Optional<String> stage) {
        return upgrade.flatMap(v::intent).filter(i -> !i.stages().isEmpty()).flatMap(i -> stage);
    }

    /** A person's request as the attempt's {@code starting} entry records it: their reason, possibly empty. */
    private static Optional<String> request(Attempt a) {
        String m = a.starting().map(HistoryEntry::message).orElse("");
        int at = m.indexOf(APPLIED);
        if (at < 0) {
            return Optional.empty();
        }
        String rest = m.substring(at + APPLIED.length());
        if (rest.endsWith(IN_TWO_PARTS)) {
            rest = rest.substring(0, rest.length() - IN_TWO_PARTS.length());
        }
        return Optional.of(rest.startsWith(": ") ? rest.substring(2) : "");
    }

    String cluster() {
        return upgrade.cluster().id();
    }

    Flight withOutcome(HistoryEntry e) {
        return new Flight(upgrade, hop, attempt, startedAt, e.owedHooks(), Optional.of(e), shape);
    }

    /** The same attempt as seen by one of its parts: the part's id, started at {@code at}. */
    Flight part(UpgradePart which, Instant at) {
        return new Flight(Parts.part(upgrade, which), hop, attempt, at, owed, outcome, shape);
    }

    String describe() {
        return describe(hop, upgrade.from(), upgrade.to());
    }

    /** {@code 19.3.1 → 20.1.0}, {@code hop 1 of 2 (19.2.4 → 20.0.2)}, or {@code the configuration change on 20.1.0}. */
    static String describe(Hop hop, Version from, Version to) {
        if (from.equals(to)) {
            return "the configuration change on " + to;
        }
        return hop.count() == 1 ? from + " → " + to : hop + " (" + from + " → " + to + ")";
    }
}
