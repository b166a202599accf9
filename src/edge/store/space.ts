/**
 * Giving space back. A store made before migration 3 has auto_vacuum off and can only change
 * that with one full VACUUM (it holds the write lock throughout: gc runs it once, after the
 * first prune made the file small); from then on freed pages go back in bounded steps.
 */
import { statSync } from "node:fs";
import { BUSY_TIMEOUT_MS, dbOf, type Store } from "../store.ts";
import { type Budget, inBatches } from "./batches.ts";

/** Pages handed back per incremental step (one short write transaction each). */
const PAGES_PER_STEP = 256;

/** The database file's size with its WAL, in bytes. */
export function storeBytes(store: Store): number {
  const size = (f: string) => statSync(f, { throwIfNoEntry: false })?.size ?? 0;
  return size(store.file) + size(store.file + "-wal");
}

/** Free pages waiting to be reused or handed back. */
export function freePages(store: Store): number {
  return dbOf(store).query<{ freelist_count: number }, []>("PRAGMA freelist_count").get()?.freelist_count ?? 0;
}

/**
 * Hand free pages back to the file system; returns whether this run converted the file to
 * incremental auto_vacuum (a full VACUUM). Without `convert`, a file not yet converted keeps
 * its free pages for SQLite to reuse: the watch never holds the write lock for a whole VACUUM.
 */
export function giveSpaceBack(store: Store, opts: { convert: boolean; budget?: Budget | null }): boolean {
  const mode = dbOf(store).query<{ auto_vacuum: number }, []>("PRAGMA auto_vacuum").get()?.auto_vacuum ?? 0;
  let converted = false;
  if (mode !== 2) {
    if (!opts.convert) return false;
    dbOf(store).run("PRAGMA auto_vacuum = INCREMENTAL");
    dbOf(store).run("VACUUM");
    converted = true;
  } else {
    inBatches(
      store,
      () => {
        const before = freePages(store);
        dbOf(store).run(`PRAGMA incremental_vacuum(${PAGES_PER_STEP})`);
        const left = freePages(store);
        return { count: before - left, more: left > 0 && left < before };
      },
      undefined,
      opts.budget ?? null,
    );
  }
  checkpoint(store);
  return converted;
}

/**
 * Write the WAL back and truncate it, so the file shrinks on disk. A TRUNCATE checkpoint
 * blocks new writers while it waits for readers: it is tried without waiting, and when
 * someone is busy a PASSIVE one (never blocks) writes back what it can.
 */
function checkpoint(store: Store): void {
  dbOf(store).run("PRAGMA busy_timeout = 0");
  try {
    const r = dbOf(store).query<{ busy: number }, []>("PRAGMA wal_checkpoint(TRUNCATE)").get();
    if (r?.busy) dbOf(store).run("PRAGMA wal_checkpoint(PASSIVE)");
  } finally {
    dbOf(store).run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}
