/**
 * The events table counted in SQL for `/metrics`: per kind, per hook decision and rule, and
 * the few kinds the fleet alerts fold one by one, over a window of ids. A first scrape over a
 * month of a fleet's log aggregates in SQLite instead of reading every row into JavaScript.
 */
import { dbOf, type EventRow, type Store } from "../store.ts";

/** Events with `after < id <= upTo`, counted per kind. */
export function kindCounts(store: Store, after: number, upTo: number): { kind: string; n: number }[] {
  return dbOf(store).query<{ kind: string; n: number }, [number, number]>(
    "SELECT kind, count(*) AS n FROM events WHERE id > ? AND id <= ? GROUP BY kind",
  ).all(after, upTo);
}

/**
 * `hook` events in the window whose detail names a decision (a string), counted per decision
 * and rule (`""` when the rule is not a string). `instr` first: most summaries carry none.
 */
export function hookDecisionCounts(
  store: Store,
  after: number,
  upTo: number,
): { decision: string; rule: string; n: number }[] {
  return dbOf(store).query<{ decision: string; rule: string; n: number }, [number, number]>(
    `SELECT json_extract(detail, '$.decision') AS decision,
       CASE WHEN json_type(detail, '$.rule') = 'text' THEN json_extract(detail, '$.rule') ELSE '' END AS rule,
       count(*) AS n
     FROM events WHERE id > ? AND id <= ? AND kind = 'hook' AND instr(detail, '"decision"') > 0
       AND json_valid(detail) AND json_type(detail, '$.decision') = 'text'
     GROUP BY 1, 2`,
  ).all(after, upTo);
}

/** The window's events of the given kinds, in id order. */
export function eventsOfKinds(store: Store, after: number, upTo: number, kinds: readonly string[]): EventRow[] {
  return dbOf(store).query<EventRow, (string | number)[]>(
    `SELECT * FROM events WHERE id > ? AND id <= ? AND kind IN (${kinds.map(() => "?").join(", ")}) ORDER BY id`,
  ).all(after, upTo, ...kinds);
}
