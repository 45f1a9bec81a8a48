package dev.upshift.core.engine;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a valid engine history is, written from the contract and not from the engine's code: per
 * attempt, no publication without a journaled start before it, no success without a publication, no
 * second start, nothing after its finish; for a hop in two parts, no workers' start before the
 * control plane's publication, no workers' publication without its start, no success without it;
 * per cluster, no attempt starts while another is unfinished; an enrollment at most once under its id.
 */
final class HistoryRules {
    private HistoryRules() {}

    /** Every rule the history breaks, one line each; empty when it is valid. */
    static List<String> violations(List<HistoryEntry> history) {
        List<String> out = new ArrayList<>();
        Map<String, Set<Step>> seen = new HashMap<>();
        Map<String, String> open = new LinkedHashMap<>();
        Set<String> parted = new java.util.HashSet<>();
        for (HistoryEntry e : history) {
            Set<Step> steps = seen.computeIfAbsent(e.upgradeId(), k -> EnumSet.noneOf(Step.class));
            String where = e.upgradeId() + " " + e.step() + " at " + e.at();
            if (steps.contains(Step.FINISHED) || steps.contains(Step.SKIPPED)) {
                out.add(where + ": after the attempt ended");
            }
            switch (e.step()) {
                case STARTING -> {
                    if (steps.contains(Step.STARTING)) {
                        out.add(where + ": a second start");
                    }
                    String other = open.get(e.clusterId());
                    if (other != null && !other.equals(e.upgradeId())) {
                        out.add(where + ": starts while " + other + " is unfinished");
                    }
                    open.put(e.clusterId(), e.upgradeId());
                    if (e.reasons().stream().anyMatch(r -> r.code().equals(EngineReasons.IN_PARTS))) {
                        parted.add(e.upgradeId());
                    }
                }
                case PUBLISHED -> {
                    if (!steps.contains(Step.STARTING)) {
                        out.add(where + ": published without a journaled start");
                    }
                    if (steps.contains(Step.SUCCEEDED) || steps.contains(Step.FAILED)) {
                        out.add(where + ": published after its outcome");
                    }
                }
                case WORKERS_STARTING -> {
                    if (!steps.contains(Step.PUBLISHED) || !parted.contains(e.upgradeId())) {
                        out.add(where + ": workers start without the control plane's part journaled and published");
                    }
                    if (steps.contains(Step.WORKERS_STARTING) || steps.contains(Step.SUCCEEDED)
                            || steps.contains(Step.FAILED)) {
                        out.add(where + ": a second start of the workers, or one after the outcome");
                    }
                }
                case WORKERS_PUBLISHED -> {
                    if (!steps.contains(Step.WORKERS_STARTING)) {
                        out.add(where + ": workers published without their journaled start");
                    }
                    if (steps.contains(Step.SUCCEEDED) || steps.contains(Step.FAILED)) {
                        out.add(where + ": workers published after the outcome");
                    }
                }
                case SUCCEEDED -> {
                    if (!steps.contains(Step.PUBLISHED)) {
                        out.add(where + ": succeeded without a publication");
                    }
                    if (parted.contains(e.upgradeId()) && !steps.contains(Step.WORKERS_PUBLISHED)) {
                        out.add(where + ": a hop in parts succeeded without its workers' publication");
                    }
                }
                case FAILED -> {
                    if (steps.contains(Step.PUBLISHED) && !steps.contains(Step.STARTING)) {
                        out.add(where + ": failed after a publication without a start");
                    }
                }
                case FINISHED -> {
                    if (!steps.contains(Step.SUCCEEDED) && !steps.contains(Step.FAILED)) {
                        out.add(where + ": finished without an outcome");
                    }
                    open.remove(e.clusterId(), e.upgradeId());
                }
                case SKIPPED -> open.remove(e.clusterId(), e.upgradeId());
            case ENROLLED -> {
                if (!steps.isEmpty()) {
                    out.add(where + ": a second enrollment, or an enrollment under an attempt's id");
                }
            }
                case HELD, DECLINED -> {
                    if (steps.contains(Step.STARTING)) {
                        out.add(where + ": held or declined after it started");
                    }
                }
                default -> { }
            }
            steps.add(e.step());
        }
        return out;
    }
}
