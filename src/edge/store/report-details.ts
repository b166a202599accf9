/**
 * Events whose `detail` is known to be a JSON object's text, so `report --json` writes it as
 * stored without checking it again. `--json` promises a `detail` object for every event
 * (product.md 9a); a row that is not one (hand-edited, adopted from an old schema) reads as
 * `{}`. Checking that on every row of every report cost a month's `--json` about a third of a
 * second of its one-second budget on the year bench; gc checks each row once instead, and
 * records the id up to which every row passed (`DETAILS_CHECKED_KEY`).
 *
 * What keeps the mark true: vigil appends events with growing ids and never rewrites a detail;
 * a trigger made with the first mark forgets the mark when any row's detail is updated (the
 * next gc checks again from the start); the check stops before the first row that fails, so
 * a bad row keeps the per-row check for itself and everything after it until retention drops
 * it. Each batch checks and moves the mark inside one write transaction: no update can fall
 * between the check and the mark. Ids are not AUTOINCREMENT: once retention has emptied the
 * top of the table, new rows would take ids at or below the mark, so each check first lowers
 * the mark to the highest id left (gc runs it right after retention). Not covered: a row
 * inserted by hand with an explicit id at or below the mark, or after a hand DELETE of the
 * newest rows, before the next gc.
 */
import { dbOf, type Store } from "../store.ts";
import { type Budget, inBatches } from "./batches.ts";

/** Settings key: every event with an id up to this one has a JSON object's text as its detail. */
export const DETAILS_CHECKED_KEY = "report.details_checked";

/** Rows of ids checked per write transaction (a few tens of ms of the write lock at most). */
const IDS_PER_BATCH = 50_000;

/** The trigger that drops the mark when any stored detail changes. */
const FORGET_ON_UPDATE = `CREATE TRIGGER IF NOT EXISTS events_detail_rewritten AFTER UPDATE OF detail ON events
  BEGIN DELETE FROM settings WHERE key = '${DETAILS_CHECKED_KEY}'; END`;

/** A detail that the report may write as stored: valid JSON whose value is an object. */
export const DETAIL_IS_OBJECT = `CASE WHEN json_valid(detail) THEN json_type(detail) = 'object' ELSE 0 END`;

/** The id up to which every event's detail is known to be an object (0: none). */
export function detailsCheckedThrough(store: Store): number {
  const v = Number(store.getSetting(DETAILS_CHECKED_KEY) ?? NaN);
  return Number.isSafeInteger(v) && v > 0 ? v : 0;
}

/**
 * Check the details appended since the last check and move the mark up to the last row that
 * passed; returns the rows checked. Stops at the first that fails (the mark stays below it).
 */
export function checkDetails(store: Store, budget: Budget | null = null): number {
  const db = dbOf(store);
  store.transaction(() => db.run(FORGET_ON_UPDATE));
  let failed = false;
  return inBatches(
    store,
    () => {
      const top = db.query<{ id: number | null }, []>("SELECT max(id) AS id FROM events").get()?.id ?? 0;
      const from = Math.min(detailsCheckedThrough(store), top);
      if (from < detailsCheckedThrough(store)) store.setSetting(DETAILS_CHECKED_KEY, from > 0 ? String(from) : null);
      if (failed || top <= from) return { count: 0, more: false };
      const to = Math.min(top, from + IDS_PER_BATCH);
      const r = db.query<{ n: number; bad: number | null }, [number, number]>(
        `SELECT count(*) AS n, min(CASE WHEN ${DETAIL_IS_OBJECT} THEN NULL ELSE id END) AS bad
       FROM events WHERE id > ? AND id <= ?`,
      ).get(from, to) ?? { n: 0, bad: null };
      const through = r.bad === null ? to : r.bad - 1;
      if (through > from) store.setSetting(DETAILS_CHECKED_KEY, String(through));
      failed = r.bad !== null;
      return { count: r.n, more: !failed && to < top };
    },
    () => {},
    budget,
  );
}
