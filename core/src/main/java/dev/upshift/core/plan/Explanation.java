package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.value.Durations;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Why one cluster is where it is, and when that changes: every reason in the order it must be
 * lifted, each with when it lifts where that is known, then what happens once they are lifted.
 *
 * <pre>
 * prod-eu-1: 19.3.1 → 20.1.0 (minor), scheduled
 *   1. frozen until 2026-12-31T00:00:00Z (year-end change freeze)
 *   2. then the next window is 2027-01-04T22:00:00Z–2027-01-05T04:00:00Z
 * </pre>
 *
 * @param cluster the cluster's id
 * @param state the cluster's state
 * @param summary one line: the cluster, its move and its state
 * @param steps the steps, in order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Explanation(String cluster, UpgradeState state, String summary, List<Step> steps) {

    /** Validates and copies the parts. */
    public Explanation {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(summary, "summary");
        steps = List.copyOf(steps);
    }

    /**
     * One step.
     *
     * @param code the reason code; for the closing step {@code OUTSIDE_WINDOW} when it says the
     *     reason of that code (the window opens later), else {@code WINDOW}, {@code READY},
     *     {@code UP_TO_DATE}, {@code IN_PROGRESS}, {@code SUCCEEDED} or {@code NEEDS_ACTION}; then
     *     {@code HOP} for each later hop of a path of several, in its own window, up to a later hop
     *     readiness blocks, which gets a {@code REMOVED_API} step per reason and ends the steps
     * @param text the step in words
     * @param until when it lifts, if known
     */
    public record Step(String code, String text, Optional<Instant> until) {
        /** Validates the parts. */
        public Step {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(until, "until");
        }
    }

    /**
     * The explanation of a plan entry made at {@code now}. The {@code DRIFTED} reason of a repair
     * that nothing blocks is what the repair lifts, not something to lift before it: its step says
     * so, and the closing step says when the repair starts.
     */
    public static Explanation of(PlanEntry entry, Instant now) {
        List<Step> steps = new ArrayList<>();
        boolean folded = false;
        boolean repair = repair(entry);
        int lifted = 0;
        for (Reason r : entry.reasons()) {
            if (saidByWindow(entry, r)) {
                folded = true;
            } else if (repair && r.code().equals(ReasonCodes.DRIFTED)) {
                steps.add(new Step(r.code(), "drifted, which the repair lifts: " + r.message(), r.until()));
                lifted++;
            } else {
                steps.add(new Step(r.code(), earliestWindow(entry, r) ? "then " + r.message() : r.message(), r.until()));
            }
        }
        closing(entry, steps.size() == lifted, folded, repair).ifPresent(steps::add);
        laterHops(entry, steps);
        return new Explanation(entry.cluster(), entry.state(), summary(entry), steps);
    }

    /** A planned repair of drift: a configuration upgrade with the reason {@code DRIFTED} that nothing blocks. */
    private static boolean repair(PlanEntry e) {
        return e.kind().equals(Optional.of(PlanKind.CONFIG)) && e.hasReason(ReasonCodes.DRIFTED)
                && e.state() != UpgradeState.BLOCKED && e.state() != UpgradeState.FAILED;
    }

    /** An {@code OUTSIDE_WINDOW} reason that only says when the window opens: the closing step says it with the window. */
    private static boolean saidByWindow(PlanEntry e, Reason r) {
        return r.code().equals(ReasonCodes.OUTSIDE_WINDOW) && e.window().isPresent() && e.state() != UpgradeState.BLOCKED
                && r.until().equals(Optional.of(e.window().get().start())) && !r.message().contains("leaves less");
    }

    private static String summary(PlanEntry e) {
        StringBuilder s = new StringBuilder(e.cluster()).append(": ").append(e.from());
        if (e.hops().size() > 1) {
            e.path().forEach(v -> s.append(" → ").append(v));
        } else {
            e.to().ifPresent(t -> s.append(" → ").append(t));
        }
        e.kind().ifPresent(k -> s.append(" (").append(k.word()).append(')'));
        if (e.hops().size() > 1) {
            s.append(", hop 1 of ").append(e.hops().size());
        }
        e.upgrade().ifPresent(u -> s.append(", upgrade ").append(u));
        e.stage().ifPresent(st -> s.append(", stage ").append(st));
        s.append(", ").append(e.state().word());
        e.endOfLife().ifPresent(d -> s.append("; its release reached end of life on ").append(d));
        return s.toString();
    }

    /** A waiting entry's {@code OUTSIDE_WINDOW}: the earliest window it could start in, after what comes before it. */
    private static boolean earliestWindow(PlanEntry e, Reason r) {
        return r.code().equals(ReasonCodes.OUTSIDE_WINDOW) && e.state() == UpgradeState.WAITING && e.window().isEmpty();
    }

    private static Optional<Step> closing(PlanEntry e, boolean first, boolean folded, boolean repair) {
        String window = e.window().map(Explanation::window).orElse("");
        String end = e.expectedEnd().map(t -> ", expected to finish " + hopOf(e, 0) + "by " + t).orElse("")
                + e.overrun().map(Explanation::overrun).orElse("");
        String code = folded ? ReasonCodes.OUTSIDE_WINDOW : "WINDOW";
        String under = e.hops().size() > 1 ? ": " + hopOf(e, 0).trim() : "";
        String next = repair ? "the repair starts in the window " : "the next window is ";
        return switch (e.state()) {
            case READY -> Optional.of(new Step("READY", (repair ? "the repair may start now" : "may start now")
                    + ", in the window " + window + end, Optional.empty()));
            case SCHEDULED -> Optional.of(new Step(code, (first ? "" : "then ") + next + window + end,
                    e.window().map(w -> w.start())));
            case WAITING -> e.window().map(w -> new Step(code, "then " + next + window + end, Optional.of(w.start())));
            case BLOCKED, FAILED -> Optional.of(new Step("NEEDS_ACTION",
                    "nothing happens until someone lifts the reasons above", Optional.empty()));
            case UP_TO_DATE -> Optional.of(new Step("UP_TO_DATE", "nothing to do", Optional.empty()));
            case IN_PROGRESS -> Optional.of(new Step("IN_PROGRESS", (repair ? "the repair" : "the upgrade")
                    + " is under way" + under, Optional.empty()));
            case SUCCEEDED -> Optional.of(new Step("SUCCEEDED", "the upgrade succeeded", Optional.empty()));
        };
    }

    /** {@code hop 1 of 2 (19.2.4 → 20.0.2) }, or nothing for a path of one hop. */
    private static String hopOf(PlanEntry e, int k) {
        if (e.hops().size() < 2) {
            return "";
        }
        PlannedHop h = e.hops().get(k);
        return "hop " + (k + 1) + " of " + e.hops().size() + " (" + h.from() + " → " + h.to() + ") ";
    }

    /** {@code ; it runs 2h past the window}: a {@code startWithin} upgrade expected to outlast its window. */
    private static String overrun(Duration d) {
        return "; it runs " + Durations.format(d) + " past the window (startWithin)";
    }

    /** A step per later hop of a path of several, while the cluster still has them ahead. */
    private static void laterHops(PlanEntry e, List<Step> steps) {
        if (e.hops().size() < 2 || e.state() == UpgradeState.BLOCKED || e.state() == UpgradeState.FAILED
                || e.state() == UpgradeState.SUCCEEDED || e.state() == UpgradeState.UP_TO_DATE) {
            return;
        }
        for (int k = 1; k < e.hops().size(); k++) {
            PlannedHop h = e.hops().get(k);
            String hop = hopOf(e, k).trim();
            List<Reason> blocks = h.reasons().stream().filter(r -> r.code().equals(ReasonCodes.REMOVED_API)).toList();
            if (!blocks.isEmpty()) {
                for (Reason r : blocks) {
                    steps.add(new Step(r.code(), "then " + hop + " is blocked: " + r.message(), Optional.empty()));
                }
                return;
            }
            if (h.window().isEmpty()) {
                steps.add(new Step("HOP", "then " + hop + ", in a window of its own once hop " + k + " has succeeded",
                        Optional.empty()));
                continue;
            }
            String after = h.reasons().stream().map(r -> " (" + r.message() + ")").findFirst().orElse("");
            steps.add(new Step("HOP", "then " + hop + " in the window " + window(h.window().get()) + after
                    + h.expectedEnd().map(t -> ", expected to finish by " + t).orElse("")
                    + h.overrun().map(Explanation::overrun).orElse(""), h.window().map(Interval::start)));
        }
    }

    static String window(Interval w) {
        return w.start() + "–" + w.end().map(Instant::toString).orElse("(open)");
    }

    /** The summary and then each step numbered, one a line, as {@code upshift explain} prints it. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(summary);
        for (int i = 0; i < steps.size(); i++) {
            out.add("  " + (i + 1) + ". " + steps.get(i).text());
        }
        return out;
    }

    /** The steps joined into one sentence: {@code frozen until ... (...); then the next window is ...}. */
    public String sentence() {
        return String.join("; ", steps.stream().map(Step::text).toList());
    }

    @Override
    public String toString() {
        return String.join("\n", lines());
    }
}
