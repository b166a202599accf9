/**
 * The report's own indexes, built by the commands that read reports (\`vigil report\`, \`serve\`'s
 * report routes, \`vigil gc\`), never by a hook: on a store of a busy fleet the build takes
 * seconds (5.2 s on the 10M-event bench store), and a hook that opens a store and finds a
 * migration to run would run it inside its 10 s timeout while every other hook waits on the
 * write lock and fails open; a hook killed mid-build would roll it back for the next to retry.
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

const NAMES = ["events_marking", "daily_seen"] as const;

const BUILD = `CREATE INDEX IF NOT EXISTS events_marking ON events(session_id, at, id, kind, detail)
     WHERE kind <> 'hook' OR instr(detail, '"decision"') > 0;
   CREATE INDEX IF NOT EXISTS daily_seen ON daily(session_id, day, first_at, last_at) WHERE kind = 'seen';`;

/** Build the report's indexes when missing (one catalog read when they exist). */
export function ensureReportIndexes(store: Store): void {
  const db = dbOf(store);
  const have = db.query<{ n: number }, []>(
    `SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name IN (${
      NAMES.map((n) => `'${n}'`).join(",")
    })`,
  ).get()?.n ?? 0;
  if (have === NAMES.length) return;
  store.transaction(() => db.run(BUILD));
}

/** Whether the report's indexes exist (for tests and doctor-like checks). */
export function hasReportIndexes(store: Store): boolean {
  const db = dbOf(store);
  const rows = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index'").all();
  return NAMES.every((n) => rows.some((r) => r.name === n));
}
