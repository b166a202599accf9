/**
 * `vigil report` for terminals: per session its state bands, a count line and the marks in
 * time order. Plain text, UTC times, no colour (pipes and logs read it too).
 */
import { type Category, type Mark } from "./marks.ts";
import type { Report, ReportSession } from "./model.ts";
import { count, duration, isoSeconds } from "./time.ts";

/** Marks listed per session before the rest is summarised as a count. */
const MAX_MARKS = 200;

const SUMMARY: [Category, string][] = [
  ["limit", "limits crossed"],
  ["deny", "denials"],
  ["refuse", "refusals"],
  ["stop_block", "Stop blocks"],
  ["compaction", "compactions"],
  ["restore", "restores"],
  ["down", "down"],
  ["stale", "stale"],
  ["restart", "restarts"],
  ["wake", "idle gaps"],
  ["error", "errors"],
];

/** The whole report as text. */
export function reportText(r: Report): string {
  return [...reportTextChunks(r)].join("");
}

/**
 * The text report in pieces, one session at a time (the same text as `reportText`), so a
 * writer need not hold the text of every session at once.
 */
export function* reportTextChunks(r: Report): Generator<string> {
  yield `vigil report ${isoSeconds(r.since)} .. ${isoSeconds(r.until)}: ` +
    `${r.sessionCount} session${r.sessionCount === 1 ? "" : "s"}, ${r.eventCount} events`;
  if (r.sessionCount === 0) return yield "\nno session activity in this range";
  for (const s of r.sessions) yield "\n\n" + sessionText(s);
  const loose = Object.entries(r.loose);
  if (loose.length) yield `\n\nevents without a session: ${loose.map(([k, n]) => `${k} ${n}`).join(", ")}`;
}

function sessionText(s: ReportSession): string {
  const who = s.role + (s.agent_type && s.agent_type !== s.role ? `:${s.agent_type}` : "");
  const lines = [
    `session ${s.session_id}  ${who}  now ${s.state}, ${count(s.tokens)} tokens  ${s.cwd ?? "-"}`,
    "  states  " + s.spans.map((x) => `${x.state} ${duration(x.to - x.from)}`).join(" -> "),
    "  counts  " + SUMMARY.map(([c, name]) => `${name} ${s.counts[c]}`).join(", "),
  ];
  const shown = s.marks.slice(0, MAX_MARKS);
  for (const m of shown) lines.push(markLine(m));
  if (s.marks.length > shown.length) lines.push(`  ... ${s.marks.length - shown.length} more (see --json)`);
  return lines.join("\n");
}

function markLine(m: Mark): string {
  return `  ${isoSeconds(m.at)}  ${m.category.padEnd(10)}  ${m.label}`;
}
