package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
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
     * @param code the reason code, or for the closing step {@code WINDOW}, {@code READY},
     *     {@code UP_TO_DATE}, {@code IN_PROGRESS}, {@code SUCCEEDED}, {@code NEEDS_ACTION}
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

    /** The explanation of a plan entry made at {@code now}. */
    public static Explanation of(PlanEntry entry, Instant now) {
        List<Step> steps = new ArrayList<>();
        for (Reason r : entry.reasons()) {
            if (!saidByWindow(entry, r)) {
                steps.add(new Step(r.code(), earliestWindow(entry, r) ? "then " + r.message() : r.message(), r.until()));
            }
        }
        closing(entry, now, steps.isEmpty()).ifPresent(steps::add);
        return new Explanation(entry.cluster(), entry.state(), summary(entry), steps);
    }

    /** An {@code OUTSIDE_WINDOW} reason that only says when the window opens: the closing step says it with the window. */
    private static boolean saidByWindow(PlanEntry e, Reason r) {
        return r.code().equals(ReasonCodes.OUTSIDE_WINDOW) && e.window().isPresent() && e.state() != UpgradeState.BLOCKED
                && r.until().equals(Optional.of(e.window().get().start())) && !r.message().contains("leaves less");
    }

    private static String summary(PlanEntry e) {
        StringBuilder s = new StringBuilder(e.cluster()).append(": ").append(e.from());
        e.to().ifPresent(t -> s.append(" → ").append(t));
        e.kind().ifPresent(k -> s.append(" (").append(k.word()).append(')'));
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

    private static Optional<Step> closing(PlanEntry e, Instant now, boolean first) {
        String window = e.window().map(Explanation::window).orElse("");
        String end = e.expectedEnd().map(t -> ", expected to finish by " + t).orElse("");
        return switch (e.state()) {
            case READY -> Optional.of(new Step("READY", "may start now, in the window " + window + end, Optional.empty()));
            case SCHEDULED -> Optional.of(new Step("WINDOW", (first ? "" : "then ") + "the next window is "
                    + window + end, e.window().map(w -> w.start())));
            case WAITING -> e.window().map(w -> new Step("WINDOW", "then the next window is " + window + end,
                    Optional.of(w.start())));
            case BLOCKED, FAILED -> Optional.of(new Step("NEEDS_ACTION",
                    "nothing happens until someone lifts the reasons above", Optional.empty()));
            case UP_TO_DATE -> Optional.of(new Step("UP_TO_DATE", "nothing to do", Optional.empty()));
            case IN_PROGRESS -> Optional.of(new Step("IN_PROGRESS", "the upgrade is under way", Optional.empty()));
            case SUCCEEDED -> Optional.of(new Step("SUCCEEDED", "the upgrade succeeded", Optional.empty()));
        };
    }

    static String window(dev.upshift.schedule.Interval w) {
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
