/**
 * The events and sessions tables as `vigil report` reads them: aggregated in SQL (activity per
 * session, session-less events per kind), one session's rows that make marks or state bands,
 * and the range's events from a cursor for streaming. Nothing here loads every event of a range.
 */
import { MARKING_HOOK_DECISIONS } from "../../core/report/marks.ts";
import type { ReportActivity, ReportEventRow, ReportSessionRow } from "../../core/report/model.ts";
import { isoMillisWriter } from "../../core/report/time.ts";
import { detailsCheckedThrough } from "./report-details.ts";
import { collectGarbage } from "./report-garbage.ts";
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
    // Two subqueries: SQLite answers a lone min() or max() from the index's end, but both in
    // one SELECT by scanning the whole index (114 ms on the year bench's month).
    "SELECT (SELECT min(id) FROM events) AS lo, (SELECT max(id) FROM events) AS hi",
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
 * The archived rows of the listed sessions (pruned by gc: their days live on in summaries)
 * as the report reads a session row: no tokens or window are kept for them.
 */
export function archivedRowsOf(store: Store, ids: readonly string[]): Map<string, ReportSessionRow> {
  const rows = dbOf(store).query<ReportSessionRow, [string]>(
    `SELECT session_id, state, role, agent_type, cwd, NULL AS tokens, NULL AS window, created_at, updated_at
     FROM session_archive WHERE session_id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids));
  return new Map(rows.map((r) => [r.session_id, r]));
}

/**
 * Detail as a JSON object's text: the report and the events API write it as it is stored,
 * so a row that is not an object (hand-edited, adopted from an old schema) reads as `{}`.
 * vigil writes `JSON.stringify` of an object, so a valid text starting with `{` is one: that
 * test first, and `json_type` (a second parse) only for the odd row.
 */
const DETAIL_TEXT = `CASE WHEN substr(detail, 1, 1) = '{' AND json_valid(detail) THEN detail
  WHEN json_valid(detail) AND json_type(detail) = 'object' THEN detail ELSE '{}' END`;

/**
 * The same for a read of the store as it is now: rows up to the id gc checked
 * (report-details.ts) are written as stored, the rest checked as above (a month of the year
 * bench's `--json` spent ~0.35 s of its 1 s budget checking rows that gc had already seen).
 */
function detailText(store: Store): string {
  const checked = detailsCheckedThrough(store);
  return checked > 0 ? `CASE WHEN id <= ${checked} THEN detail ELSE ${DETAIL_TEXT} END` : DETAIL_TEXT;
}

/**
 * The rows that can mark something: every kind but a `hook` summary without a decision (nine
 * in ten of a busy log). Word for word the predicate of the report's partial index
 * `events_marking`, which SQLite uses only for a query holding this very term.
 */
const MAY_MARK = `(kind <> 'hook' OR instr(detail, '"decision"') > 0)`;

/** Of those, the `hook` rows whose decision marks (core/report/marks.ts). */
const MARKING = `${MAY_MARK} AND kind <> 'revived' AND (kind <> 'hook' OR (json_valid(detail)
  AND json_extract(detail, '$.decision') IN (${MARKING_HOOK_DECISIONS.map((d) => `'${d}'`).join(", ")})))`;

/**
 * The listed sessions' rows in a range that make marks or state bands, by session, each in
 * time order: one range of the covering index `events_marking` per session, the sessions of
 * one call in one statement (a statement per session cost more than the reads themselves).
 */
export function markingRowsOf(store: Store, ids: readonly string[], q: RangeQuery): Map<string, ReportEventRow[]> {
  if (ids.length === 0) return new Map();
  const rows = dbOf(store).query<ReportEventRow & { session_id: string }, [string, number, number]>(
    `SELECT id, at, session_id, kind, ${detailText(store)} AS detail FROM events INDEXED BY events_marking
     WHERE session_id IN (SELECT value FROM json_each(?)) AND at >= ? AND at <= ? AND ${MARKING}
     ORDER BY session_id, at, id`,
  ).all(JSON.stringify(ids), q.since, q.until);
  return groupBySession(rows);
}

/** Rows of several sessions, by session, each session's in the order read. */
export function groupBySession<T extends { session_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.session_id);
    if (list) list.push(r);
    else out.set(r.session_id, [r]);
  }
  return out;
}

/** The range's events in time order, from a cursor; `detail` is always an object's JSON text. */
export function rangeEvents(store: Store, q: RangeQuery): IterableIterator<ReportEventRow> {
  const w = where(q);
  return iterate(
    store,
    `SELECT id, at, session_id, kind, ${detailText(store)} AS detail FROM events WHERE ${w.sql} ORDER BY at, id`,
    w.args,
  );
}

/**
 * The range's events in time order as JSON text, one line each, as `eventLine` writes them:
 * SQLite quotes the session and kind and validates the detail while it reads (quicker than
 * a row object per event and the same quoting in JavaScript: 2.2 against 4.1 s for a month of
 * the year bench under load), and only the id and time are added here.
 */
export function* rangeEventLines(store: Store, q: RangeQuery): Generator<string, void, undefined> {
  const w = where(q);
  const iso = isoMillisWriter();
  const rows = iterate<{ id: number; at: number; rest: string }>(
    store,
    `SELECT id, at, '","session_id":' || json_quote(session_id) || ',"kind":' || json_quote(kind) || ',"detail":'
       || ${detailText(store)} || '}' AS rest FROM events WHERE ${w.sql} ORDER BY at, id`,
    w.args,
  );
  for (const r of rows) yield `{"id":${r.id},"at":"${iso(r.at)}${r.rest}`;
}

/** The `detail` of each listed session's last `state` event before `before` (an index seek each). */
export function lastStatesBefore(store: Store, ids: readonly string[], before: number): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = dbOf(store).query<{ session_id: string; detail: string | null }, [number, string]>(
    `SELECT value AS session_id, (SELECT detail FROM events WHERE session_id = ids.value AND at < ?1 AND kind = 'state'
       ORDER BY at DESC, id DESC LIMIT 1) AS detail FROM json_each(?2) AS ids`,
  ).all(before, JSON.stringify(ids));
  const out = new Map<string, string>();
  for (const r of rows) if (r.detail !== null) out.set(r.session_id, r.detail);
  return out;
}

/** Rows between two garbage checks while a cursor is read. */
const ROWS_PER_CHECK = 8192;

/**
 * Rows from a statement of their own (not the shared cache: two cursors on one cached
 * statement would reset each other), finalised when the iteration ends or is abandoned.
 * Each row is garbage a moment later (report-garbage.ts): reading a month's 81,363 marking
 * rows of the year bench raised peak RSS by 31 MiB left alone, by 17 MiB with a young
 * collection every 8,192 rows.
 */
function* iterate<T = ReportEventRow>(
  store: Store,
  sql: string,
  args: (string | number)[],
): Generator<T, void, undefined> {
  const stmt = dbOf(store).prepare<T, (string | number)[]>(sql);
  let n = 0;
  try {
    for (const row of stmt.iterate(...args)) {
      yield row;
      if (++n % ROWS_PER_CHECK === 0) collectGarbage({ young: true });
    }
  } finally {
    stmt.finalize();
  }
}
