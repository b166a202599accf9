/**
 * The `daily` table: per-session per-day summaries written before a day's audit detail is
 * dropped, and the horizon they cover (settings key `ROLLED_KEY`: every day before it is
 * summarised). A day is summarised and the horizon moved in one transaction, so a gc killed
 * anywhere never summarises a day twice nor leaves one half summarised.
 */
import { DAY_MS, dayOf, rollupDay, type RollupRow } from "../../core/retention.ts";
import type { ReportEventRow } from "../../core/report/model.ts";
import { CATEGORIES, type Category, parseDetail } from "../../core/report/marks.ts";
import { rolledSpans, type RolledState, type RollupSessionTotal } from "../../core/report/rollups.ts";
import { dbOf, type Store } from "../store.ts";
import { inBatches } from "./batches.ts";

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
export function rollUpTo(store: Store, before: number): number {
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
  });
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

/**
 * Each session's summaries of the days starting in `[since, until)`, summed in SQL into one
 * row per session (the mark categories pivoted into columns), with its last summarised day.
 */
export function rollupSessionTotals(
  store: Store,
  range: { since: number; until: number; sessionId?: string },
): RollupSessionTotal[] {
  const one = range.sessionId !== undefined;
  const sums = CATEGORIES.map((c) =>
    `sum(CASE WHEN kind = 'mark' AND category = '${c}' THEN count ELSE 0 END) AS "${c}"`
  );
  const rows = dbOf(store).query<Record<string, number | string>, (number | string)[]>(
    `SELECT session_id, min(first_at) AS first_at, max(last_at) AS last_at, max(day) AS day, ${sums.join(", ")}
     FROM daily WHERE day >= ? AND day < ? AND kind IN ('mark', 'seen') AND session_id <> ''${
      one ? " AND session_id = ?" : ""
    } GROUP BY session_id`,
  ).all(...[range.since, range.until, ...(one ? [range.sessionId ?? ""] : [])]);
  const states = new Map<string, RolledState[]>();
  const q = dbOf(store).query<RolledState & { session_id: string }, (number | string)[]>(
    `SELECT session_id, day, category AS state, ms, first_at, last_at FROM daily
     WHERE day >= ? AND day < ? AND kind = 'state' AND session_id <> ''${one ? " AND session_id = ?" : ""}`,
  );
  for (const r of q.iterate(...[range.since, range.until, ...(one ? [range.sessionId ?? ""] : [])])) {
    const list = states.get(r.session_id) ?? [];
    list.push(r);
    states.set(r.session_id, list);
  }
  return rows.map((r) => {
    const counts: Partial<Record<Category, number>> = {};
    for (const c of CATEGORIES) if (Number(r[c]) > 0) counts[c] = Number(r[c]);
    return {
      session_id: String(r.session_id),
      first_at: Number(r.first_at),
      last_at: Number(r.last_at),
      counts,
      through: Number(r.day) + DAY_MS - 1,
      spans: rolledSpans(states.get(String(r.session_id)) ?? []),
    };
  });
}
