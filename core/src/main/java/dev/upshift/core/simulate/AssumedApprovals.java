package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.Engine;
import dev.upshift.core.plan.ActRequest;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.Reason;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a forecast assumes of the people who approve stage gates (docs/simulation.md, "Approval
 * gates"): a gate first seen waiting at {@code t} is approved at {@code t + delay}, moved to the
 * next business hour (Monday to Friday, 09:00 to 17:00 UTC) when it falls outside them; with no
 * delay, never. The approvals are journaled as acts of {@code upshift forecast (assumed)}, so the
 * simulation's history shows them as a run's would.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AssumedApprovals {
    /** Who the assumed approvals are journaled as. */
    public static final String BY = "upshift forecast (assumed)";

    private static final LocalTime OPENS = LocalTime.of(9, 0);
    private static final LocalTime CLOSES = LocalTime.of(17, 0);

    private final Optional<Duration> delay;
    private final Map<String, Expected> gates = new LinkedHashMap<>();
    private final java.util.Set<String> granted = new java.util.HashSet<>();
    AssumedApprovals(Optional<Duration> delay) {
        this.delay = Objects.requireNonNull(delay, "delay");
    }

    /**
     * A gate of a stage, when the forecast saw it reached and when it assumes it approved.
     *
     * @param upgrade the upgrade
     * @param stage the stage
     * @param gate which gate
     * @param reached when the forecast first saw it waiting
     * @param approved when it is assumed approved; empty: never
     */
    public record Expected(String upgrade, String stage, ApprovalGate gate, Instant reached, Optional<Instant> approved) {
        /** Validates the parts. */
        public Expected {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(gate, "gate");
            Objects.requireNonNull(reached, "reached");
            Objects.requireNonNull(approved, "approved");
        }
    }

    /** Notes the gates a plan at {@code t} shows waiting. */
    void observe(Plan plan, Instant t) {
        for (PlanEntry e : plan.entries()) {
            for (Reason r : e.reasons()) {
                ActRequest.granting(r, BY, "").ifPresent(req -> gates.computeIfAbsent(key(req),
                        k -> new Expected(req.upgrade().orElseThrow(), req.stage().orElseThrow(), req.gate().orElseThrow(),
                                t, delay.map(d -> businessHours(t.plus(d))))));
            }
        }
    }

    /** Journals the approvals due by {@code t}, each once. */
    void grant(Engine engine, Instant t) {
        for (Map.Entry<String, Expected> g : gates.entrySet()) {
            Expected x = g.getValue();
            if (x.approved().isPresent() && !x.approved().get().isAfter(t) && !granted.contains(g.getKey())) {
                granted.add(g.getKey());
                engine.act(t, ActRequest.approve(BY, x.upgrade(), x.stage(), x.gate(), "assumed by the forecast"));
            }
        }
    }

    /** The earliest approval still to come after {@code t}. */
    Optional<Instant> next(Instant t) {
        Instant next = null;
        for (Map.Entry<String, Expected> g : gates.entrySet()) {
            Optional<Instant> at = g.getValue().approved();
            if (at.isPresent() && !granted.contains(g.getKey()) && (next == null || at.get().isBefore(next))) {
                next = at.get().isAfter(t) ? at.get() : t;
            }
        }
        return Optional.ofNullable(next);
    }

    /** Every gate seen, in the order the forecast reached them. */
    List<Expected> expected() {
        return List.copyOf(gates.values());
    }

    /** The instant, or the next business hour's start when it falls outside business hours (UTC). */
    static Instant businessHours(Instant at) {
        ZonedDateTime z = at.atZone(ZoneOffset.UTC);
        for (int i = 0; i < 8; i++) {
            boolean weekday = z.getDayOfWeek() != DayOfWeek.SATURDAY && z.getDayOfWeek() != DayOfWeek.SUNDAY;
            if (weekday && !z.toLocalTime().isBefore(OPENS) && z.toLocalTime().isBefore(CLOSES)) {
                return z.toInstant();
            }
            if (weekday && z.toLocalTime().isBefore(OPENS)) {
                return z.with(OPENS).toInstant();
            }
            z = z.plusDays(1).with(OPENS);
            if (z.getDayOfWeek() != DayOfWeek.SATURDAY && z.getDayOfWeek() != DayOfWeek.SUNDAY) {
                return z.toInstant();
            }
        }
        throw new IllegalStateException("a week always has a business hour");
    }

    private static String key(ActRequest r) {
        return r.upgrade().orElseThrow() + "/" + r.stage().orElseThrow() + "#" + r.gate().orElseThrow().word();
    }
}
