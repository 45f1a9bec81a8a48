package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Maintenance schedules expanded once into sorted interval arrays, one per set of exclusion
 * scopes that can apply, and queried by binary search (DESIGN.md section 9).
 *
 * <p>{@link #build} expands every schedule over {@code [origin, origin + horizon)}; queries
 * within that range cost a binary search. A query outside it widens that schedule's expansion by
 * at least one horizon, once, and later queries there are as fast; answers are the same either
 * way. The index is safe to share between threads: expansions are immutable values swapped in
 * atomically, and widening is a pure function of the schedule and the range.
 *
 * <p>Expansion is bounded before it starts: every schedule's rules must allow at most 100,000
 * window and exclusion occurrences in any one year (docs/schedules.md, <i>Bounds</i>). Reading a
 * schedule document checks this; {@link #build} checks it again for schedules built in code. So a
 * query never fails on a schedule the index holds, whatever range it widens to: queries throw only
 * for arguments outside their documented range.
 */
@API(status = MAINTAINED, since = "0.1")
public final class ScheduleIndex {
    /** The default horizon: two years (731 days). */
    public static final Duration DEFAULT_HORIZON = Limits.DEFAULT_HORIZON;

    /** The shortest horizon: one day. */
    public static final Duration MIN_HORIZON = Duration.ofDays(1);

    /**
     * The longest horizon: ten years (3,653 days). Building expands up to 100,000 occurrences per
     * year of horizon for each schedule, and so does each widening; a longer horizon would let one
     * call expand centuries.
     */
    public static final Duration MAX_HORIZON = Duration.ofDays(3_653);

    private final Map<String, IndexedSchedule> schedules;
    private final Duration horizon;

    private ScheduleIndex(Map<String, IndexedSchedule> schedules, Duration horizon) {
        this.schedules = schedules;
        this.horizon = horizon;
    }

    /** Expands schedules over {@link #DEFAULT_HORIZON} from {@code origin}. */
    public static ScheduleIndex build(Collection<MaintenanceSchedule> schedules, Instant origin) {
        return build(schedules, origin, DEFAULT_HORIZON);
    }

    /**
     * Expands schedules over {@code [origin, origin + horizon)}.
     *
     * @param horizon from {@link #MIN_HORIZON one day} to {@link #MAX_HORIZON ten years} (3,653 days);
     *     the work of building and of each widening is proportional to it
     * @throws IllegalArgumentException when two schedules share a name, the horizon is outside one
     *     day to 3,653 days, or the origin lies outside 1900–9000
     * @throws dev.upshift.common.problem.UpshiftException when a schedule's rules allow more than
     *     100,000 occurrences in a year ({@link MaintenanceSchedule#KIND} reports this for documents)
     */
    public static ScheduleIndex build(Collection<MaintenanceSchedule> schedules, Instant origin, Duration horizon) {
        Objects.requireNonNull(origin, "origin");
        if (horizon.compareTo(MIN_HORIZON) < 0 || horizon.compareTo(MAX_HORIZON) > 0) {
            throw new IllegalArgumentException("the horizon must be from one day to 3,653 days (ten years), got "
                    + horizon.toDays() + " days (" + horizon + ")");
        }
        Map<String, IndexedSchedule> byName = new LinkedHashMap<>();
        for (MaintenanceSchedule s : schedules) {
            OccurrenceBound.require(s);
            if (byName.put(s.name(), new IndexedSchedule(s, origin, horizon)) != null) {
                throw new IllegalArgumentException("two schedules are named " + s.name());
            }
        }
        return new ScheduleIndex(Map.copyOf(byName), horizon);
    }

    /** The allowed time of the schedule with this name. */
    public Optional<AllowedIntervals> get(String name) {
        return Optional.ofNullable(schedules.get(name));
    }

    /** The names of the schedules indexed. */
    public Set<String> names() {
        return schedules.keySet();
    }

    /** How far from its origin the index was expanded when built. */
    public Duration horizon() {
        return horizon;
    }
}
