package dev.upshift.core.engine;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.Decision;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeRequest.Owner;
import dev.upshift.spi.UpgradeStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who takes each owner's machines (seed 004): the first strategy to accept, asked in order per
 * owner, control plane first; an owner that every strategy declines is left to the fallback.
 *
 * @param taken for each owner, the strategy's place in the engine's list (from 1) that accepted it,
 *     in owner order; owners that all declined are absent
 * @param declines for each owner every strategy declined, why (one line per owner)
 * @param sequence the node sequence of the owners taken ({@link NodeSequence#summary()}), empty when none
 */
record StrategyChoice(List<String> taken, List<String> declines, String sequence) {

    /** Asks the strategies; empty when one threw (the upgrade does not start this reconcile). */
    static Optional<StrategyChoice> ask(PassView v, Upgrade upgrade, MergeResult change, StrategyPreference preference,
            StepResult r) {
        if (preference == StrategyPreference.ROLLING) {
            return Optional.of(new StrategyChoice(List.of(), List.of(), ""));
        }
        List<UpgradeStrategy> strategies = v.ports().strategies();
        List<String> taken = new ArrayList<>();
        List<String> declines = new ArrayList<>();
        List<Owner> owners = new ArrayList<>();
        for (Owner owner : Owners.of(change)) {
            UpgradeRequest request = new UpgradeRequest(upgrade, owner, NodeSequence.machineIds(change, owner),
                    Owners.specs(change, owner), change, preference);
            List<String> reasons = new ArrayList<>();
            boolean accepted = false;
            for (int i = 0; i < strategies.size() && !accepted; i++) {
                Decision d;
                try {
                    d = strategies.get(i).decide(request);
                } catch (RuntimeException e) {
                    r.fault(CallSite.STRATEGY, upgrade.cluster().id(), e);
                    return Optional.empty();
                }
                if (d instanceof Decision.Declined declined) {
                    reasons.add("strategy " + (i + 1) + ": " + declined.reason());
                } else {
                    taken.add(owner + " by strategy " + (i + 1));
                    owners.add(owner);
                    accepted = true;
                }
            }
            if (!accepted) {
                declines.add(owner + ": " + (reasons.isEmpty() ? "no strategy is registered" : String.join("; ", reasons)));
            }
        }
        String sequence = owners.isEmpty() ? "" : NodeSequence.of(change, owners).summary();
        return Optional.of(new StrategyChoice(taken, declines, sequence));
    }

    boolean declined() {
        return !declines.isEmpty();
    }

    String summary() {
        List<String> parts = new ArrayList<>(taken);
        declines.forEach(d -> parts.add("declined " + d));
        if (!sequence.isEmpty()) {
            parts.add(sequence);
        }
        return String.join("; ", parts);
    }
}
