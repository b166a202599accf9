/**
 * Days whose audit detail `vigil gc` dropped still count in a report: their per-session
 * summaries (core/retention.ts) are added to the report built from the detail that is left.
 * Marks and state bands of those days are gone; counts, first and last activity remain.
 */
import { CATEGORIES, type Category, emptyCounts } from "./marks.ts";
import type { Report, ReportSession, ReportSessionRow } from "./model.ts";

/** One session's summaries over the rolled-up part of the range, per kind and category. */
export interface RollupTotalRow {
  session_id: string;
  kind: string;
  category: string;
  count: number;
  first_at: number;
  last_at: number;
}

const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);

/**
 * The report with the rolled-up days' counts added. `rows` are the session rows known for
 * sessions that appear only in the summaries (archived ones); others get defaults.
 */
export function withRollups(
  report: Report,
  totals: readonly RollupTotalRow[],
  rows: readonly ReportSessionRow[] = [],
): Report {
  const sessions = new Map(report.sessions.map((s) => [s.session_id, { ...s, counts: { ...s.counts } }]));
  const known = new Map(rows.map((r) => [r.session_id, r]));
  for (const t of totals) {
    if (t.session_id === "" || (t.kind !== "mark" && t.kind !== "seen")) continue;
    const s = sessions.get(t.session_id) ?? blank(t, known.get(t.session_id) ?? null);
    sessions.set(t.session_id, s);
    s.first_at = Math.min(s.first_at, t.first_at);
    s.last_at = Math.max(s.last_at, t.last_at);
    if (t.kind === "mark" && isCategory(t.category)) s.counts[t.category] += t.count;
  }
  const list = [...sessions.values()];
  list.sort((a, b) => a.first_at - b.first_at || a.session_id.localeCompare(b.session_id));
  return { ...report, sessions: list };
}

function blank(t: RollupTotalRow, row: ReportSessionRow | null): ReportSession {
  return {
    session_id: t.session_id,
    state: row?.state ?? "dead",
    role: row?.role ?? "person",
    agent_type: row?.agent_type ?? null,
    cwd: row?.cwd ?? null,
    tokens: row?.tokens ?? null,
    window: row?.window ?? null,
    first_at: t.first_at,
    last_at: t.last_at,
    spans: [],
    marks: [],
    counts: emptyCounts(),
  };
}
