/**
 * The `daily` table: per-session per-day summaries written before a day's audit detail is
 * dropped, and the horizon they cover (settings key `ROLLED_KEY`: every day before it is
 * summarised). A day is summarised and the horizon moved in one transaction, so a gc killed
 * anywhere never summarises a day twice nor leaves one half summarised.
 */
import { DAY_MS, dayOf, rollupDay, type RollupRow } from "../../core/retention.ts";
import type { ReportEventRow } from "../../core/report/model.ts";
import { CATEGORIES, type Category, parseDetail } from "../../core/report/marks.ts";
import {
  type RolledSession,
  rolledSpans,
  type RolledState,
  type RollupSessionTotal,
} from "../../core/report/rollups.ts";
import { dbOf, type Store } from "../store.ts";
import { type Budget, inBatches } from "./batches.ts";
import { groupBySession } from "./report-reads.ts";

/** Settings key: the UTC day start before which every day is summarised in `daily`. */
export const ROLLED_KEY = "gc.rolled_through";

/** The summarised horizon (null: nothing summarised yet). */
export function rolledThrough(store: Store): number | null {
  const v = Number(store.getSetting(ROLLED_KEY) ?? NaN);
  return Number.isFinite(v) ? v : null;
}

/** The start of the first day holding an event, or null for an empty log. */
export function firstEventDay(store: Store): number | null {
  const row = dbOf(store).query<{ at: number | null }, []>("SELECT min(at) AS at FROM events").get();
  return row?.at == null ? null : dayOf(row.at);
}

/**
 * Summarise every day from the horizon (or the first event) up to `before`, one transaction a
 * day; returns the days summarised. `before` is a day start.
 */
export function rollUpTo(store: Store, before: number, budget: Budget | null = null): number {
  const from = rolledThrough(store) ?? firstEventDay(store);
  if (from === null) return 0;
  if (from >= before) return 0;
  let day = from;
  let rows: RollupRow[] = [];
  // Reading and summing run outside the write lock (a WAL reader blocks no writer); only the
  // insert holds it. A past day gets no new events (hooks write at now), so what was read
  // still holds when the insert commits.
  return inBatches(store, () => {
    // Re-read under the write lock: another gc may have summarised this day meanwhile.
    const done = (rolledThrough(store) ?? -Infinity) > day;
    if (!done) {
      insertRollups(store, rows);
      store.setSetting(ROLLED_KEY, String(day + DAY_MS));
    }
    day += DAY_MS;
    return { count: done ? 0 : 1, more: day < before };
  }, () => {
    rows = rollupDay(day, dayEvents(store, day), statesBefore(store, day));
  }, budget);
}

function dayEvents(store: Store, day: number): ReportEventRow[] {
  return dbOf(store).query<ReportEventRow, [number, number]>(
    "SELECT id, at, session_id, kind, detail FROM events WHERE at >= ? AND at < ? ORDER BY at, id",
  ).all(day, day + DAY_MS);
}

/**
 * Each session's state when `day` began: its last `state` event before it, or, once that
 * detail is gone, the state the day before ended in (the `state` summary rows).
 */
function statesBefore(store: Store, day: number): Record<string, string> {
  const out: Record<string, string> = {};
  const rows = dbOf(store).query<{ session_id: string; detail: string }, [number, number]>(
    `SELECT session_id, detail FROM events WHERE kind = 'state' AND session_id IS NOT NULL
       AND at >= ? AND at < ? ORDER BY at, id`,
  ).all(day - DAY_MS, day);
  const ended = dbOf(store).query<{ session_id: string; category: string }, [number]>(
    `SELECT session_id, category FROM daily WHERE day = ? AND kind = 'state' ORDER BY last_at`,
  ).all(day - DAY_MS);
  for (const r of ended) out[r.session_id] = r.category;
  for (const r of rows) {
    const to = parseDetail(r.detail).to;
    if (typeof to === "string") out[r.session_id] = to;
  }
  return out;
}

function insertRollups(store: Store, rows: readonly RollupRow[]): void {
  const q = dbOf(store).query(
    `INSERT OR REPLACE INTO daily (session_id, day, kind, category, count, ms, first_at, last_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const r of rows) q.run(r.session_id, r.day, r.kind, r.category, r.count, r.ms, r.first_at, r.last_at);
}

/** A summarised range: the days starting in `[since, until)`, optionally one session. */
export interface RolledRange {
  since: number;
  until: number;
  sessionId?: string;
}

/** A session with summaries in a range, as the report plans it (`rolledSessions`). */
export interface PlannedRolled extends RolledSession {
  /** When it was created, if it is archived (a session known only from summaries begins then). */
  archived_created_at: number | null;
  /** Its first summarised day in the range, and how many days it has summaries there. */
  first_day: number;
  days: number;
}

/**
 * Per session with summaries in the range: its first and last summarised activity, its first
 * and last summarised day (`through`: that day's end) and how many days it has. One `seen` row
 * per session-day, read from the partial index `daily_seen` alone, in session order; and when
 * it was created, if it is archived.
 */
export function rolledSessions(store: Store, range: RolledRange): PlannedRolled[] {
  const one = range.sessionId !== undefined;
  return dbOf(store).query<PlannedRolled, (number | string)[]>(
    `SELECT d.*, a.created_at AS archived_created_at FROM (
       SELECT session_id, min(first_at) AS first_at, max(last_at) AS last_at, max(day) + ${DAY_MS - 1} AS through,
         min(day) AS first_day, count(*) AS days
       FROM daily INDEXED BY daily_seen WHERE kind = 'seen' AND day >= ? AND day < ? AND session_id <> ''${
      one ? " AND session_id = ?" : ""
    } GROUP BY session_id
     ) AS d LEFT JOIN session_archive AS a USING (session_id)`,
  ).all(...[range.since, range.until, ...(one ? [range.sessionId ?? ""] : [])]);
}

/**
 * The listed sessions' summaries over the range (from `rolledSessions`): their marks counted
 * per category and their state bands, one primary-key range of `daily` per session, the
 * sessions of one call in two statements.
 */
export function rollupsOf(store: Store, seen: readonly RolledSession[], range: RolledRange): RollupSessionTotal[] {
  const ids = JSON.stringify(seen.map((t) => t.session_id));
  // One row per session, its categories and counts as words ("deny 3 limit 1 deny 2"): a
  // row object per mark row cost more than reading it (a year's 183,110: 384 ms, 213 ms so;
  // the state rows' six fields as words cost more again than as objects).
  const marks = new Map(
    dbOf(store).query<{ session_id: string; c: string }, [string, number, number]>(
      `SELECT session_id, group_concat(category || ' ' || count, ' ') AS c FROM daily
       WHERE session_id IN (SELECT value FROM json_each(?)) AND day >= ? AND day < ? AND kind = 'mark'
       GROUP BY session_id`,
    ).all(ids, range.since, range.until).map((r) => [r.session_id, r.c]),
  );
  const states = groupBySession(
    dbOf(store).query<RolledState & { session_id: string }, [string, number, number]>(
      `SELECT session_id, day, category AS state, ms, first_at, last_at FROM daily
       WHERE session_id IN (SELECT value FROM json_each(?)) AND day >= ? AND day < ? AND kind = 'state'`,
    ).all(ids, range.since, range.until),
  );
  return seen.map((t) => rollupTotal(t, marks.get(t.session_id), states.get(t.session_id) ?? []));
}

/**
 * One session's summaries as the report adds them: `marks` its categories and counts as words
 * ("deny 3 limit 1 deny 2", summed here), `states` its `state` rows in `daily`'s key order.
 */
export function rollupTotal(
  t: RolledSession,
  marks: string | undefined,
  states: readonly RolledState[],
): RollupSessionTotal {
  const counts: Partial<Record<Category, number>> = {};
  const words = marks?.split(" ") ?? [];
  for (let i = 0; i + 1 < words.length; i += 2) {
    const c = words[i];
    if (isCategory(c)) counts[c] = (counts[c] ?? 0) + Number(words[i + 1]);
  }
  return { ...t, counts, spans: rolledSpans(states) };
}

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(CATEGORIES);
const isCategory = (c: string): c is Category => KNOWN_CATEGORIES.has(c);
