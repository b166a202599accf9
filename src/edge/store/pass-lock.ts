/**
 * The lease that keeps overlapping `vigil watch` passes apart (a cron line every 5 minutes, a
 * slow pass, an `--every` loop beside a timer), so a death is never reported twice. It is a
 * row in the store's `watch_lock` table, taken inside `BEGIN IMMEDIATE`: SQLite serialises
 * the writers, so two processes can never both hold it, on any OS the store runs on. A holder
 * that crashed is taken over as soon as its process (pid and start) is gone, or when its
 * lease runs out; the holder's own start identifier makes a reused pid no holder.
 */
import { probe } from "../proc.ts";
import { dbOf, type Store } from "../store.ts";

/** Who holds the lock: a process, by pid and start identifier. */
export interface LockHolder {
  pid: number;
  start: string | null;
}

export type LockResult =
  | { ok: true }
  | { ok: false; holder: LockHolder & { acquiredAt: number; expiresAt: number } };

export interface LockOptions {
  /** Real time (ms): the lease is about elapsed time, not a pinned test clock. */
  now: number;
  /** How long the lease lasts without renewal (default 15 min: a pass with slow webhooks fits). */
  leaseMs?: number;
  /** Whether a holder's process still runs; default: probe the pid and compare its start. */
  isAlive?: (h: LockHolder) => boolean;
}

const NAME = "watch";
/** The lease of the watch's gc slices: one at a time, never the pass's own. */
export const GC_LEASE = "gc";
export const DEFAULT_LEASE_MS = 15 * 60_000;

interface LockRow {
  holder_pid: number;
  holder_start: string | null;
  acquired_at: number;
  expires_at: number;
}

/** This process as a lock holder. */
export function selfHolder(): LockHolder {
  return { pid: process.pid, start: probe(process.pid)?.procStart ?? null };
}

function processAlive(h: LockHolder): boolean {
  const p = probe(h.pid);
  // A platform with no probe cannot tell: keep the lock until its lease runs out.
  if (p === null) return true;
  return p.alive && (h.start === null || p.procStart === null || p.procStart === h.start);
}

const same = (row: LockRow, me: LockHolder) => row.holder_pid === me.pid && row.holder_start === me.start;

/** Take (or renew) the watch lock; fails with the current holder when another live pass has it. */
export function acquireWatchLock(store: Store, me: LockHolder, opts: LockOptions): LockResult {
  return acquireLease(store, NAME, me, opts);
}

/** Give the watch lock back. */
export function releaseWatchLock(store: Store, me: LockHolder): void {
  releaseLease(store, NAME, me);
}

/** Take (or renew) a named lease (`watch`, `gc`); fails with the current holder when another live process has it. */
export function acquireLease(store: Store, name: string, me: LockHolder, opts: LockOptions): LockResult {
  const lease = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const isAlive = opts.isAlive ?? processAlive;
  return store.transaction((): LockResult => {
    const row = dbOf(store).query<LockRow, [string]>(
      "SELECT holder_pid, holder_start, acquired_at, expires_at FROM watch_lock WHERE name = ?",
    ).get(name);
    if (
      row && !same(row, me) && row.expires_at > opts.now && isAlive({ pid: row.holder_pid, start: row.holder_start })
    ) {
      return {
        ok: false,
        holder: {
          pid: row.holder_pid,
          start: row.holder_start,
          acquiredAt: row.acquired_at,
          expiresAt: row.expires_at,
        },
      };
    }
    dbOf(store).query(
      `INSERT INTO watch_lock (name, holder_pid, holder_start, acquired_at, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET holder_pid = excluded.holder_pid, holder_start = excluded.holder_start,
         acquired_at = excluded.acquired_at, expires_at = excluded.expires_at`,
    ).run(name, me.pid, me.start, opts.now, opts.now + lease);
    return { ok: true };
  });
}

/** Give a lease back; one another process took over in the meantime is left alone. */
export function releaseLease(store: Store, name: string, me: LockHolder): void {
  store.transaction(() => {
    dbOf(store).query("DELETE FROM watch_lock WHERE name = ? AND holder_pid = ? AND holder_start IS ?").run(
      name,
      me.pid,
      me.start,
    );
  });
}
