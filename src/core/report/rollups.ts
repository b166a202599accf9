/**
 * Days whose audit detail `vigil gc` dropped still count in a report: their per-session
 * summaries (core/retention.ts), summed over the range in SQL, are added to the report built
 * from the detail that is left, one session at a time. Each category counted on those days
 * becomes one summary mark (at the first summarised activity, with the count), so a timeline
 * shows the days too.
 */
import { CATEGORIES, type Category, emptyCounts, type Mark } from "./marks.ts";
import { firstAt, type ReportSession, type ReportSessionRow, type Span } from "./model.ts";
import { count, isoSeconds } from "./time.ts";

/** A session's activity over the rolled-up part of the range. */
export interface RolledSession {
  session_id: string;
  first_at: number;
  last_at: number;
  /** The last summarised day's end: the summary mark's label names the span. */
  through: number;
}

/** One session's summaries over the rolled-up part of the range. */
export interface RollupSessionTotal extends RolledSession {
  /** Marks counted on those days, per category (absent: none). */
  counts: Partial<Record<Category, number>>;
  /** State bands of the summarised days (`rolledSpans`). */
  spans: Span[];
}

/** One summarised day's time in one state (a `state` row of `daily`). */
export interface RolledState {
  day: number;
  state: string;
  ms: number;
  /** First entry and last exit that day. */
  first_at: number;
  last_at: number;
}

/**
 * A session's bands over its summarised days: each day's states in order of first entry,
 * laid end to end from the first, each as long as the time spent in it that day. Exact when
 * no state recurs in a day; when one does (normal, soft, normal), its spells read as one
 * band: the time in each state stays right, the moments of the later spells are lost.
 */
export function rolledSpans(states: readonly RolledState[]): Span[] {
  const sorted = [...states].sort((a, b) => a.day - b.day || a.first_at - b.first_at);
  const out: Span[] = [];
  let day: number | null = null;
  let at = 0;
  for (const x of sorted) {
    if (x.day !== day) (day = x.day, at = x.first_at);
    if (x.ms > 0) out.push({ state: x.state, from: at, to: at + x.ms });
    at += x.ms;
  }
  return out;
}

/** The audit kind of a summary mark (no event has it: it stands for a summarised span). */
export const ROLLUP_KIND = "rollup";

/**
 * One session with its rolled-up days added: counts, first and last activity, and one
 * summary mark per category. `had` is the session as the detail left it (null when it
 * appears only in the summaries); `row` the session row known for such a session (an
 * archived one), else defaults.
 */
export function withRollup(
  had: ReportSession | null,
  t: RollupSessionTotal,
  opts: { since: number; until: number; row?: ReportSessionRow | null },
): ReportSession {
  const s = had ? { ...had, counts: { ...had.counts } } : blank(t, opts.row ?? null, opts.since);
  s.first_at = Math.min(s.first_at, t.first_at);
  s.last_at = Math.max(s.last_at, t.last_at);
  const summary: Mark[] = [];
  const through = isoSeconds(t.through);
  for (const c of CATEGORIES) {
    const n = t.counts[c] ?? 0;
    if (n <= 0) continue;
    s.counts[c] += n;
    summary.push({
      at: t.first_at,
      category: c,
      kind: ROLLUP_KIND,
      label: `${count(n)} ${c.replace("_", " ")} on days summarised by gc (through ${through})`,
      facts: { count: n },
      weak: false,
      yieldsTo: c,
    });
  }
  s.marks = [...summary, ...s.marks];
  // The detail's bands begin where the summaries end; before that the summaries' bands hold.
  const horizon = t.through + 1;
  const detail = s.spans.filter((x) => x.to > horizon).map((x) => ({ ...x, from: Math.max(x.from, horizon) }));
  s.spans = [...t.spans.filter((x) => x.to > opts.since && x.from < opts.until), ...detail];
  return s;
}

/**
 * Where a session known only from summaries begins, as `withRollup` places it: when its row
 * says it was created (`createdAt`), as in the detail report, or at its first summarised
 * activity.
 */
export function rolledFirstAt(t: RolledSession, createdAt: number | null, since: number): number {
  return Math.min(firstAt(since, createdAt, t.first_at), t.first_at);
}

/** A session known only from summaries; it began when its row says, as in the detail report. */
function blank(t: RollupSessionTotal, row: ReportSessionRow | null, since: number): ReportSession {
  const first = firstAt(since, row?.created_at, t.first_at);
  return {
    session_id: t.session_id,
    state: row?.state ?? "dead",
    role: row?.role ?? "person",
    agent_type: row?.agent_type ?? null,
    cwd: row?.cwd ?? null,
    tokens: row?.tokens ?? null,
    window: row?.window ?? null,
    first_at: first,
    last_at: Math.max(first, t.last_at),
    spans: [],
    marks: [],
    counts: emptyCounts(),
  };
}
