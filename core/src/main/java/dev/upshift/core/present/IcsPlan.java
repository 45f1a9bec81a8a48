package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.release.Version;
import dev.upshift.schedule.CalendarEvent;
import dev.upshift.schedule.IcsWriter;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A plan as an iCalendar file (RFC 5545), as {@code upshift plan --output ics} writes it: one event
 * per cluster whose upgrade is {@code ready} or {@code scheduled}, over the window it starts in (to
 * its expected end when that is later, or when the window has no end), titled
 * {@code Upgrade CLUSTER: FROM → TO (KIND)}, with the intent, stage, path, state and reasons in its
 * description. docs/cli.md describes the file.
 *
 * <h2>Updates</h2>
 * An event's {@code UID} is derived from the cluster, its {@code ClusterUpgrade}, and the releases it
 * goes from and to: the same upgrade keeps its UID from plan to plan while its window or stage
 * changes, so that a client subscribed to the file moves the event instead of adding another. Its
 * {@code SEQUENCE} is derived from the plan's instant ({@link IcsWriter#sequenceAt}): a plan made
 * later never lowers it, with no state kept between exports. {@code DTSTAMP} is the plan's instant.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcsPlan {
    private IcsPlan() {}

    /** The plan's upgrades as a calendar's text. */
    public static String render(Plan plan) {
        return render(plan, Map.of());
    }

    /** The same, with each event's description saying when the forecast expects the upgrade (as {@code plan --forecast}). */
    public static String render(Plan plan, Simulation forecasts) {
        return render(plan, Forecast.all(forecasts));
    }

    private static String render(Plan plan, Map<String, Forecast> forecasts) {
        List<CalendarEvent> events = new ArrayList<>();
        int sequence = IcsWriter.sequenceAt(plan.now());
        for (PlanEntry e : plan.entries()) {
            Optional<Interval> when = when(e);
            if (when.isEmpty() || e.to().isEmpty()) {
                continue;
            }
            events.add(new CalendarEvent(uid(e.cluster(), e.upgrade(), e.from(), e.to().get()), sequence, when.get(),
                    summary(e.cluster(), e.from(), e.to().get(), e.kind()), description(e,
                            Optional.ofNullable(forecasts.get(e.cluster()))), categories(e.stage())));
        }
        return IcsWriter.write("Upshift: planned upgrades", plan.now(), events);
    }

    /** The window, ending at the expected end when that is later or the window is open; empty without a window. */
    private static Optional<Interval> when(PlanEntry e) {
        if (e.window().isEmpty() || e.state() != UpgradeState.READY && e.state() != UpgradeState.SCHEDULED) {
            return Optional.empty();
        }
        Interval w = e.window().get();
        Optional<Instant> end = w.end();
        if (e.expectedEnd().isPresent() && (end.isEmpty() || e.expectedEnd().get().isAfter(end.get()))) {
            end = e.expectedEnd();
        }
        return end.filter(t -> t.isAfter(w.start())).map(t -> new Interval(w.start(), t));
    }

    static String uid(String cluster, Optional<String> upgrade, Version from, Version to) {
        return IcsUids.of("upgrade", cluster, upgrade.orElse(""), from.toString(), to.toString());
    }

    static String summary(String cluster, Version from, Version to, Optional<PlanKind> kind) {
        return "Upgrade " + cluster + ": " + from + " → " + to + kind.map(k -> " (" + k.word() + ")").orElse("");
    }

    static List<String> categories(Optional<String> stage) {
        return stage.map(s -> List.of("upshift", "upgrade", s)).orElse(List.of("upshift", "upgrade"));
    }

    private static String description(PlanEntry e, Optional<Forecast> forecast) {
        List<String> lines = new ArrayList<>();
        lines.add("Cluster " + e.cluster() + " goes from " + e.from() + " to " + e.to().orElseThrow()
                + (e.path().size() > 1 ? " by " + e.path().stream().map(Version::toString).collect(Collectors.joining(" → ")) : "")
                + ".");
        e.upgrade().ifPresent(u -> lines.add("ClusterUpgrade: " + u + e.stage().map(s -> ", stage " + s).orElse("")));
        lines.add("State: " + e.state().word() + "; window " + e.window().orElseThrow()
                + e.expectedEnd().map(t -> "; expected to finish by " + t).orElse("") + " (UTC).");
        e.reasons().forEach(r -> lines.add(r.code() + ": " + r.message()));
        forecast.flatMap(Forecast::start).ifPresent(s -> lines.add("Forecast: starts " + s
                + forecast.flatMap(Forecast::end).map(t -> ", ends " + t).orElse("") + "."));
        return String.join("\n", lines);
    }
}
