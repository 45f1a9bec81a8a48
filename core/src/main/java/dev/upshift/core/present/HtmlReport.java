package dev.upshift.core.present;

import static dev.upshift.core.present.Html.esc;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A simulation as one self-contained HTML page, to open in a browser or attach to a change review:
 * a header with the fleet, the plan's instant, the simulated range and the clusters' states as
 * chips; a timeline per upgrade, stage and cluster (windows, exclusions, freezes and each upgrade
 * drawn over a UTC day or week axis); a legend; the rollout per cluster; and the plan table.
 *
 * <pre>{@code
 * try (Writer out = Files.newBufferedWriter(Path.of("rollout.html"), StandardCharsets.UTF_8)) {
 *     HtmlReport.titled("prod fleet").write(simulation, out);
 * }
 * }</pre>
 *
 * <p><b>Contract.</b> The page needs nothing else: its styles and drawings (inline SVG) are in it,
 * it runs no script and references no network address, font or file. Every text from the input
 * (cluster, upgrade, stage and schedule names, reasons) is escaped. The output is a function of
 * the arguments alone, byte for byte: no clock, no locale, no time zone of the machine (times are
 * UTC). It is written to the {@link Appendable} it is handed, which it neither flushes nor closes.
 * Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HtmlReport {
    private final String title;
    private final Optional<EndOfLifeForecast> endOfLife;

    private HtmlReport(String title, Optional<EndOfLifeForecast> endOfLife) {
        this.title = Objects.requireNonNull(title, "title");
        this.endOfLife = endOfLife;
    }

    /** A report headed by a title, such as the fleet's name or folder. */
    public static HtmlReport titled(String title) {
        return new HtmlReport(title, Optional.empty());
    }

    /**
     * The same report with an end-of-life card after the timeline: the clusters that would still run
     * a release past its end of life, why, and the changes that bring them off it in time
     * ({@link dev.upshift.core.simulate.EndOfLife#forecast}, made for the simulation written).
     */
    public HtmlReport withEndOfLife(EndOfLifeForecast forecast) {
        return new HtmlReport(title, Optional.of(Objects.requireNonNull(forecast, "forecast")));
    }

    /** Writes the page of a simulation, with its first plan as the plan table. */
    public void write(Simulation simulation, Appendable out) throws IOException {
        write(simulation, simulation.firstPlan(), out);
    }

    /**
     * Writes the page of a simulation, with {@code plan} as the plan table (usually the simulation's
     * first plan).
     *
     * @throws IOException what the {@code Appendable} throws
     */
    public void write(Simulation simulation, Plan plan, Appendable out) throws IOException {
        Objects.requireNonNull(simulation, "simulation");
        Objects.requireNonNull(plan, "plan");
        out.append(render(simulation, plan));
    }

    /** The page as text. */
    public String render(Simulation sim, Plan plan) {
        StringBuilder s = new StringBuilder(64 * 1024);
        s.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append(" · Upshift rollout</title>\n<style>\n").append(Styles.CSS)
                .append("</style>\n</head>\n<body>\n");
        patterns(s);
        s.append("<main>\n");
        header(sim, plan, s);
        s.append("<section class=\"card\">\n<h2>Timeline</h2>\n");
        legend(s);
        Timeline timeline = new Timeline(sim, s);
        for (Report.Group g : Report.groups(sim)) {
            s.append("<div class=\"group\"><h3>").append(esc(g.title()));
            g.intent().ifPresent(u -> s.append("<span class=\"meta\">").append(esc(describe(u))).append("</span>"));
            s.append("</h3>\n<div class=\"scroll\"><div class=\"sticky\">");
            timeline.axis();
            s.append("</div>");
            timeline.rows(g.stages(), "timeline of " + g.title());
            s.append("</div></div>\n");
        }
        s.append("</section>\n");
        endOfLife.ifPresent(eol -> EndOfLifeSection.write(eol, s));
        if (!sim.approvals().isEmpty()) {
            s.append("<section class=\"card\">\n<h2>Approval gates</h2>\n<table>\n<thead><tr><th>upgrade</th>"
                    + "<th>stage</th><th>gate</th><th>reached</th><th>approved (assumed)</th></tr></thead>\n<tbody>\n");
            for (dev.upshift.core.simulate.AssumedApprovals.Expected a : sim.approvals()) {
                s.append("<tr><td>").append(esc(a.upgrade())).append("</td><td>").append(esc(a.stage()))
                        .append("</td><td>").append(esc(a.gate().word())).append("</td><td>")
                        .append(esc(Html.time(a.reached()))).append("</td><td>")
                        .append(esc(a.approved().map(Html::time).orElse("never"))).append("</td></tr>\n");
            }
            s.append("</tbody>\n</table>\n</section>\n");
        }
        s.append("<section class=\"card\">\n<h2>Rollout per cluster</h2>\n");
        Tables.rollout(sim, s);
        s.append("</section>\n<section class=\"card\">\n<h2>Plan at ").append(esc(Html.time(plan.now())))
                .append(" UTC</h2>\n");
        Tables.plan(plan, sim, s);
        s.append("</section>\n<footer>Made by Upshift's simulator: each upgrade takes its expected duration;")
                .append(" failures are drawn from the seed. Times are UTC.</footer>\n</main>\n</body>\n</html>\n");
        return s.toString();
    }

    private void header(Simulation sim, Plan plan, StringBuilder s) {
        Simulation.Summary sum = sim.summary();
        s.append("<header>\n<div class=\"eyebrow\">Upshift · rollout simulation</div>\n<h1>").append(esc(title))
                .append("</h1>\n<dl class=\"facts\">");
        fact(s, "Plan at", Html.time(plan.now()) + " UTC");
        fact(s, "Simulated", Html.time(sim.settings().from()) + " → " + Html.time(sim.settings().until()) + " UTC ("
                + Html.duration(Duration.between(sim.settings().from(), sim.settings().until())) + ")");
        fact(s, "Clusters", Integer.toString(sum.clusters()));
        fact(s, "Failure rate", Html.percent(sim.settings().failureRate()) + ", seed " + sim.settings().seed());
        fact(s, "Last upgrade finished", sum.lastFinish().map(t -> Html.time(t) + " UTC").orElse("none"));
        s.append("</dl>\n");
        chips(s, "At the plan", plan.counts());
        EnumMap<UpgradeState, Integer> end = new EnumMap<>(UpgradeState.class);
        for (SimulatedCluster c : sim.clusters()) {
            end.merge(c.outcome(), 1, Integer::sum);
        }
        chips(s, "At the end", end);
        s.append("<div class=\"chips\"><span class=\"lead\">Rollout</span>");
        chip(s, "succeeded", sum.upgraded(), "upgraded");
        if (sum.failed() > 0) {
            chip(s, "failed", sum.failed(), "failed");
        }
        if (sum.inProgress() > 0) {
            chip(s, "inProgress", sum.inProgress(), "still upgrading");
        }
        if (sum.neverStarted() > 0) {
            chip(s, "waiting", sum.neverStarted(), "never started");
        }
        s.append("</div>\n</header>\n");
    }

    private static void fact(StringBuilder s, String name, String value) {
        s.append("<div><dt>").append(esc(name)).append("</dt><dd>").append(esc(value)).append("</dd></div>");
    }

    private static void chips(StringBuilder s, String lead, Map<UpgradeState, Integer> counts) {
        s.append("<div class=\"chips\"><span class=\"lead\">").append(esc(lead)).append("</span>");
        for (UpgradeState st : UpgradeState.values()) {
            int n = counts.getOrDefault(st, 0);
            if (n > 0) {
                chip(s, st.word(), n, st.word());
            }
        }
        s.append("</div>\n");
    }

    private static void chip(StringBuilder s, String state, int n, String label) {
        s.append("<span class=\"chip\"><i class=\"bg-").append(state).append("\"></i><b>").append(n).append("</b> ")
                .append(esc(label)).append("</span>");
    }

    private static String describe(ClusterUpgrade u) {
        StringBuilder s = new StringBuilder("→ ").append(u.target()).append(" · ").append(u.windowPolicy().word())
                .append(" · ").append(Html.duration(u.expectedDuration())).append(" each");
        u.startTime().ifPresent(t -> s.append(" · not before ").append(Html.time(t)).append(" UTC"));
        return s.toString();
    }

    private static void legend(StringBuilder s) {
        s.append("<div class=\"legend\">");
        swatch(s, "<rect width=\"22\" height=\"12\" fill=\"var(--win)\"/>", "allowed window");
        swatch(s, "<rect width=\"22\" height=\"12\" fill=\"url(#hatch-excl)\"/>", "maintenance exclusion");
        swatch(s, "<rect width=\"22\" height=\"12\" fill=\"url(#hatch-frz)\"/>", "freeze");
        swatch(s, "<rect width=\"22\" height=\"12\" fill=\"#f3f4f6\" stroke=\"#e4e7eb\"/>", "weekend");
        swatch(s, "<rect y=\"2\" width=\"22\" height=\"8\" rx=\"2\" fill=\"var(--ok)\"/>", "upgrade succeeded");
        swatch(s, "<rect y=\"2\" width=\"22\" height=\"8\" rx=\"2\" fill=\"var(--fail)\"/>", "upgrade failed");
        swatch(s, "<rect y=\"2\" width=\"22\" height=\"8\" rx=\"2\" fill=\"var(--prog)\"/>", "still upgrading at the end");
        s.append("</div>\n");
    }

    private static void swatch(StringBuilder s, String shape, String label) {
        s.append("<span><svg width=\"22\" height=\"12\" aria-hidden=\"true\">").append(shape).append("</svg>")
                .append(esc(label)).append("</span>");
    }

    private static void patterns(StringBuilder s) {
        s.append("<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>")
                .append("<pattern id=\"hatch-excl\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"")
                .append(" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#f1f3f6\"/>")
                .append("<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a7b1bf\" stroke-width=\"1.5\"/></pattern>")
                .append("<pattern id=\"hatch-frz\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"")
                .append(" patternTransform=\"rotate(-45)\"><rect width=\"6\" height=\"6\" fill=\"#efeafb\"/>")
                .append("<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#7c5cc9\" stroke-width=\"1.8\"/></pattern>")
                .append("</defs></svg>\n");
    }
}
