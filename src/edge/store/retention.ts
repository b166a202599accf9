/**
 * Dropping what is past retention, in bounded batches: each batch is its own short
 * `BEGIN IMMEDIATE`, so a hook waits at most one batch for the write lock (never the whole
 * gc). Long-dead sessions are archived (`session_archive`) before their rows go.
 */
import { dbOf, type Store } from "../store.ts";
import { type Budget, inBatches } from "./batches.ts";

/** Rows per delete batch: about a millisecond of write lock on the development machine. */
export const BATCH_ROWS = 500;

/** The tables that age out by their `at` column, with the key a batch deletes by. */
const AGED = { events: "id", samples: "rowid" } as const;
export type AgedTable = keyof typeof AGED;

/** How many rows of `table` are older than `before`. */
export function countBefore(store: Store, table: AgedTable, before: number): number {
  return dbOf(store).query<{ n: number }, [number]>(`SELECT count(*) AS n FROM ${table} WHERE at < ?`).get(before)?.n ??
    0;
}

/** Delete rows of `table` older than `before`, `batch` per transaction; returns how many went. */
export function deleteBefore(
  store: Store,
  table: AgedTable,
  before: number,
  budget: Budget | null = null,
  batch = BATCH_ROWS,
): number {
  const key = AGED[table];
  const q = dbOf(store).query(
    `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE at < ? ORDER BY at LIMIT ?)`,
  );
  return inBatches(
    store,
    () => {
      const count = q.run(before, batch).changes;
      return { count, more: count === batch };
    },
    undefined,
    budget,
  );
}

/** A dead session whose row is due to go. */
export interface DeadSession {
  session_id: string;
  transcript_path: string | null;
}

/** Sessions dead and untouched since `before`. */
export function deadSessionsBefore(store: Store, before: number): DeadSession[] {
  return dbOf(store).query<DeadSession, [number]>(
    "SELECT session_id, transcript_path FROM sessions WHERE state = 'dead' AND updated_at < ? ORDER BY updated_at",
  ).all(before);
}

/**
 * Archive and delete the given dead sessions (their `sessions` and `watch` rows), in batches;
 * a session that came back to life meanwhile is kept. Returns how many went.
 */
export function archiveSessions(
  store: Store,
  ids: readonly string[],
  now: number,
  budget: Budget | null = null,
  batch = BATCH_ROWS,
): number {
  const archive = dbOf(store).query(
    `INSERT OR REPLACE INTO session_archive
       (session_id, state, role, agent_type, cwd, transcript_path, created_at, updated_at, archived_at)
     SELECT session_id, state, role, agent_type, cwd, transcript_path, created_at, updated_at, ?
     FROM sessions WHERE session_id = ? AND state = 'dead'`,
  );
  const drop = dbOf(store).query("DELETE FROM sessions WHERE session_id = ? AND state = 'dead'");
  const dropWatch = dbOf(store).query("DELETE FROM watch WHERE session_id = ?");
  let i = 0;
  return inBatches(
    store,
    () => {
      let count = 0;
      for (const id of ids.slice(i, i + batch)) {
        if (archive.run(now, id).changes === 0) continue;
        drop.run(id);
        dropWatch.run(id);
        count++;
      }
      i += batch;
      return { count, more: i < ids.length };
    },
    undefined,
    budget,
  );
}

/** An archived session (for reports and recall after its row was pruned). */
export interface ArchivedSession {
  session_id: string;
  state: string;
  role: string | null;
  agent_type: string | null;
  cwd: string | null;
  transcript_path: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * Archived sessions whose id starts with `prefix` (a full id included). A store opened
 * read-only before migration 3 has no archive: none.
 */
export function archivedByPrefix(store: Store, prefix: string): ArchivedSession[] {
  const has = dbOf(store).query<{ n: number }, []>(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'session_archive'",
  ).get()?.n;
  if (!has) return [];
  return dbOf(store).query<ArchivedSession, [string, string]>(
    `SELECT session_id, state, role, agent_type, cwd, transcript_path, created_at, updated_at
     FROM session_archive WHERE session_id >= ? AND session_id < ? ORDER BY session_id`,
  ).all(prefix, prefix + "\u{10FFFF}");
}

/** Archived sessions whose id is in `ids` (one statement: the ids go in as a JSON array). */
export function archivedSessions(store: Store, ids: readonly string[]): ArchivedSession[] {
  if (ids.length === 0) return [];
  return dbOf(store).query<ArchivedSession, [string]>(
    `SELECT session_id, state, role, agent_type, cwd, transcript_path, created_at, updated_at
     FROM session_archive WHERE session_id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids));
}
