package dev.upshift.testkit.oracle;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a valid engine history is, written from the engine's contract (docs/engine.md) and not from
 * its code: per attempt, no publication without a journaled start before it, no publication after
 * its outcome, no success without a publication, no second start, nothing after its end
 * ({@code finished} or {@code skipped}), no hold or decline after its start, no {@code finished}
 * without an outcome; for a hop published in two parts (its start carries the reason
 * {@value #IN_PARTS}), no workers' start unless the start said so, nor before the control plane's
 * publication or after the outcome, no workers' publication without that start, no success without
 * it; per cluster, no attempt starts while another is unfinished; an enrollment in a stage's run
 * ({@code enrolled}) at most once under its id. Core's own engine tests and the testkit's
 * {@code HistoryAssert.isValid()} hold the engine to these rules, so that a fake, an adapter or an
 * engine of your own can be held to them too.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryRules {
    /** The reason code a hop's start carries when it is published in two parts (docs/engine.md). */
    public static final String IN_PARTS = "IN_PARTS";

    private HistoryRules() {}

    /** Every rule the history breaks, one line each, in history order; empty when it is valid. */
    public static List<String> violations(List<HistoryEntry> history) {
        List<String> out = new ArrayList<>();
        Map<String, Set<Step>> seen = new HashMap<>();
        Map<String, String> open = new LinkedHashMap<>();
        Set<String> parted = new HashSet<>();
        for (HistoryEntry e : history) {
            Set<Step> steps = seen.computeIfAbsent(e.upgradeId(), k -> EnumSet.noneOf(Step.class));
            String where = e.upgradeId() + " " + e.step() + " at " + e.at();
            if (steps.contains(Step.FINISHED) || steps.contains(Step.SKIPPED)) {
                out.add(where + ": after the attempt ended");
            }
            if (e.step() == Step.STARTING && e.reasons().stream().anyMatch(r -> r.code().equals(IN_PARTS))) {
                parted.add(e.upgradeId());
            }
            check(e, steps, parted.contains(e.upgradeId()), open, where, out);
            steps.add(e.step());
        }
        return out;
    }

    private static void check(HistoryEntry e, Set<Step> steps, boolean parted, Map<String, String> open, String where,
            List<String> out) {
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
                if (!steps.contains(Step.PUBLISHED)) {
                    out.add(where + ": workers start before the control plane's part was published");
                } else if (!parted) {
                    out.add(where + ": workers start, but the hop's start did not say it is published in parts ("
                            + IN_PARTS + ")");
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
                if ((parted || steps.contains(Step.WORKERS_STARTING)) && !steps.contains(Step.WORKERS_PUBLISHED)) {
                    out.add(where + ": succeeded without its workers' publication");
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
    }
}
