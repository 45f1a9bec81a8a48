package dev.upshift.core.present;

import static dev.upshift.core.present.Html.esc;
import static dev.upshift.core.present.Html.num;

import dev.upshift.core.simulate.HeldBack;
import dev.upshift.core.simulate.ScheduleCalendar;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.schedule.ExclusionOccurrence;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The SVG of one group of the timeline: its stages, and a row per cluster with its calendar and upgrades. */
final class Timeline {
    static final int LABEL = 272;
    static final int CHART = 1016;
    static final int WIDTH = LABEL + CHART + 12;
    static final int ROW = 22;
    static final int STAGE = 26;
    static final int AXIS = 30;
    /** About how wide a character of a bar's label is, in pixels (11px system sans). */
    static final double BAR_CHAR = 6.1;
    /** About how wide a character of a note is, in pixels (11.5px system sans). */
    static final double NOTE_CHAR = 6.3;

    private final Simulation sim;
    private final Axis axis;
    private final StringBuilder out;

    Timeline(Simulation sim, StringBuilder out) {
        this.sim = sim;
        this.axis = new Axis(sim.settings().from(), sim.settings().until(), LABEL, CHART);
        this.out = out;
    }

    /** The axis, its own SVG so that a sticky header can hold it. */
    void axis() {
        out.append("<svg class=\"axis\" width=\"").append(WIDTH).append("\" height=\"").append(AXIS)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(AXIS).append("\" aria-hidden=\"true\">");
        out.append("<text class=\"utc\" x=\"12\" y=\"19\">UTC</text>");
        for (Axis.Tick t : axis.ticks()) {
            double x = axis.x(t.at());
            out.append("<line class=\"tick\" x1=\"").append(num(x)).append("\" x2=\"").append(num(x))
                    .append("\" y1=\"22\" y2=\"").append(AXIS).append("\"/>");
            if (x + 4 + t.label().length() * 6.2 <= axis.end() + 8) {
                out.append("<text class=\"tl\" x=\"").append(num(x + 4)).append("\" y=\"19\">").append(esc(t.label()))
                        .append("</text>");
            }
        }
        out.append("<line class=\"base\" x1=\"").append(LABEL).append("\" x2=\"").append(num(axis.end()))
                .append("\" y1=\"").append(AXIS - 0.5).append("\" y2=\"").append(AXIS - 0.5).append("\"/></svg>\n");
    }

    /** One group's rows: its stages in order, each with a header row and its clusters. */
    void rows(List<Report.StageRows> stages, String label) {
        int height = 0;
        for (Report.StageRows s : stages) {
            height += (s.header().isPresent() ? STAGE : 0) + ROW * s.clusters().size();
        }
        out.append("<svg class=\"rows\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\" role=\"img\" aria-label=\"")
                .append(esc(label)).append("\">");
        background(height);
        int y = 0;
        for (Report.StageRows s : stages) {
            if (s.header().isPresent()) {
                stageHeader(y, s.header().get(), s.meta());
                y += STAGE;
            }
            for (SimulatedCluster c : s.clusters()) {
                row(y, c);
                y += ROW;
            }
        }
        out.append("</svg>\n");
    }

    private void background(int height) {
        out.append("<rect class=\"chart\" x=\"").append(LABEL).append("\" y=\"0\" width=\"").append(CHART)
                .append("\" height=\"").append(height).append("\"/>");
        for (Instant[] w : axis.weekends()) {
            rect("weekend", axis.x(w[0]), 0, axis.x(w[1]) - axis.x(w[0]), height);
        }
        if (axis.dayWidth() >= 10) {
            for (Instant m : axis.midnights()) {
                vline("day", axis.x(m), height);
            }
        }
        for (Axis.Tick t : axis.ticks()) {
            vline("tick", axis.x(t.at()), height);
        }
    }

    private void stageHeader(int y, String name, String meta) {
        out.append("<g class=\"stage\"><rect x=\"0\" y=\"").append(y).append("\" width=\"").append(WIDTH)
                .append("\" height=\"").append(STAGE).append("\"/><text class=\"sn\" x=\"12\" y=\"").append(y + 17)
                .append("\">").append(esc(name)).append("</text><text class=\"sm\" x=\"")
                .append(num(16 + name.length() * 7.4)).append("\" y=\"").append(y + 17).append("\">").append(esc(meta))
                .append("</text></g>");
    }

    private void row(int y, SimulatedCluster c) {
        out.append("<g class=\"row\"><title>").append(esc(tooltip(c))).append("</title>");
        out.append("<rect class=\"hit\" x=\"0\" y=\"").append(y).append("\" width=\"").append(WIDTH).append("\" height=\"")
                .append(ROW).append("\"/>");
        out.append("<text class=\"cl\" x=\"12\" y=\"").append(y + 15).append("\">").append(esc(Html.clip(c.cluster(), 26)))
                .append("</text>");
        out.append("<text class=\"st s-").append(c.outcome().word()).append("\" x=\"").append(LABEL - 10).append("\" y=\"")
                .append(y + 15).append("\">").append(esc(c.outcome().word())).append("</text>");
        for (Interval w : c.allowed()) {
            rect("win", axis.x(w.start()), y + 4, width(w), ROW - 8);
        }
        Optional<ScheduleCalendar> calendar = c.schedule().flatMap(sim::schedule);
        for (ExclusionOccurrence x : calendar.map(ScheduleCalendar::exclusions).orElse(List.of())) {
            out.append("<rect class=\"excl\" x=\"").append(num(axis.x(x.interval().start()))).append("\" y=\"").append(y + 4)
                    .append("\" width=\"").append(num(width(x.interval()))).append("\" height=\"").append(ROW - 8)
                    .append("\"><title>").append(esc("exclusion " + x.name() + " (" + x.scope().word() + "): "
                            + Html.time(x.interval().start()) + " → " + Html.time(x.interval().end().orElseThrow())))
                    .append("</title></rect>");
        }
        c.freeze().ifPresent(f -> {
            Instant start = sim.settings().from();
            out.append("<rect class=\"frz\" x=\"").append(num(axis.x(start))).append("\" y=\"").append(y + 4)
                    .append("\" width=\"").append(num(Math.max(1, axis.x(f.until()) - axis.x(start)))).append("\" height=\"")
                    .append(ROW - 8).append("\"><title>").append(esc("frozen until " + Html.time(f.until()) + " UTC: "
                            + f.reason())).append("</title></rect>");
        });
        bars(y, c.upgrades());
        if (c.upgrades().isEmpty()) {
            note(y, c);
        }
        out.append("<line class=\"sep\" x1=\"0\" x2=\"").append(WIDTH).append("\" y1=\"").append(num(y + ROW - 0.5))
                .append("\" y2=\"").append(num(y + ROW - 0.5)).append("\"/></g>\n");
    }

    /**
     * A bar per upgrade (per hop, on a path of several), and a label per run of bars that lie too
     * close together for a label each: after the run's last bar, or before its first when the chart
     * ends first. Each label has a background of its own, so it never sits on hatching.
     */
    private void bars(int y, List<SimulatedUpgrade> upgrades) {
        int first = 0;
        for (int i = 0; i < upgrades.size(); i++) {
            SimulatedUpgrade u = upgrades.get(i);
            double x2 = bar(y, u);
            boolean joined = i + 1 < upgrades.size()
                    && axis.x(upgrades.get(i + 1).start()) - x2 < 10 + label(upgrades.subList(first, i + 1)).length() * BAR_CHAR;
            if (!joined) {
                List<SimulatedUpgrade> run = upgrades.subList(first, i + 1);
                String text = label(run);
                double x1 = axis.x(run.get(0).start());
                double w = text.length() * BAR_CHAR;
                boolean right = x2 + 5 + w <= axis.end();
                text(right ? x2 + 5 : x1 - 5, y, text, "bl " + cls(u), !right, BAR_CHAR);
                first = i + 1;
            }
        }
    }

    /** Draws an upgrade's bar; returns where it ends. */
    private double bar(int y, SimulatedUpgrade u) {
        double x1 = axis.x(u.start());
        double x2 = Math.max(x1 + 3, axis.x(u.end()));
        out.append("<rect class=\"bar ").append(cls(u)).append("\" x=\"").append(num(x1)).append("\" y=\"").append(y + 6)
                .append("\" width=\"").append(num(x2 - x1)).append("\" height=\"").append(ROW - 12)
                .append("\" rx=\"2\"><title>").append(esc(hop(u) + ": " + Html.time(u.start()) + " → " + Html.time(u.end())
                        + " UTC, " + u.outcome().word())).append("</title></rect>");
        return x2;
    }

    private static String cls(SimulatedUpgrade u) {
        return switch (u.outcome()) {
            case SUCCEEDED -> "ok";
            case FAILED -> "fail";
            default -> "run";
        };
    }

    /** {@code 20.0.2 → 20.1.0}, {@code 19.2.4 → 20.0.2, hop 1 of 2}, {@code config 20.1.0}, {@code drift repair 20.1.0}. */
    private static String hop(SimulatedUpgrade u) {
        if (u.from().equals(u.to())) {
            return (u.repair() ? "drift repair " : "config ") + u.to();
        }
        return u.from() + " → " + u.to() + (u.hops() > 1 ? ", hop " + u.hop() + " of " + u.hops() : "");
    }

    /** One run's label: {@code 19.2.4 → 20.0.2 → 20.1.0, hops 1–2 of 2}, and how its last upgrade ended. */
    static String label(List<SimulatedUpgrade> run) {
        SimulatedUpgrade last = run.get(run.size() - 1);
        String text;
        if (run.size() == 1) {
            text = hop(last);
        } else {
            StringBuilder s = new StringBuilder(run.get(0).from().toString());
            run.forEach(u -> s.append(" → ").append(u.to()));
            text = s.append(", hops ").append(run.get(0).hop()).append('–').append(last.hop()).append(" of ")
                    .append(last.hops()).toString();
        }
        if (last.outcome() == UpgradeState.FAILED) {
            text += " failed";
        } else if (last.outcome() == UpgradeState.IN_PROGRESS) {
            text += " in progress";
        }
        return text;
    }

    /** A label on a background of its own (the hatching of exclusions and freezes stays behind it). */
    private void text(double x, int y, String text, String cls, boolean endAnchored, double charWidth) {
        double w = text.length() * charWidth + 6;
        double left = endAnchored ? x - w + 3 : x - 3;
        out.append("<rect class=\"lbg\" x=\"").append(num(left)).append("\" y=\"").append(y + 4).append("\" width=\"")
                .append(num(w)).append("\" height=\"").append(ROW - 8).append("\" rx=\"2\"/>");
        out.append("<text class=\"").append(cls).append("\" x=\"").append(num(x)).append("\" y=\"").append(y + 15)
                .append("\"").append(endAnchored ? " text-anchor=\"end\"" : "").append(">").append(esc(text))
                .append("</text>");
    }

    private void note(int y, SimulatedCluster c) {
        String cls;
        String text;
        Optional<Reason> first = c.reasons().stream().findFirst();
        switch (c.state()) {
            case UP_TO_DATE, SUCCEEDED -> {
                cls = "quiet";
                text = "up to date at " + c.reached();
            }
            case BLOCKED, FAILED -> {
                cls = "blocked";
                text = c.state().word() + " · " + first.map(r -> r.code() + " — " + Notes.fieldFirst(r)).orElse("no reason given");
            }
            default -> {
                cls = "waiting";
                text = "not started by " + Html.time(sim.settings().until()) + c.longestHold()
                        .map(h -> " · held back longest by " + h.code() + " (" + Html.duration(h.total()) + ")").orElse("");
            }
        }
        text(LABEL + 8, y, Html.clip(text, (int) (CHART / NOTE_CHAR) - 2), "note " + cls, false, NOTE_CHAR);
    }

    private String tooltip(SimulatedCluster c) {
        StringBuilder s = new StringBuilder(c.cluster()).append(": ").append(c.from());
        c.target().ifPresent(t -> s.append(" → ").append(t));
        c.kind().ifPresent(k -> s.append(" (").append(k.word()).append(')'));
        c.stage().ifPresent(st -> s.append(", stage ").append(st));
        s.append(", ").append(c.state().word());
        for (SimulatedUpgrade u : c.upgrades()) {
            s.append("\n").append(u.outcome().word()).append(u.hops() > 1 ? " (hop " + u.hop() + " of " + u.hops() + ")" : "")
                    .append(": ").append(Html.time(u.start())).append(" → ").append(Html.time(u.end())).append(" UTC");
        }
        if (!c.heldBack().isEmpty()) {
            s.append("\nheld back: ").append(c.heldBack().stream()
                    .map((HeldBack h) -> h.code() + " " + Html.duration(h.total())).collect(Collectors.joining(", ")));
        }
        c.reasons().stream().findFirst().ifPresent(r -> s.append("\n").append(r.code()).append(": ").append(r.message()));
        return s.toString();
    }

    private double width(Interval i) {
        return Math.max(1, axis.x(i.end().orElse(sim.settings().until())) - axis.x(i.start()));
    }

    private void rect(String cls, double x, double y, double w, double h) {
        out.append("<rect class=\"").append(cls).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" width=\"").append(num(w)).append("\" height=\"").append(num(h)).append("\"/>");
    }

    private void vline(String cls, double x, int height) {
        out.append("<line class=\"").append(cls).append("\" x1=\"").append(num(x)).append("\" x2=\"").append(num(x))
                .append("\" y1=\"0\" y2=\"").append(height).append("\"/>");
    }
}
