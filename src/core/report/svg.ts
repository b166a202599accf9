/**
 * The report timeline as inline SVG: one row per session, coloured bands for states, marks
 * for events, a time axis. Colours are attributes (not CSS) so the picture prints and reads
 * the same inside the HTML report, the dashboard, or on its own. Each mark carries a <title>.
 */
import type { Category } from "./marks.ts";
import type { Report } from "./model.ts";
import { clock, isoSeconds } from "./time.ts";

export const STATE_COLOURS: Record<string, string> = {
  normal: "#cfe8cf",
  soft: "#ffe08a",
  hard: "#f4a261",
  compacting: "#9ecae1",
  restoring: "#c6b5e3",
  stalled: "#bdbdbd",
  dead: "#5c5c5c",
};

export const MARK_COLOURS: Record<Category, string> = {
  limit: "#b35806",
  notice: "#8c6d00",
  refuse: "#d6604d",
  deny: "#b2182b",
  stop_block: "#7b3294",
  compaction: "#2166ac",
  restore: "#4393c3",
  stale: "#636363",
  down: "#000000",
  restart: "#1b7837",
  nudge: "#5aae61",
  notify: "#878787",
  wake: "#35978f",
  error: "#e7298a",
  other: "#999999",
};

const W = 1000;
const LABEL = 190;
const ROW = 26;
const TOP = 24;
const TICKS = [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000];

/** XML-escape text and attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The timeline SVG of a report (`<svg>` … `</svg>`, no XML prolog: it is inlined). `legend`
 * adds two rows naming the colours, for places without the HTML report's own legend.
 */
export function timelineSvg(r: Report, opts: { legend?: boolean } = {}): string {
  const span = Math.max(1, r.until - r.since);
  const x = (t: number) =>
    (LABEL + ((Math.min(Math.max(t, r.since), r.until) - r.since) / span) * (W - LABEL - 10))
      .toFixed(1);
  // A picture of every session at once: built in memory (the text and JSON reports stream).
  const sessions = [...r.sessions];
  const rowsEnd = TOP + sessions.length * ROW + 8;
  const h = rowsEnd + (opts.legend ? 40 : 0);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 ${W} ${h}" width="100%" ` +
    `role="img" aria-label="Session timeline ${isoSeconds(r.since)} to ${isoSeconds(r.until)}" ` +
    `font-family="system-ui, sans-serif" font-size="11">`,
  ];
  const step = TICKS.find((t) => span / t <= 12) ?? 86_400_000 * Math.ceil(span / 86_400_000 / 12);
  for (let t = Math.ceil(r.since / step) * step; t <= r.until; t += step) {
    out.push(
      `<line x1="${x(t)}" x2="${x(t)}" y1="${TOP - 6}" y2="${h - 8}" stroke="#e0e0e0"/>` +
        `<text x="${x(t)}" y="${TOP - 10}" text-anchor="middle" fill="#555">${clock(t)}</text>`,
    );
  }
  sessions.forEach((s, i) => {
    const y = TOP + i * ROW;
    const who = `${s.session_id.slice(0, 8)} ${s.role}`;
    out.push(`<g class="row" data-session="${esc(s.session_id)}">`);
    out.push(`<text x="4" y="${y + 16}" fill="#222"><title>${esc(s.session_id)}</title>${esc(who)}</text>`);
    for (const b of s.spans) {
      const w = Math.max(0.5, Number(x(b.to)) - Number(x(b.from)));
      out.push(
        `<rect class="band" data-state="${esc(b.state)}" x="${x(b.from)}" y="${y + 4}" width="${w.toFixed(1)}" ` +
          `height="${ROW - 8}" fill="${STATE_COLOURS[b.state] ?? "#eeeeee"}" stroke="#ffffff" stroke-width="0.5">` +
          `<title>${esc(`${b.state} ${isoSeconds(b.from)} .. ${isoSeconds(b.to)}`)}</title></rect>`,
      );
    }
    for (const m of s.marks) {
      const cx = x(m.at);
      out.push(
        `<path class="mark" data-category="${m.category}" d="M${cx} ${y + 2}l4 5l-4 5l-4 -5z" ` +
          `fill="${MARK_COLOURS[m.category]}" stroke="#ffffff" stroke-width="0.6">` +
          `<title>${esc(`${isoSeconds(m.at)} ${m.label}`)}</title></path>`,
      );
    }
    out.push("</g>");
  });
  if (opts.legend) out.push(legendRow(rowsEnd + 14, STATE_COLOURS, false), legendRow(rowsEnd + 32, MARK_COLOURS, true));
  out.push("</svg>");
  return out.join("\n");
}

function legendRow(y: number, colours: Record<string, string>, marks: boolean): string {
  let x = 4;
  return Object.entries(colours).map(([name, colour]) => {
    const label = name.replace("_", " ");
    const swatch = marks
      ? `<path d="M${x + 5} ${y - 9}l4 5l-4 5l-4 -5z" fill="${colour}"/>`
      : `<rect x="${x}" y="${y - 9}" width="10" height="10" fill="${colour}"/>`;
    const item = `${swatch}<text x="${x + 14}" y="${y}" fill="#333">${esc(label)}</text>`;
    x += 28 + label.length * 6.5; // about an 11px sans-serif glyph
    return item;
  }).join("");
}
