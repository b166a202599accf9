/**
 * Follows the events table for live updates. Hooks write from other processes, so nothing
 * in this process hears about them: one shared poller reads `max(id)` (an index lookup) every
 * `pollMs` while anyone listens, and hands new rows to every subscriber.
 */
import type { EventRow, Store } from "../edge/store.ts";
import { eventsAfter, maxEventId } from "../edge/store/event-pages.ts";

export type Listener = (rows: EventRow[]) => void;

export interface Tail {
  /** Start receiving rows with ids above `after`; returns the unsubscribe function. */
  subscribe(after: number, fn: Listener): () => void;
  /** The newest id now. */
  head(): number;
}

/** At most this many rows per push; a listener that falls further behind catches up next poll. */
const PUSH_LIMIT = 500;

/**
 * A tail over the store serve holds now (`store()`), polling only while it has subscribers. When
 * the store was recreated (a recovery in another process), its ids start again: a cursor of
 * the old one follows the new store from its start.
 */
export function createTail(store: () => Store, opts: { pollMs?: number } = {}): Tail {
  const pollMs = opts.pollMs ?? 500;
  const subs = new Map<Listener, { after: number; store: Store | null }>();
  const current = (): Store | null => {
    try {
      return store();
    } catch {
      return null; // cannot open it now: the next poll finds out
    }
  };
  let timer: ReturnType<typeof setInterval> | null = null;

  const poll = () => {
    let head: number, now: Store;
    try {
      now = store();
      head = maxEventId(now);
    } catch {
      return; // a busy or briefly locked database: try again next tick
    }
    for (const [fn, cursor] of subs) {
      if (cursor.store !== now) (cursor.after = 0, cursor.store = now);
      if (head <= cursor.after) continue;
      const rows = eventsAfter(now, cursor.after, PUSH_LIMIT);
      if (rows.length === 0) continue;
      cursor.after = rows[rows.length - 1].id;
      fn(rows);
    }
  };

  return {
    head: () => maxEventId(store()),
    subscribe(after, fn) {
      subs.set(fn, { after, store: current() });
      timer ??= setInterval(poll, pollMs);
      return () => {
        subs.delete(fn);
        if (subs.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}
