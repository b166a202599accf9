/**
 * The report model (pure): from session rows and audit events over a time range, per session
 * the state bands, the marks (limits, denials, refusals, Stop blocks, compactions, restores,
 * DOWN/STALE, restarts, idle gaps and wakers) and counts. Text, JSON and HTML render this.
 */
import type { JsonObject } from "../payload.ts";
import { type Category, emptyCounts, type Mark, markOf, parseDetail } from "./marks.ts";

/** A session row as the store holds it (the fields the report reads). */
export interface ReportSessionRow {
  session_id: string;
  state: string;
  role: string | null;
  agent_type: string | null;
  cwd: string | null;
  tokens: number | null;
  window: number | null;
  created_at: number;
  updated_at: number;
}

/** An events-table row; `detail` is the stored JSON text. */
export interface ReportEventRow {
  id: number;
  at: number;
  session_id: string | null;
  kind: string;
  detail: string;
}

export interface ReportInput {
  since: number;
  until: number;
  sessions: ReportSessionRow[];
  /** Events with `since <= at <= until`, in time order. */
  events: ReportEventRow[];
  /** Each session's state when the range began (from its last `state` event before it). */
  before?: Record<string, string>;
}

/** A coloured band: the session was in `state` from `from` to `to`. */
export interface Span {
  state: string;
  from: number;
  to: number;
}

export interface ReportSession {
  session_id: string;
  state: string;
  role: string;
  agent_type: string | null;
  cwd: string | null;
  tokens: number | null;
  window: number | null;
  first_at: number;
  last_at: number;
  spans: Span[];
  marks: Mark[];
  counts: Record<Category, number>;
}

export interface ReportEvent {
  id: number;
  at: number;
  session_id: string | null;
  kind: string;
  detail: JsonObject;
}

export interface Report {
  since: number;
  until: number;
  sessions: ReportSession[];
  events: ReportEvent[];
}

/** Weak marks (from `hook` summaries, machine effects) yield to a specific one this close. */
const SAME_MOMENT_MS = 5_000;

/** Build the report for a range. Sessions are those with events in it or seen during it. */
export function buildReport(input: ReportInput): Report {
  const { since, until } = input;
  const events: ReportEvent[] = input.events.map((e) => ({ ...e, detail: parseDetail(e.detail) }));
  const bySession = new Map<string, ReportEvent[]>();
  for (const e of events) {
    if (e.session_id === null) continue;
    const list = bySession.get(e.session_id) ?? [];
    list.push(e);
    bySession.set(e.session_id, list);
  }
  const rows = new Map(input.sessions.map((r) => [r.session_id, r]));
  const ids = new Set(bySession.keys());
  for (const r of input.sessions) if (r.updated_at >= since && r.created_at <= until) ids.add(r.session_id);
  const sessions = [...ids].map((id) =>
    sessionOf(id, rows.get(id) ?? null, bySession.get(id) ?? [], { since, until, before: input.before?.[id] })
  );
  sessions.sort((a, b) => a.first_at - b.first_at || a.session_id.localeCompare(b.session_id));
  return { since, until, sessions, events };
}

function sessionOf(
  id: string,
  row: ReportSessionRow | null,
  events: ReportEvent[],
  r: { since: number; until: number; before?: string },
): ReportSession {
  const first = Math.max(r.since, Math.min(row?.created_at ?? Infinity, events[0]?.at ?? Infinity));
  const last = Math.max(first, events.at(-1)?.at ?? row?.updated_at ?? first);
  const marks = dedupe(events.flatMap((e) => markOf(e.kind, e.detail, e.at) ?? []));
  const counts = emptyCounts();
  for (const m of marks) counts[m.category]++;
  return {
    session_id: id,
    state: row?.state ?? "normal",
    role: row?.role ?? "person",
    agent_type: row?.agent_type ?? null,
    cwd: row?.cwd ?? null,
    tokens: row?.tokens ?? null,
    window: row?.window ?? null,
    first_at: first,
    last_at: last,
    spans: spansOf(events, { from: first, to: r.until, before: r.before, current: row?.state ?? null }),
    marks,
    counts,
  };
}

/** State bands from `state` transitions; the first band starts in the state held at `from`. */
export function spansOf(
  events: ReportEvent[],
  opts: { from: number; to: number; before?: string; current: string | null },
): Span[] {
  const moves = events.filter((e) => e.kind === "state" && typeof e.detail.to === "string");
  const firstFrom = moves[0]?.detail.from;
  let state = opts.before ?? (typeof firstFrom === "string" ? firstFrom : null) ?? opts.current ?? "normal";
  let start = opts.from;
  const spans: Span[] = [];
  for (const m of moves) {
    const to = String(m.detail.to);
    if (m.at > start) spans.push({ state, from: start, to: m.at });
    state = to;
    start = Math.max(start, m.at);
  }
  if (opts.to > start) spans.push({ state, from: start, to: opts.to });
  // Adjacent bands of one state (a transition written twice) read as one.
  return spans.reduce<Span[]>((out, s) => {
    const prev = out.at(-1);
    if (prev && prev.state === s.state && prev.to === s.from) prev.to = s.to;
    else out.push({ ...s });
    return out;
  }, []);
}

function dedupe(marks: Mark[]): Mark[] {
  const strong = marks.filter((m) => !m.weak);
  return marks.filter((m) =>
    !m.weak || !strong.some((x) => x.category === m.yieldsTo && Math.abs(x.at - m.at) <= SAME_MOMENT_MS)
  );
}
