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
  /** How many sessions `sessions` yields. */
  sessionCount: number;
  /**
   * The sessions in order of first activity. From the store this reads and builds a batch of
   * sessions at a time each time it is iterated (their marks read when they are reached), so
   * a renderer that writes each as it comes never holds the marks of every session.
   */
  sessions: Iterable<ReportSession>;
  /** How many events the range holds. */
  eventCount: number;
  /** Events without a session, by kind (the text report lists them). */
  loose: Record<string, number>;
  /**
   * The range's events in time order, `detail` as a JSON object's text (written out as it is
   * stored). From the store this reads a cursor each time it is iterated, so a renderer that
   * streams them never holds them all.
   */
  events: Iterable<ReportEventRow>;
  /**
   * The same events as `--json` writes them, one JSON text each, when the source writes them
   * quicker than json.ts `eventLine` would (the store: SQLite quotes while it reads).
   */
  eventLines?: Iterable<string>;
}

/** One session's activity in the range (its events: how many, first and last). */
export interface ReportActivity {
  count: number;
  first_at: number;
  last_at: number;
}

/** Weak marks (from `hook` summaries, machine effects) yield to a specific one this close. */
const SAME_MOMENT_MS = 5_000;

/** Build the report for a range. Sessions are those with events in it or seen during it. */
export function buildReport(input: ReportInput): Report & { sessions: ReportSession[] } {
  const { since, until } = input;
  const events: ReportEvent[] = input.events.map((e) => ({ ...e, detail: parseDetail(e.detail) }));
  const bySession = new Map<string, ReportEvent[]>();
  const loose: Record<string, number> = {};
  for (const e of events) {
    if (e.session_id === null) {
      loose[e.kind] = (loose[e.kind] ?? 0) + 1;
      continue;
    }
    const list = bySession.get(e.session_id) ?? [];
    list.push(e);
    bySession.set(e.session_id, list);
  }
  const rows = new Map(input.sessions.map((r) => [r.session_id, r]));
  const ids = new Set(bySession.keys());
  for (const r of input.sessions) if (r.updated_at >= since && r.created_at <= until) ids.add(r.session_id);
  const sessions = [...ids].map((id) => {
    const list = bySession.get(id) ?? [];
    const activity = list.length
      ? { count: list.length, first_at: list[0].at, last_at: list[list.length - 1].at }
      : null;
    return sessionReport(id, list, { since, until, row: rows.get(id) ?? null, before: input.before?.[id], activity });
  });
  sortSessions(sessions);
  const stored = {
    *[Symbol.iterator]() {
      for (const e of events) yield { ...e, detail: JSON.stringify(e.detail) };
    },
  };
  return {
    since,
    until,
    sessionCount: sessions.length,
    sessions,
    eventCount: events.length,
    loose,
    events: stored,
  };
}

/**
 * Where a session's report begins: when its row says it was created or at its first event in
 * the range, whichever is earlier, but not before the range.
 */
export function firstAt(since: number, createdAt?: number | null, firstEvent?: number | null): number {
  return Math.max(since, Math.min(createdAt ?? Infinity, firstEvent ?? Infinity));
}

/** Sessions in order of first activity (ties by id), as every rendering lists them. */
export function sortSessions(sessions: ReportSession[]): void {
  sessions.sort((a, b) => a.first_at - b.first_at || a.session_id.localeCompare(b.session_id));
}

/**
 * One session of the report from the events that make its marks and bands (`state` moves
 * and marking kinds, in time order: plain `hook` summaries may be left out, they mark
 * nothing) and its activity over all of its events in the range.
 */
export function sessionReport(
  id: string,
  events: readonly ReportEvent[],
  r: {
    since: number;
    until: number;
    row: ReportSessionRow | null;
    before?: string;
    activity: ReportActivity | null;
  },
): ReportSession {
  const { row, activity } = r;
  const first = firstAt(r.since, row?.created_at, activity?.first_at);
  const last = Math.max(first, activity?.last_at ?? row?.updated_at ?? first);
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
  events: readonly ReportEvent[],
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
