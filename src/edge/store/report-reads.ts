/**
 * The events and sessions tables as `vigil report` reads them: aggregated in SQL (activity per
 * session, session-less events per kind), the few rows that make marks or state bands, and the
 * range's events from a cursor for streaming. Nothing here loads every event of a range.
 */
import { MARKING_HOOK_DECISIONS } from "../../core/report/marks.ts";
import type { ReportActivity, ReportEventRow, ReportSessionRow } from "../../core/report/model.ts";
import { dbOf, type Store } from "../store.ts";

/** A detail range: `since <= at <= until`, optionally one session. */
export interface RangeQuery {
  since: number;
  until: number;
  sessionId?: string;
}

/** One session's activity in a range. */
export interface SessionActivity extends ReportActivity {
  session_id: string;
}

function where(q: RangeQuery): { sql: string; args: (string | number)[] } {
  const one = q.sessionId !== undefined;
  return {
    sql: `at >= ? AND at <= ?${one ? " AND session_id = ?" : ""}`,
    args: one ? [q.since, q.until, q.sessionId ?? ""] : [q.since, q.until],
  };
}

/**
 * Per session with events in the range: how many, the first and the last (GROUP BY). Over
 * most of the table, walking the (session_id, at) index whole answers from the index alone
 * and in group order; over a small part of it, the time index finds the few rows faster.
 */
export function rangeActivity(store: Store, q: RangeQuery): SessionActivity[] {
  const w = where(q);
  const by = q.sessionId === undefined && rangeShare(store, q) > WHOLE_INDEX_SHARE ? "INDEXED BY events_session" : "";
  return dbOf(store).query<SessionActivity, (string | number)[]>(
    `SELECT session_id, count(*) AS count, min(at) AS first_at, max(at) AS last_at FROM events ${by}
     WHERE ${w.sql} AND session_id IS NOT NULL GROUP BY session_id`,
  ).all(...w.args);
}

/** Above this share of the table a range is read by walking the session index whole. */
const WHOLE_INDEX_SHARE = 0.25;

/**
 * About what share of the events table a time range holds, from three index seeks: hooks
 * append events as they happen, so ids grow with time and the ids at the range's ends tell.
 */
function rangeShare(store: Store, q: RangeQuery): number {
  const ends = dbOf(store).query<{ lo: number | null; hi: number | null }, []>(
    "SELECT min(id) AS lo, max(id) AS hi FROM events",
  ).get();
  if (ends?.lo == null || ends.hi == null) return 0;
  const first = dbOf(store).query<{ id: number }, [number]>(
    "SELECT id FROM events WHERE at >= ? ORDER BY at, id LIMIT 1",
  ).get(q.since)?.id ?? ends.hi;
  const last = dbOf(store).query<{ id: number }, [number]>(
    "SELECT id FROM events WHERE at <= ? ORDER BY at DESC, id DESC LIMIT 1",
  ).get(q.until)?.id ?? ends.lo;
  return Math.max(0, last - first + 1) / (ends.hi - ends.lo + 1);
}

/** The range's events without a session, counted per kind. */
export function looseKinds(store: Store, q: RangeQuery): Record<string, number> {
  if (q.sessionId !== undefined) return {};
  const rows = dbOf(store).query<{ kind: string; n: number }, [number, number]>(
    `SELECT kind, count(*) AS n FROM events WHERE at >= ? AND at <= ? AND session_id IS NULL GROUP BY kind
     ORDER BY kind`,
  ).all(q.since, q.until);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

const SESSION_COLS = "session_id, state, role, agent_type, cwd, tokens, window, created_at, updated_at";

/**
 * The session rows a report reads (no snapshots): those seen during the range, and those
 * named in `ids` (sessions with events in it).
 */
export function reportSessionRows(store: Store, q: RangeQuery & { ids: Iterable<string> }): ReportSessionRow[] {
  const one = q.sessionId !== undefined;
  const seen = dbOf(store).query<ReportSessionRow, (string | number)[]>(
    `SELECT ${SESSION_COLS} FROM sessions WHERE updated_at >= ? AND created_at <= ?${one ? " AND session_id = ?" : ""}`,
  ).all(...(one ? [q.since, q.until, q.sessionId ?? ""] : [q.since, q.until]));
  const have = new Set(seen.map((r) => r.session_id));
  const byId = dbOf(store).query<ReportSessionRow, [string]>(
    `SELECT ${SESSION_COLS} FROM sessions WHERE session_id = ?`,
  );
  for (const id of q.ids) {
    if (have.has(id)) continue;
    const row = byId.get(id);
    if (row) seen.push(row);
  }
  return seen;
}

/**
 * Detail as a JSON object's text: the report and the events API write it as it is stored,
 * so a row that is not an object (hand-edited, adopted from an old schema) reads as `{}`.
 */
const DETAIL = "CASE WHEN json_valid(detail) AND json_type(detail) = 'object' THEN detail ELSE '{}' END AS detail";

/**
 * The `hook` rows that mark something (core/report/marks.ts): `instr` first, so the nine in
 * ten that carry no decision cost no JSON parse.
 */
const MARKING = `(kind <> 'hook' OR (instr(detail, '"decision"') > 0 AND json_valid(detail)
  AND json_extract(detail, '$.decision') IN (${MARKING_HOOK_DECISIONS.map((d) => `'${d}'`).join(", ")})))`;

/**
 * The range's rows that make marks or state bands, grouped by session and in time order
 * within one (a cursor: the caller folds one session at a time).
 */
export function markingRows(store: Store, q: RangeQuery): IterableIterator<ReportEventRow> {
  const w = where(q);
  return iterate(
    store,
    `SELECT id, at, session_id, kind, ${DETAIL} FROM events WHERE ${w.sql} AND session_id IS NOT NULL
     AND kind <> 'revived' AND ${MARKING} ORDER BY session_id, at, id`,
    w.args,
  );
}

/** The range's events in time order, from a cursor; `detail` is always an object's JSON text. */
export function rangeEvents(store: Store, q: RangeQuery): IterableIterator<ReportEventRow> {
  const w = where(q);
  return iterate(
    store,
    `SELECT id, at, session_id, kind, ${DETAIL} FROM events WHERE ${w.sql} ORDER BY at, id`,
    w.args,
  );
}

/** The `detail` of each listed session's last `state` event before `before` (an index walk each). */
export function lastStatesBefore(store: Store, ids: Iterable<string>, before: number): Map<string, string> {
  const q = dbOf(store).query<{ detail: string }, [string, number]>(
    `SELECT detail FROM events WHERE session_id = ? AND at < ? AND kind = 'state' ORDER BY at DESC, id DESC LIMIT 1`,
  );
  const out = new Map<string, string>();
  for (const id of ids) {
    const row = q.get(id, before);
    if (row) out.set(id, row.detail);
  }
  return out;
}

/** Rows between two young-generation collections while a cursor is read. */
const ROWS_PER_COLLECTION = 8192;

/**
 * Rows from a statement of their own (not the shared cache: two cursors on one cached
 * statement would reset each other), finalised when the iteration ends or is abandoned.
 * Each row is garbage a moment later; left to the collector's own pace, reading a month's
 * 81,363 marking rows of the year bench raised peak RSS by 31 MiB, collecting every 8,192
 * rows by 17 MiB (a young-generation pass: no measurable time).
 */
function* iterate(store: Store, sql: string, args: (string | number)[]): Generator<ReportEventRow, void, undefined> {
  const stmt = dbOf(store).prepare<ReportEventRow, (string | number)[]>(sql);
  let n = 0;
  try {
    for (const row of stmt.iterate(...args)) {
      yield row;
      if (++n % ROWS_PER_COLLECTION === 0) Bun.gc(false);
    }
  } finally {
    stmt.finalize();
  }
}
