package dev.upshift.core.present;

import static dev.upshift.core.present.Html.esc;

import dev.upshift.common.value.Durations;
import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlannedHop;
import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.core.simulate.Forecast;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The page's two tables: the rollout per cluster, and the plan. */
final class Tables {
    private Tables() {}

    static void rollout(Simulation sim, StringBuilder out) {
        out.append("<div class=\"scroll\"><table><thead><tr><th>Cluster</th><th>Upgrade</th><th>Stage</th><th>Move</th>"
                + "<th>Started</th><th>Finished</th><th>Outcome</th><th>Held back longest by</th></tr></thead><tbody>\n");
        for (SimulatedCluster c : sim.clusters()) {
            out.append("<tr><td class=\"cl\">").append(esc(c.cluster())).append("</td><td>")
                    .append(esc(c.upgrade().orElse("—"))).append("</td><td>").append(esc(c.stage().orElse("—")))
                    .append("</td><td class=\"nw mono\">").append(esc(move(c, sim.firstPlan().entry(c.cluster()))))
                    .append("</td>");
            List<SimulatedUpgrade> ups = c.upgrades();
            if (ups.isEmpty()) {
                out.append("<td class=\"faint\">—</td><td class=\"faint\">—</td>");
            } else {
                SimulatedUpgrade last = ups.get(ups.size() - 1);
                out.append("<td class=\"nw\">").append(esc(Html.time(ups.get(0).start()))).append("</td><td class=\"nw\">")
                        .append(last.finished() ? esc(Html.time(last.end()))
                                : "<span class=\"faint\">(" + esc(Html.time(last.end())) + ")</span>")
                        .append("</td>");
            }
            out.append("<td>").append(state(c.outcome())).append("</td><td>");
            c.longestHold().ifPresentOrElse(h -> out.append("<span class=\"code\">").append(esc(h.code())).append("</span>")
                    .append(esc(Html.duration(h.total()))), () -> out.append("<span class=\"faint\">—</span>"));
            out.append("</td></tr>\n");
        }
        out.append("</tbody></table></div>\n");
    }

    /** {@code 20.0.2 → 20.1.0}, or every release of a path of several hops: {@code 19.2.4 → 20.0.2 → 20.1.0}. */
    private static String move(SimulatedCluster c, Optional<PlanEntry> first) {
        if (c.target().isEmpty()) {
            return c.from().toString();
        }
        if (c.target().get().equals(c.from())) {
            return c.kind().map(k -> k.word() + " at ").orElse("at ") + c.from();
        }
        if (first.filter(e -> e.hops().size() > 1).isPresent()) {
            StringBuilder s = new StringBuilder(c.from().toString());
            first.get().path().forEach(v -> s.append(" → ").append(v));
            return s.toString();
        }
        return c.from() + " → " + c.target().get();
    }

    static void plan(Plan plan, Simulation sim, StringBuilder out) {
        out.append("<div class=\"scroll\"><table><thead><tr><th>Cluster</th><th>From</th><th>To</th><th>Kind</th>"
                + "<th>Stage</th><th>State</th><th>Window (UTC)</th><th>Reasons</th><th>Forecast</th></tr></thead><tbody>\n");
        Map<String, Forecast> forecasts = Forecast.all(sim);
        for (PlanEntry e : plan.entries()) {
            out.append("<tr><td class=\"cl\">").append(esc(e.cluster())).append("</td><td class=\"nw mono\">")
                    .append(esc(e.from().toString())).append("</td><td class=\"nw mono\">")
                    .append(e.to().map(v -> esc(v.toString())).orElse("<span class=\"faint\">—</span>")).append(via(e))
                    .append("</td><td>").append(e.kind().map(k -> esc(k.word())).orElse("<span class=\"faint\">—</span>"))
                    .append("</td><td>").append(esc(e.stage().orElse("—"))).append("</td><td>").append(state(e.state()))
                    .append("</td><td class=\"nw\">").append(e.window().map(Tables::window).orElse("<span class=\"faint\">—</span>"))
                    .append(e.overrun().map(d -> "<br><span class=\"muted\">" + esc(overrun(d)) + "</span>").orElse(""))
                    .append(laterHops(e)).append("</td><td>");
            List<Reason> hopBlocks = new ArrayList<>();
            for (int k = 1; k < e.hops().size(); k++) {
                int hop = k + 1;
                e.hops().get(k).reasons().stream().filter(r -> r.code().equals(ReasonCodes.REMOVED_API))
                        .map(r -> Reason.of(r.code(), "hop " + hop + ": " + r.message())).forEach(hopBlocks::add);
            }
            if (e.reasons().isEmpty() && hopBlocks.isEmpty()) {
                out.append("<span class=\"faint\">—</span>");
            }
            for (Reason r : concat(e.reasons(), hopBlocks)) {
                out.append("<span class=\"reason\"><span class=\"code\">").append(esc(r.code())).append("</span>")
                        .append(esc(r.message()));
                r.until().ifPresent(u -> out.append(" <span class=\"muted\">(until ").append(esc(Html.time(u)))
                        .append(")</span>"));
                out.append("</span>");
            }
            out.append("</td><td>").append(Optional.ofNullable(forecasts.get(e.cluster())).map(f -> esc(f.text()))
                    .orElse("<span class=\"faint\">—</span>"));
            out.append("</td></tr>\n");
        }
        out.append("</tbody></table></div>\n");
    }

    /** Under a path of several hops' target: {@code via 20.0.2 · hop 1 of 2}. */
    private static String via(PlanEntry e) {
        if (e.hops().size() < 2) {
            return "";
        }
        List<String> between = e.path().subList(0, e.path().size() - 1).stream().map(Object::toString).toList();
        return "<br><span class=\"muted\">via " + esc(String.join(", ", between)) + " · hop 1 of " + e.hops().size()
                + "</span>";
    }

    /** Under the first hop's window, each later hop's: {@code hop 2: 2027-01-04 21:00 → 2027-01-05 01:00}. */
    private static String laterHops(PlanEntry e) {
        StringBuilder s = new StringBuilder();
        for (int k = 1; k < e.hops().size(); k++) {
            PlannedHop h = e.hops().get(k);
            s.append("<br><span class=\"muted\">hop ").append(k + 1).append(": ")
                    .append(h.window().map(Tables::window).orElse(h.reasons().stream()
                            .anyMatch(r -> r.code().equals(ReasonCodes.REMOVED_API)) ? "blocked (REMOVED_API)"
                                    : "after hop " + k))
                    .append(h.overrun().map(d -> ", " + esc(overrun(d))).orElse("")).append("</span>");
        }
        return s.toString();
    }

    private static List<Reason> concat(List<Reason> a, List<Reason> b) {
        if (b.isEmpty()) {
            return a;
        }
        List<Reason> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** {@code runs 2h past the window}: a {@code startWithin} upgrade that is expected to outlast its window. */
    static String overrun(Duration d) {
        return "runs " + Durations.format(d) + " past the window";
    }

    private static String window(Interval w) {
        return esc(Html.time(w.start())) + " → " + w.end().map(e -> esc(Html.time(e))).orElse("…");
    }

    static String state(UpgradeState s) {
        return "<span class=\"state s-" + s.word() + "\">" + esc(s.word()) + "</span>";
    }
}
