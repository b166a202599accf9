/**
 * The watcher's tables in the store: its memory per session (`watch`), the sessions hooks saw
 * recently, and the one event-log read a pass needs beyond appending (Stop blocks since the
 * last pass, by event id). The log is append-only: nothing here updates an event.
 */
import { dbOf, type SessionRow, type Store } from "../store.ts";
import type { WatchRow } from "../../core/watch/observed.ts";
export type { WatchRow };

const COLS: (keyof WatchRow)[] = [
  "session_id",
  "pid",
  "proc_start",
  "started_at",
  "cwd",
  "transcript_path",
  "name",
  "pane",
  "size",
  "mtime",
  "last_growth_at",
  "alive_at",
  "memo",
  "seen_at",
  "checked_at",
];

/** Watch rows of sessions seen since `since`, by session id. */
export function loadWatchRows(store: Store, since: number): Map<string, WatchRow> {
  const rows = dbOf(store).query<WatchRow, [number]>("SELECT * FROM watch WHERE seen_at >= ?").all(since);
  return new Map(rows.map((r) => [r.session_id, r]));
}

/** Insert or replace watch rows (call inside a transaction). */
export function saveWatchRows(store: Store, rows: readonly WatchRow[]): void {
  if (rows.length === 0) return;
  const q = dbOf(store).query(
    `INSERT INTO watch (${COLS.join(",")}) VALUES (${COLS.map(() => "?").join(",")})
     ON CONFLICT(session_id) DO UPDATE SET ${COLS.slice(1).map((c) => `${c}=excluded.${c}`).join(",")}`,
  );
  for (const r of rows) q.run(...COLS.map((c) => r[c]));
}

/** Drop watch rows not seen since `before`. */
export function pruneWatchRows(store: Store, before: number): number {
  return dbOf(store).query("DELETE FROM watch WHERE seen_at < ?").run(before).changes;
}

/** Session rows hooks (or the watcher) touched since `since`. */
export function recentSessionRows(store: Store, since: number): SessionRow[] {
  return dbOf(store).query<SessionRow, [number]>("SELECT * FROM sessions WHERE updated_at >= ?").all(since);
}

/** Stop gate blocks recorded after `since` (exclusive) up to `until`, oldest first. */
export function stopBlocksBetween(
  store: Store,
  since: number,
  until: number,
): { session_id: string; at: number }[] {
  return dbOf(store).query<{ session_id: string; at: number }, [number, number]>(
    `SELECT session_id, at FROM events WHERE kind = 'stop_gate' AND at > ? AND at <= ?
       AND session_id IS NOT NULL AND json_extract(detail, '$.decision') = 'block' ORDER BY at, id`,
  ).all(since, until);
}

/**
 * Stop gate blocks committed since the watch's last read: the blocks among events with an id
 * above `afterId` and stamped no later than `until` (oldest first), and the id to read after
 * next time. By id, not by time: a hook stamps its record when it starts and commits later, so
 * a block stamped before a pass's clock can become visible only after that pass read the log
 * (a loaded machine), and a time window would skip it forever. Ids follow commit order (one
 * writer at a time), so every row committed later has a larger id than any this read saw; a
 * block stamped after `until` waits, with everything after it, for a later pass.
 */
export function stopBlocksSince(
  store: Store,
  afterId: number,
  until: number,
): { blocks: { session_id: string; at: number }[]; nextId: number } {
  const db = dbOf(store);
  const head = db.query<{ id: number | null }, []>("SELECT MAX(id) AS id FROM events").get()?.id ?? afterId;
  const rows = db.query<{ id: number; session_id: string; at: number }, [number, number]>(
    `SELECT id, session_id, at FROM events WHERE id > ? AND id <= ? AND kind = 'stop_gate'
       AND session_id IS NOT NULL AND json_extract(detail, '$.decision') = 'block' ORDER BY id`,
  ).all(afterId, head);
  const late = rows.findIndex((r) => r.at > until);
  const taken = late === -1 ? rows : rows.slice(0, late);
  return {
    blocks: taken.map((r) => ({ session_id: r.session_id, at: r.at })),
    nextId: late === -1 ? Math.max(afterId, head) : rows[late].id - 1,
  };
}

/** The newest event id (0 for an empty log). */
export function lastEventId(store: Store): number {
  return dbOf(store).query<{ id: number | null }, []>("SELECT MAX(id) AS id FROM events").get()?.id ?? 0;
}
