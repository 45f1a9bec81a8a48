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

    /** The attempt the journal holds, on the cluster as the fleet has it now. */
    static Flight of(Attempt a, ManagedCluster cluster) {
        HistoryEntry first = a.defining();
        Upgrade u = new Upgrade(a.upgradeId(), cluster, first.from(), first.to(), first.intent());
        Shape shape = Parts.inParts(a) ? Shape.IN_PARTS : Parts.onePart(a).map(Shape::onePart).orElse(Shape.WHOLE);
        return new Flight(u, first.hop(), UpgradeIds.attemptOf(a.upgradeId()), a.startedAt(), a.owedHooks(),
                a.outcome(), shape);
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
