package dev.upshift.core.present;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.schedule.CalendarEvent;
import dev.upshift.schedule.IcsWriter;
import dev.upshift.schedule.Interval;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A simulated rollout as an iCalendar file (RFC 5545), as {@code upshift simulate --ics FILE}
 * writes it: one event per upgrade the simulation ran, from its start to its end, titled as
 * {@link IcsPlan} titles a planned one, with its outcome, intent, stage and window in its
 * description. UIDs are derived as {@link IcsPlan}'s are (a retried upgrade of the same releases
 * adds its attempt), so that a subscribed client moves an event when a later forecast moves the
 * upgrade; {@code SEQUENCE} is derived from the simulation's start, {@code DTSTAMP} is it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcsSimulation {
    private IcsSimulation() {}

    /** The simulation's upgrades as a calendar's text. */
    public static String render(Simulation sim) {
        int sequence = IcsWriter.sequenceAt(sim.settings().from());
        Map<String, Integer> attempts = new HashMap<>();
        List<CalendarEvent> events = new ArrayList<>();
        for (SimulatedUpgrade u : sim.upgrades()) {
            String uid = IcsPlan.uid(u.cluster(), u.upgrade(), u.from(), u.to());
            int attempt = attempts.merge(uid, 1, Integer::sum);
            if (attempt > 1) {
                uid = IcsUids.of("upgrade", u.cluster(), u.upgrade().orElse(""), u.from().toString(), u.to().toString(),
                        String.valueOf(attempt));
            }
            events.add(new CalendarEvent(uid, sequence, new Interval(u.start(), u.end()),
                    IcsPlan.summary(u.cluster(), u.from(), u.to(), Optional.of(u.kind())), description(u),
                    IcsPlan.categories(u.stage())));
        }
        return IcsWriter.write("Upshift: simulated rollout", sim.settings().from(), events);
    }

    private static String description(SimulatedUpgrade u) {
        List<String> lines = new ArrayList<>();
        lines.add("Cluster " + u.cluster() + " upgrades from " + u.from() + " to " + u.to() + " (" + u.kind().word()
                + "), simulated: " + u.outcome().word() + ".");
        u.upgrade().ifPresent(name -> lines.add("ClusterUpgrade: " + name + u.stage().map(s -> ", stage " + s).orElse("")));
        u.window().ifPresent(w -> lines.add("Window: " + w + " (UTC)."));
        return String.join("\n", lines);
    }
}
