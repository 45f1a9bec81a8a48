package dev.upshift.core.present;

/** The page's one style sheet: system fonts, restrained colours, nothing fetched. */
final class Styles {
    private Styles() {}

    static final String CSS = """
            :root{--ink:#1f2933;--muted:#616e7c;--faint:#9aa5b1;--line:#e4e7eb;--bg:#f5f7fa;--card:#fff;
            --up:#718096;--ready:#2b6cb0;--scheduled:#5a67d8;--waiting:#b7791f;--blocked:#c53030;--prog:#dd6b20;
            --ok:#2f855a;--fail:#9b2c2c;--win:#dcf1e3;--excl:#8895a7;--frz:#6b46c1}
            *{box-sizing:border-box}
            body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,
            "Helvetica Neue",Arial,"Noto Sans","Liberation Sans",sans-serif;-webkit-font-smoothing:antialiased}
            main{max-width:1400px;margin:0 auto;padding:28px 24px 48px}
            code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12px}
            header{margin-bottom:22px}
            .eyebrow{color:var(--muted);font-size:12px;letter-spacing:.06em;text-transform:uppercase;font-weight:600}
            h1{font-size:26px;line-height:1.2;margin:4px 0 8px;font-weight:650;word-break:break-word}
            h2{font-size:17px;margin:0 0 12px;font-weight:650}
            h3{font-size:14px;margin:0;font-weight:650;word-break:break-word}
            h3 .meta{color:var(--muted);font-weight:400;margin-left:8px}
            .facts{display:flex;flex-wrap:wrap;gap:6px 22px;color:var(--muted);margin:0 0 14px;padding:0}
            .facts div{display:flex;gap:6px}.facts dt{font-weight:400}.facts dd{margin:0;color:var(--ink);font-weight:500}
            .chips{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:6px 0}
            .chips .lead{color:var(--muted);font-size:12px;width:112px}
            .chip{display:inline-flex;align-items:center;gap:6px;border-radius:999px;padding:2px 10px 2px 8px;font-size:12.5px;
            font-weight:500;background:#fff;border:1px solid var(--line)}
            .chip b{font-weight:650}.chip i{width:8px;height:8px;border-radius:50%;display:inline-block}
            .card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:0 0 20px}
            .legend{display:flex;flex-wrap:wrap;gap:6px 18px;color:var(--muted);font-size:12px;margin:0 0 14px}
            .legend span{display:inline-flex;align-items:center;gap:6px}
            .group{margin:18px 0 0}.group:first-of-type{margin-top:4px}
            .group h3{margin:0 0 6px}
            .scroll{overflow-x:auto}
            .sticky{position:sticky;top:0;z-index:1;background:var(--card)}
            svg{display:block}
            svg text{font-family:inherit}
            .axis .tl{font-size:11px;fill:var(--muted)}.axis .utc{font-size:10px;fill:var(--faint);letter-spacing:.05em}
            .axis .tick{stroke:var(--faint);stroke-width:1}.axis .base{stroke:var(--line);stroke-width:1}
            .rows .chart{fill:#fff}.rows .weekend{fill:#f3f4f6}.rows .day{stroke:#f0f2f5;stroke-width:1}
            .rows .tick{stroke:#e2e6eb;stroke-width:1}
            .rows .stage rect{fill:#f8f9fb}.rows .stage .sn{font-size:12.5px;font-weight:650;fill:var(--ink)}
            .rows .stage .sm{font-size:11.5px;fill:var(--muted)}
            .rows .hit{fill:transparent}.rows .row:hover .hit{fill:rgba(43,108,176,.06)}
            .rows .sep{stroke:#f0f2f5;stroke-width:1}
            .rows .cl{font-size:12.5px;fill:var(--ink)}
            .rows .st{font-size:11px;text-anchor:end;font-weight:500}
            .rows .win{fill:var(--win)}
            .rows .excl{fill:url(#hatch-excl)}.rows .frz{fill:url(#hatch-frz)}
            .rows .bar.ok{fill:var(--ok)}.rows .bar.fail{fill:var(--fail)}.rows .bar.run{fill:var(--prog)}
            .rows .lbg{fill:#fff;fill-opacity:.94}
            .rows .bl{font-size:11px;fill:#3e4c59;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
            .rows .bl.fail{fill:var(--fail);font-weight:600}.rows .bl.run{fill:var(--prog)}
            .rows .note{font-size:11.5px;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
            .rows .note.blocked{fill:var(--blocked);font-weight:500}.rows .note.waiting{fill:var(--waiting)}
            .rows .note.quiet{fill:var(--faint)}
            .s-upToDate{fill:var(--up);color:var(--up)}.s-ready{fill:var(--ready);color:var(--ready)}
            .s-scheduled{fill:var(--scheduled);color:var(--scheduled)}.s-waiting{fill:var(--waiting);color:var(--waiting)}
            .s-blocked{fill:var(--blocked);color:var(--blocked)}.s-inProgress{fill:var(--prog);color:var(--prog)}
            .s-succeeded{fill:var(--ok);color:var(--ok)}.s-failed{fill:var(--fail);color:var(--fail)}
            .bg-upToDate{background:var(--up)}.bg-ready{background:var(--ready)}.bg-scheduled{background:var(--scheduled)}
            .bg-waiting{background:var(--waiting)}.bg-blocked{background:var(--blocked)}.bg-inProgress{background:var(--prog)}
            .bg-succeeded{background:var(--ok)}.bg-failed{background:var(--fail)}
            table{border-collapse:collapse;width:100%;font-size:12.5px}
            th{text-align:left;font-weight:600;color:var(--muted);font-size:11.5px;text-transform:uppercase;letter-spacing:.04em;
            border-bottom:1px solid var(--line);padding:6px 10px 6px 0;position:sticky;top:0;background:var(--card)}
            td{border-bottom:1px solid #f0f2f5;padding:5px 10px 5px 0;vertical-align:top}
            tbody tr:hover td{background:#f8fafc}
            td.nw{white-space:nowrap}td.cl{font-weight:500;white-space:nowrap}
            .state{font-weight:600;white-space:nowrap}
            .reason{display:block}.reason+.reason{margin-top:2px}
            .code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:11px;
            background:#f1f3f5;border-radius:4px;padding:0 4px;color:#3e4c59;margin-right:4px}
            .muted{color:var(--muted)}.faint{color:var(--faint)}
            footer{color:var(--faint);font-size:12px;margin-top:8px}
            """;
}
