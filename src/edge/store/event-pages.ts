/**
 * Reads of the events table that the resident server needs and `Store` does not offer: the
 * newest id (polled for live updates, so it must stay an index lookup), rows after an id, and
 * the newest N. Read-only; hooks in other processes keep writing meanwhile (WAL).
 */
import { dbOf, type EventRow, type Store } from "../store.ts";

/** The largest event id so far (0 when the table is empty). */
export function maxEventId(store: Store): number {
  return dbOf(store).query<{ id: number | null }, []>("SELECT max(id) AS id FROM events").get()?.id ?? 0;
}

/** Events with `id > after`, oldest first, at most `limit`. */
export function eventsAfter(store: Store, after: number, limit: number): EventRow[] {
  return dbOf(store).query<EventRow, [number, number]>("SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?")
    .all(after, limit);
}

export interface EventQuery {
  /** Events at or after this time (ms). */
  since?: number;
  /** Events with an id above this one (a cursor for pollers). */
  after?: number;
  sessionId?: string;
  limit: number;
}

/**
 * Events for the API: with `since` or `after`, the first `limit` from there on, read from a
 * cursor one row at a time so a page streams at constant memory (with `after`, in id order:
 * the id is the keyset cursor); otherwise the newest `limit`, bounded by it. Oldest first.
 */
export function iterateEvents(store: Store, q: EventQuery): IterableIterator<EventRow> {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (q.since !== undefined) (where.push("at >= ?"), args.push(q.since));
  if (q.after !== undefined) (where.push("id > ?"), args.push(q.after));
  if (q.sessionId) (where.push("session_id = ?"), args.push(q.sessionId));
  const cond = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const forward = q.since !== undefined || q.after !== undefined;
  const order = q.since !== undefined && q.after === undefined ? "at, id" : "id";
  const sql = `SELECT * FROM events ${cond} ORDER BY ${forward ? order : "id DESC"} LIMIT ?`;
  const query = dbOf(store).query<EventRow, (string | number)[]>(sql);
  return forward ? query.iterate(...args, q.limit) : query.all(...args, q.limit).reverse().values();
}
