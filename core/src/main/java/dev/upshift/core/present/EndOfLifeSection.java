package dev.upshift.core.present;

import static dev.upshift.core.present.Html.esc;

import dev.upshift.core.simulate.EndOfLifeChange;
import dev.upshift.core.simulate.EndOfLifeForecast;
import dev.upshift.core.simulate.EndOfLifeMiss;
import dev.upshift.core.simulate.ReleaseEndOfLife;

/** The report's end-of-life card: per release, the clusters still on it once it is past, why, and what would help. */
final class EndOfLifeSection {
    private EndOfLifeSection() {}

    static void write(EndOfLifeForecast eol, StringBuilder out) {
        out.append("<section class=\"card\">\n<h2>End of life</h2>\n<p class=\"muted\">Releases past their end of life from ")
                .append(esc(Html.time(eol.from()))).append(" to ").append(esc(Html.time(eol.horizon())))
                .append(" UTC (the simulated range and a quarter after it), simulated up to the day after their last.")
                .append(" Each change shown was tried alone in a simulation and brings the cluster off the release in time.</p>\n");
        if (eol.releases().isEmpty()) {
            out.append("<p>No release a cluster runs reaches its end of life then.</p>\n");
        } else {
            out.append("<div class=\"scroll\"><table><thead><tr><th>Release</th><th>Supported until</th><th>Cluster</th>"
                    + "<th>State on the day after</th><th>Held by</th><th>In time with</th></tr></thead><tbody>\n");
            eol.releases().forEach(r -> release(r, out));
            out.append("</tbody></table></div>\n");
        }
        if (eol.exhausted()) {
            out.append("<p class=\"muted\">The search stopped after ").append(eol.simulations())
                    .append(" simulations: other changes may help too.</p>\n");
        }
        out.append("</section>\n");
    }

    private static void release(ReleaseEndOfLife r, StringBuilder out) {
        String head = "<tr><td class=\"nw mono\">" + esc(r.release().toString()) + "</td><td class=\"nw\">"
                + esc(r.endOfLife().toString()) + "</td>";
        if (r.misses().isEmpty()) {
            out.append(head).append("<td colspan=\"4\" class=\"muted\">").append(r.ran() == 1 ? "its cluster leaves"
                    : "all " + r.ran() + " clusters leave").append(" it in time</td></tr>\n");
            return;
        }
        for (EndOfLifeMiss m : r.misses()) {
            out.append(head).append("<td class=\"cl\">").append(esc(m.cluster())).append("</td><td>")
                    .append(Tables.state(m.state())).append("</td><td>").append(esc(m.cause().phrase()));
            m.reason().ifPresent(x -> out.append("<span class=\"reason\"><span class=\"code\">").append(esc(x.code()))
                    .append("</span>").append(esc(x.message()))
                    .append(m.held().map(h -> " <span class=\"muted\">(" + esc(Html.duration(h)) + ")</span>").orElse(""))
                    .append("</span>"));
            out.append("</td><td>");
            if (m.suggestions().isEmpty()) {
                out.append("<span class=\"faint\">").append(m.cause().timing() ? "no single change tried does"
                        : "a person's decision").append("</span>");
            }
            for (EndOfLifeChange c : m.suggestions()) {
                out.append("<span class=\"reason\">").append(esc(c.text())).append("</span>");
            }
            out.append("</td></tr>\n");
        }
    }
}
