/**
 * Whole-session totals of the summaries in `daily`, written by gc, so a report over a long range
 * reads one row per summarised session instead of its summary rows. A year's report of the
 * bench's fleet lists 45,789 sessions known only from summaries; their marks, state rows and
 * archived rows, three statements per batch of 64, were the largest part of its time (~0.6 s
 * of ~3.7 s CPU in one process at load ~12).
 *
 * A row holds what the report adds for a session (rollups.ts `rollupsOf`) over every day it has
 * summaries: its marks counted per category, as words, and its `state` rows, in `daily`'s key
 * order. The report uses it only when the session's summarised days in the report's range are
 * the very days it was written from: the same first and last day and as many of them (days are
 * only ever appended, one day a gc step, so a range that starts after the session's first day,
 * or a day summarised after the row was written, shows as a difference and the session is read
 * day by day as before). gc writes the rows of sessions whose days changed after it summarises.
 */
import type { RolledState } from "../../core/report/rollups.ts";
import type { ReportSessionRow } from "../../core/report/model.ts";
import { DAY_MS } from "../../core/retention.ts";
import { dbOf, type Store } from "../store.ts";
import { type Budget, inBatches } from "./batches.ts";
import type { PlannedRolled } from "./rollups.ts";

/** The table; made by the first gc that writes it (a report on a store without it reads day by day). */
const CREATE = `CREATE TABLE IF NOT EXISTS daily_totals (
     session_id TEXT PRIMARY KEY,
     first_day INTEGER NOT NULL,
     last_day INTEGER NOT NULL,
     days INTEGER NOT NULL,
     marks TEXT NOT NULL,
     states TEXT NOT NULL
   ) STRICT, WITHOUT ROWID`;

/** Sessions written per write transaction. */
const SESSIONS_PER_BATCH = 2_000;

/** One session's totals as stored: `states` is a JSON array of `[day, state, ms, first_at, last_at]`. */
interface TotalsRow {
  session_id: string;
  first_day: number;
  last_day: number;
  days: number;
  marks: string;
  states: string;
}

/** Whether the store has the table (a store gc never wrote them to has not). */
export function hasTotals(store: Store): boolean {
  return (dbOf(store).query<{ n: number }, []>(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'daily_totals'",
  ).get()?.n ?? 0) > 0;
}

/**
 * Write the totals of every session whose summarised days differ from its row (or that has
 * none), a batch of sessions per write transaction; returns the sessions written.
 */
export function writeTotals(store: Store, budget: Budget | null = null): number {
  const db = dbOf(store);
  store.transaction(() => db.run(CREATE));
  const due = db.query<{ session_id: string }, []>(
    `SELECT d.session_id FROM (
       SELECT session_id, max(day) AS last_day, count(*) AS days FROM daily INDEXED BY daily_seen
       WHERE kind = 'seen' AND session_id <> '' GROUP BY session_id
     ) AS d LEFT JOIN daily_totals AS t USING (session_id)
     WHERE t.session_id IS NULL OR t.last_day <> d.last_day OR t.days <> d.days`,
  ).all().map((r) => r.session_id);
  let next = 0;
  let rows: TotalsRow[] = [];
  return inBatches(
    store,
    () => {
      const put = db.query(
        `INSERT OR REPLACE INTO daily_totals (session_id, first_day, last_day, days, marks, states)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      for (const r of rows) put.run(r.session_id, r.first_day, r.last_day, r.days, r.marks, r.states);
      return { count: rows.length, more: next < due.length };
    },
    () => {
      // Read outside the write lock: a day summarised meanwhile makes these rows differ from
      // the session's days, so the report reads it day by day until the next gc rewrites them.
      rows = totalsOf(store, due.slice(next, next + SESSIONS_PER_BATCH));
      next += SESSIONS_PER_BATCH;
    },
    budget,
  );
}

/** The listed sessions' totals over all their summarised days, computed from `daily`. */
function totalsOf(store: Store, ids: readonly string[]): TotalsRow[] {
  const db = dbOf(store);
  const json = JSON.stringify(ids);
  const seen = db.query<{ session_id: string; first_day: number; last_day: number; days: number }, [string]>(
    `SELECT session_id, min(day) AS first_day, max(day) AS last_day, count(*) AS days
     FROM daily INDEXED BY daily_seen WHERE session_id IN (SELECT value FROM json_each(?)) AND kind = 'seen'
     GROUP BY session_id`,
  ).all(json);
  const marks = new Map(
    db.query<{ session_id: string; c: string }, [string]>(
      `SELECT session_id, group_concat(category || ' ' || n, ' ') AS c FROM (
         SELECT session_id, category, sum(count) AS n FROM daily
         WHERE session_id IN (SELECT value FROM json_each(?)) AND kind = 'mark' GROUP BY session_id, category
       ) GROUP BY session_id`,
    ).all(json).map((r) => [r.session_id, r.c]),
  );
  const states = new Map<string, [number, string, number, number, number][]>();
  for (
    const r of db.query<{ session_id: string } & RolledState, [string]>(
      `SELECT session_id, day, category AS state, ms, first_at, last_at FROM daily
       WHERE session_id IN (SELECT value FROM json_each(?)) AND kind = 'state' ORDER BY session_id, day, category`,
    ).all(json)
  ) {
    const list = states.get(r.session_id) ?? [];
    list.push([r.day, r.state, r.ms, r.first_at, r.last_at]);
    states.set(r.session_id, list);
  }
  return seen.map((s) => ({
    ...s,
    marks: marks.get(s.session_id) ?? "",
    states: JSON.stringify(states.get(s.session_id) ?? []),
  }));
}

/** What a batch reads of its summarised sessions: their totals when they hold, their archived rows. */
export interface BatchTotals {
  /** Marks as words and state rows, for the sessions whose totals match their days in the range. */
  totals: Map<string, { marks: string; states: RolledState[] }>;
  /** Archived session rows (pruned by gc), as the report reads a session row. */
  archived: Map<string, ReportSessionRow>;
}

/**
 * The listed sessions' totals (where they match the days the range holds: `PlannedRolled`'s
 * first and last day and count) and archived rows, in one statement.
 */
export function batchTotals(store: Store, list: readonly PlannedRolled[]): BatchTotals {
  const rows = dbOf(store).query<
    Partial<TotalsRow> & Omit<ReportSessionRow, "session_id" | "tokens" | "window"> & { id: string; archived: number },
    [string]
  >(
    `SELECT v.value AS id, t.first_day, t.last_day, t.days, t.marks, t.states, a.session_id IS NOT NULL AS archived,
       a.state, a.role, a.agent_type, a.cwd, a.created_at, a.updated_at
     FROM json_each(?) AS v LEFT JOIN daily_totals AS t ON t.session_id = v.value
       LEFT JOIN session_archive AS a ON a.session_id = v.value`,
  ).all(JSON.stringify(list.map((t) => t.session_id)));
  const planned = new Map(list.map((t) => [t.session_id, t]));
  const out: BatchTotals = { totals: new Map(), archived: new Map() };
  for (const r of rows) {
    const t = planned.get(r.id);
    if (
      t && r.marks != null && r.states != null && r.first_day === t.first_day &&
      r.last_day === t.through - (DAY_MS - 1) && r.days === t.days
    ) {
      const states = (JSON.parse(r.states) as [number, string, number, number, number][]).map((
        [day, state, ms, first_at, last_at],
      ) => ({ day, state, ms, first_at, last_at }));
      out.totals.set(r.id, { marks: r.marks, states });
    }
    if (r.archived) {
      out.archived.set(r.id, {
        session_id: r.id,
        state: r.state,
        role: r.role,
        agent_type: r.agent_type,
        cwd: r.cwd,
        tokens: null,
        window: null,
        created_at: r.created_at,
        updated_at: r.updated_at,
      });
    }
  }
  return out;
}
