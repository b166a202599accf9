/**
 * A test's own connection to a store's file. The store's handle is private (issue 13: the
 * store is a port), so a test that must set up or inspect rows no store method writes or
 * reads for a real reason opens the same file itself, as another process would.
 */
import { Database } from "bun:sqlite";

/** Run `fn` on a fresh connection to `file` (WAL: it sees what the store committed), then close it. */
export function withRawDb<T>(file: string, fn: (db: Database) => T): T {
  const db = new Database(file, { strict: true });
  try {
    return fn(db);
  } finally {
    db.close(false);
  }
}
