/**
 * The report's own indexes. A store is made with them (empty, they cost nothing; store.ts);
 * one made by an earlier version gets them from gc at the end of a complete run (the watch's
 * daily one included: the store then holds a retention period's detail, 0.7 s on the bench's
 * fleet), and only failing both, from the first report. Never from a hook's open of an
 * existing store: on a busy fleet's store the build takes seconds (5.2 s on the 10M-event bench
 * store) and a hook runs inside a 10 s timeout while every other hook waits on the write lock
 * and fails open; a hook killed mid-build would roll it back for the next to retry.
 *
 * What they are for: the report's marks, one session at a time (report-reads.ts). Only the
 * rows that can mark something (every kind but plain \`hook\` summaries, which carry no
 * decision: nine in ten of a busy log) and, covering, everything the report reads of them, so
 * a session's marks are one index range instead of a table lookup per event. The predicate
 * names no decision: which ones mark is the report's business, read from the rows. And the
 * summarised days' activity per session, one \`seen\` row a session-day, without reading the
 * day's other summary rows (a year's report orders its sessions by it). The queries name them
 * (\`INDEXED BY\`), so a predicate that drifts from an index's fails instead of scanning.
 */
import { dbOf, type Store } from "../store.ts";
import { REPORT_INDEXES } from "../store-schema.ts";

const NAMES = ["events_marking", "daily_seen"] as const;

/** Build the report's indexes when missing (one catalog read when they exist). */
export function ensureReportIndexes(store: Store): void {
  const db = dbOf(store);
  const have = db.query<{ n: number }, []>(
    `SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name IN (${
      NAMES.map((n) => `'${n}'`).join(",")
    })`,
  ).get()?.n ?? 0;
  if (have === NAMES.length) return;
  store.transaction(() => db.run(REPORT_INDEXES));
}

/** Whether the report's indexes exist (for tests and doctor-like checks). */
export function hasReportIndexes(store: Store): boolean {
  const db = dbOf(store);
  const rows = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index'").all();
  return NAMES.every((n) => rows.some((r) => r.name === n));
}
