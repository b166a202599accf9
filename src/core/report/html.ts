/**
 * `vigil report --html FILE`: one self-contained document (inline CSS and SVG, no scripts, no
 * external assets) that reads the same on screen and printed: landscape pages, colours kept,
 * one table per session that does not split across pages when it fits on one.
 */
import { CATEGORIES } from "./marks.ts";
import type { Report, ReportSession } from "./model.ts";
import { esc, MARK_COLOURS, STATE_COLOURS, timelineSvg } from "./svg.ts";
import { count, duration, isoSeconds } from "./time.ts";

const CSS = `
:root { color-scheme: light; }
body { font: 13px/1.4 system-ui, sans-serif; color: #222; margin: 24px; }
h1 { font-size: 18px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 20px 0 6px; }
.meta { color: #555; margin: 0 0 12px; }
table { border-collapse: collapse; margin: 6px 0 12px; }
table.summary { width: 100%; }
th, td { text-align: left; padding: 2px 8px 2px 0; border-bottom: 1px solid #e5e5e5; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.legend span { display: inline-block; margin: 0 12px 4px 0; }
.sw { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; }
code, .mono { font-family: ui-monospace, monospace; font-size: 12px; }
section.session { break-inside: avoid; }
@page { size: A4 landscape; margin: 12mm; }
@media print {
  body { margin: 0; font-size: 11px; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  svg.timeline { break-inside: avoid; }
}`;

/** The full HTML report. */
export function reportHtml(report: Report, opts: { title?: string } = {}): string {
  // One page of every session: built in memory (the text and JSON reports stream), once.
  const r = { ...report, sessions: [...report.sessions] };
  const title = opts.title ?? `vigil report ${isoSeconds(r.since)} .. ${isoSeconds(r.until)}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">${r.sessions.length} sessions, ${r.eventCount} events. Times are UTC.</p>
${legend()}
${timelineSvg(r)}
<h2>Summary</h2>
${summaryTable(r.sessions)}
${r.sessions.map(sessionSection).join("\n")}
</body>
</html>
`;
}

function legend(): string {
  const sw = (colour: string, name: string) =>
    `<span><i class="sw" style="background:${colour}"></i>${esc(name.replace("_", " "))}</span>`;
  const states = Object.entries(STATE_COLOURS).map(([s, c]) => sw(c, s)).join("");
  const marks = CATEGORIES.map((c) => sw(MARK_COLOURS[c], c)).join("");
  return `<div class="legend"><div>States: ${states}</div><div>Marks: ${marks}</div></div>`;
}

function summaryTable(sessions: ReportSession[]): string {
  const cols = CATEGORIES.filter((c) => sessions.some((s) => s.counts[c] > 0));
  const head = ["session", "role", "now", "tokens", ...cols.map((c) => c.replace("_", " "))];
  const rows = sessions.map((s) =>
    `<tr><td class="mono">${esc(s.session_id.slice(0, 8))}</td><td>${esc(s.role)}</td><td>${esc(s.state)}</td>` +
    `<td class="n">${count(s.tokens)}</td>${cols.map((c) => `<td class="n">${s.counts[c]}</td>`).join("")}</tr>`
  );
  return `<table class="summary"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table>`;
}

function sessionSection(s: ReportSession): string {
  const states = s.spans.map((b) => `${esc(b.state)} ${duration(b.to - b.from)}`).join(" → ");
  const marks = s.marks.map((m) =>
    `<tr><td class="mono">${isoSeconds(m.at)}</td>` +
    `<td><i class="sw" style="background:${MARK_COLOURS[m.category]}"></i>${esc(m.category.replace("_", " "))}</td>` +
    `<td>${esc(m.label)}</td></tr>`
  ).join("");
  return `<section class="session" id="s-${esc(s.session_id)}">
<h2><span class="mono">${esc(s.session_id)}</span> · ${esc(s.role)}${
    s.agent_type ? ` (${esc(s.agent_type)})` : ""
  } · now ${esc(s.state)}</h2>
<p class="meta">${esc(s.cwd ?? "-")}<br>States: ${states || "-"}</p>
${marks ? `<table><tbody>${marks}</tbody></table>` : `<p class="meta">No marks in this range.</p>`}
</section>`;
}
